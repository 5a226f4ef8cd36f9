/**
 * W3C trace context passed on with no OpenTelemetry export configured: a bundle served over real
 * Streamable HTTP, clients of both MCP SDK generations sending `traceparent` / `tracestate` in
 * `_meta`, a loopback notes API recording the headers it receives and a real stdio MCP server
 * recording the `_meta` it receives. Each downstream gets the client's trace context unchanged (from
 * a direct call and from a Code Mode script), and none when the client sent none or sent a malformed
 * one.
 */
import { fileURLToPath } from "node:url";
import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as Http1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportWanted } from "../../../runtime/observe/export.js";
import { closeDefaultSandboxPool } from "../../../runtime/sandbox/workers/pool.js";
import type { TestServer } from "../../support/http-server.js";
import { clientTrace } from "../../support/trace-context.js";
import { stdioEntry } from "../invoke/mcp/support.js";
import { notesActions, startNotesServer } from "../serve/fixtures.js";
import {
  closeAll,
  compileProject,
  connect,
  projectConfig,
  serve,
  structured,
  TOKEN,
} from "../serve/support.js";

const TRACE_SERVER = fileURLToPath(new URL("../../fixtures/mcp/trace-server.mjs", import.meta.url));

let notes: TestServer;
let url: string;

beforeAll(async () => {
  notes = await startNotesServer();
  const manifestPath = await compileProject(
    projectConfig({
      httpApis: {
        notes: {
          name: "Notes",
          description: "A notes service.",
          exposure: "direct_and_code_mode",
          baseUrl: `${notes.url}/api`,
          auth: { type: "none" },
          actions: notesActions(),
        },
      },
      mcpServers: { traced: stdioEntry([TRACE_SERVER], { exposure: "direct_and_code_mode" }) },
    }),
  );
  url = (await serve({ manifestPath, env: { PATH: process.env.PATH } })).url;
});

afterAll(async () => {
  await closeAll();
  await closeDefaultSandboxPool();
  await notes?.close();
});

describe("trace context with no exporter", () => {
  it("is not exporting", () => {
    expect(exportWanted(process.env)).toBeUndefined();
  });

  it("passes a 2.x client's trace context unchanged to an HTTP and an MCP downstream", async () => {
    const client = await connect(url);
    const trace = clientTrace();
    const _meta = { traceparent: trace.traceparent, tracestate: trace.tracestate };
    await client.callTool({ name: "notes__listNotes", arguments: {}, _meta });
    expect(notes.requests.at(-1)?.headers.traceparent).toBe(trace.traceparent);
    expect(notes.requests.at(-1)?.headers.tracestate).toBe(trace.tracestate);
    const seen = await client.callTool({ name: "traced__seen", arguments: {}, _meta });
    expect(structured(seen)).toEqual({ traceparent: trace.traceparent, tracestate: trace.tracestate });
  });

  it("passes a 1.x client's trace context on from a Code Mode script's calls", async () => {
    const client = new Client1({ name: "trace-test", version: "1" });
    await client.connect(
      new Http1(new URL(url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }),
    );
    try {
      const trace = clientTrace();
      const before = notes.requests.length;
      const run = await client.callTool({
        name: "code_mode",
        arguments: { code: "await units.notes.listNotes({}); return await units.traced.seen({});" },
        _meta: { traceparent: trace.traceparent },
      });
      expect(JSON.stringify(run)).toContain(trace.traceparent);
      const sent = notes.requests.slice(before);
      expect(sent.map((request) => request.headers.traceparent)).toEqual([trace.traceparent]);
    } finally {
      await client.close();
    }
  });

  it("sends no trace context when the client sent none, or a malformed one", async () => {
    const client = await connect(url);
    for (const _meta of [undefined, { traceparent: "00-not-a-trace\r\nx-evil: 1" }]) {
      await client.callTool({ name: "notes__listNotes", arguments: {}, ...(_meta ? { _meta } : {}) });
      expect(notes.requests.at(-1)?.headers).not.toHaveProperty("traceparent");
      const seen = await client.callTool({
        name: "traced__seen",
        arguments: {},
        ...(_meta ? { _meta } : {}),
      });
      expect(structured(seen)).toEqual({ traceparent: null, tracestate: null });
    }
  });
});
