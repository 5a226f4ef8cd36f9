/**
 * The bounded fetch against a real loopback HTTP server: an SSE stream may carry any number of
 * events while each stays under the limit (CR, LF and CRLF line ends alike), one event over it cuts
 * the stream, any other body is bounded in total, and the overflow is reported before the body errors.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boundedFetch } from "../../../../runtime/invoke/mcp/bounded-fetch.js";
import { MessageTooLargeError } from "../../../../runtime/invoke/mcp/stdio-transport.js";

const LIMIT = 100;
/** Path → [content type, body]. */
const BODIES: Record<string, [string, string]> = {
  "/events-lf": ["text/event-stream", `data: ${"a".repeat(80)}\n\n`.repeat(20)],
  "/events-crlf": ["text/event-stream", `data: ${"a".repeat(80)}\r\n\r\n`.repeat(20)],
  "/events-cr": ["text/event-stream", `data: ${"a".repeat(80)}\r\r`.repeat(20)],
  "/event-over": ["text/event-stream", `data: ${"a".repeat(50)}\r\ndata: ${"b".repeat(50)}\r\n\r\n`],
  "/json-under": ["application/json", JSON.stringify({ text: "a".repeat(80) })],
  "/json-over": ["application/json", JSON.stringify({ text: "a".repeat(120) })],
};

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const [type, body] = BODIES[req.url ?? ""] ?? ["text/plain", ""];
    res.writeHead(200, { "content-type": type });
    // Written a few bytes at a time, so events cross chunk edges.
    for (let at = 0; at < body.length; at += 7) res.write(body.slice(at, at + 7));
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The body of `path` read through the bounded fetch, and the overflows it reported. */
async function read(path: string): Promise<{ text?: string; error?: unknown; overflows: unknown[] }> {
  const overflows: unknown[] = [];
  const bounded = boundedFetch(fetch, LIMIT, (error) => overflows.push(error));
  try {
    return { text: await (await bounded(`${origin}${path}`)).text(), overflows };
  } catch (error) {
    return { error, overflows };
  }
}

describe("boundedFetch", () => {
  it.each(["/events-lf", "/events-crlf", "/events-cr"])(
    "passes an SSE stream whose events each fit (%s), however long the stream",
    async (path) => {
      const { text, overflows } = await read(path);
      expect(text).toBe(BODIES[path]?.[1]);
      expect(overflows).toEqual([]);
    },
  );

  it("cuts an SSE stream at the event over the limit, reporting it first", async () => {
    const { error, overflows } = await read("/event-over");
    expect(error).toBeInstanceOf(MessageTooLargeError);
    expect(overflows).toEqual([error]);
    expect((error as MessageTooLargeError).limit).toBe(LIMIT);
  });

  it("bounds any other body in total", async () => {
    expect((await read("/json-under")).text).toBe(BODIES["/json-under"]?.[1]);
    const { error, overflows } = await read("/json-over");
    expect(error).toBeInstanceOf(MessageTooLargeError);
    expect(overflows).toHaveLength(1);
  });
});
