/**
 * Stage timings of the serve around a run (`UNITC_TIMINGS=1`, for benchmarks): a Code Mode answer's
 * `_meta` timings get `serve`, the time from its request's bytes arriving to the answer going back to
 * the transport, and `serve.read`, the part of it before the MCP server had the request (reading
 * and checking the JSON-RPC message). The rest of `serve` beyond the run's `total` is the MCP
 * server's request handling, the tool dispatch and the result's checks; what the client sees beyond
 * `serve` is the transport both ways and the client's own parsing.
 */
import type { Readable } from "node:stream";
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/server";
import { TIMINGS_META } from "../sessions/code-mode.js";

type Timings = Record<string, number>;

/** Whether stage timings are on. */
export function timingsOn(): boolean {
  return process.env.UNITC_TIMINGS === "1";
}

/**
 * Adds `serve` and `serve.read` to the timings of the answers `transport` sends. Call it after the
 * server connected (it set `onmessage`); `input` is the stream the transport reads.
 */
export function timeAnswers(transport: Transport, input: Readable): void {
  let arrived = 0;
  // Ahead of the transport's own listener, which hands the chunk's messages on as it reads them.
  input.prependListener("data", () => {
    arrived = performance.now();
  });
  const requests = new Map<string | number, { arrived: number; handed: number }>();
  const onmessage = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if ("method" in message && "id" in message) {
      requests.set(message.id, { arrived: arrived || performance.now(), handed: performance.now() });
    }
    onmessage?.call(transport, message, extra);
  };
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage, options) => {
    const id = "id" in message && !("method" in message) ? message.id : undefined;
    const request = id === undefined || id === null ? undefined : requests.get(id);
    if (request && id !== undefined && id !== null) {
      requests.delete(id);
      const result =
        "result" in message ? (message.result as { _meta?: Record<string, unknown> }) : undefined;
      const timings = result?._meta?.[TIMINGS_META] as Timings | undefined;
      if (timings) {
        timings.serve = performance.now() - request.arrived;
        timings["serve.read"] = request.handed - request.arrived;
      }
    }
    return send(message, options);
  };
}
