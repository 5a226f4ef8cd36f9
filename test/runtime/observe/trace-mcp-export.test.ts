/**
 * Trace context to an MCP downstream while an OTLP exporter is configured: a bundle served over real
 * Streamable HTTP, a 2.x client sending `traceparent` in `_meta`, a real stdio MCP server recording
 * the `_meta` it receives and a real OTLP/HTTP receiver. The downstream's `traceparent` continues the
 * exported call span (same trace ID as the client's, the call span as parent), from a direct call and
 * from a Code Mode script; the client's `tracestate` goes along.
 */
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { flushTelemetry, startTelemetry, stopTelemetry } from "../../../runtime/observe/export.js";
import { closeDefaultSandboxPool } from "../../../runtime/sandbox/workers/pool.js";
import { type OtlpReceiver, startOtlpReceiver } from "../../support/otlp-receiver.js";
import { stdioEntry } from "../invoke/mcp/support.js";
import { closeAll, compileProject, connect, projectConfig, serve, structured } from "../serve/support.js";

const TRACE_SERVER = fileURLToPath(new URL("../../fixtures/mcp/trace-server.mjs", import.meta.url));

let receiver: OtlpReceiver;
let url: string;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  vi.stubEnv("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.url);
  vi.stubEnv("OTEL_METRIC_EXPORT_INTERVAL", "600000");
  await startTelemetry();
  const manifestPath = await compileProject(
    projectConfig({
      mcpServers: { traced: stdioEntry([TRACE_SERVER], { exposure: "direct_and_code_mode" }) },
    }),
  );
  url = (await serve({ manifestPath, env: { PATH: process.env.PATH } })).url;
});

afterAll(async () => {
  await closeAll();
  await stopTelemetry();
  vi.unstubAllEnvs();
  await closeDefaultSandboxPool();
  await receiver?.close();
});

/** The exported call spans of `traceId`. */
async function callSpans(traceId: string) {
  await flushTelemetry();
  return receiver.spans().filter((span) => span.traceId === traceId && span.name === "call traced.seen");
}

describe("trace context to an MCP downstream with an exporter", () => {
  it("continues the exported call span in the downstream request's _meta", async () => {
    const client = await connect(url);
    const traceId = randomBytes(16).toString("hex");
    const _meta = {
      traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01`,
      tracestate: "team=a1",
    };
    const seen = structured(await client.callTool({ name: "traced__seen", arguments: {}, _meta })) as {
      traceparent: string;
      tracestate: string | null;
    };
    const [call] = await callSpans(traceId);
    expect(call).toBeDefined();
    expect(seen.traceparent).toBe(`00-${traceId}-${call?.spanId}-01`);
    expect(seen.tracestate).toBe("team=a1");
  });

  it("does the same for a call a Code Mode script makes", async () => {
    const client = await connect(url);
    const traceId = randomBytes(16).toString("hex");
    const run = await client.callTool({
      name: "code_mode",
      arguments: { code: "return await units.traced.seen({});" },
      _meta: { traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01` },
    });
    const [call] = await callSpans(traceId);
    expect(call).toBeDefined();
    expect(JSON.stringify(run)).toContain(`00-${traceId}-${call?.spanId}-01`);
  });
});
