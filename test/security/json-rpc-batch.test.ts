/**
 * Attack: JSON-RPC batches on protocol versions that removed them (2025-06-18 and later). The
 * Streamable HTTP POST body must be one JSON-RPC message there; a batch gets HTTP 400 with one
 * JSON-RPC error object (-32600 Invalid Request), as the MCP conformance scenario
 * `json-rpc-batch-rejection` checks, and nothing in it runs. 2025-03-26 required batches; a session
 * on that version keeps them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAll } from "../runtime/serve/support.js";
import { initializeBody, mcpHeaders, raw, type Served, startServe } from "./serve-support.js";

let served: Served;

beforeAll(async () => {
  served = await startServe();
});
afterAll(async () => {
  await served.running.stop();
  await closeAll();
});

/** Opens a session on `version`; returns the headers later requests of the session carry. */
async function session(version: string): Promise<Record<string, string>> {
  const answer = await raw(served.url, { headers: mcpHeaders(served.host), body: initializeBody(version) });
  expect(answer.status).toBe(200);
  expect(answer.body).toContain(`"protocolVersion":"${version}"`);
  const id = answer.headers["mcp-session-id"] as string;
  const headers = mcpHeaders(served.host, { "mcp-session-id": id, "mcp-protocol-version": version });
  const initialized = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });
  expect((await raw(served.url, { headers, body: initialized })).status).toBe(202);
  return headers;
}

/** A batch that would leave a trace if it ran: a tool call besides two pings. */
const BATCH = JSON.stringify([
  { jsonrpc: "2.0", id: 901, method: "ping", params: {} },
  { jsonrpc: "2.0", id: 902, method: "ping", params: {} },
  {
    jsonrpc: "2.0",
    id: 903,
    method: "tools/call",
    params: { name: "search_tools", arguments: { query: "echo" } },
  },
]);

describe("a JSON-RPC batch in a session", () => {
  it.each(["2025-06-18", "2025-11-25"])("on %s gets 400 with one -32600 error object", async (version) => {
    const headers = await session(version);
    const answer = await raw(served.url, { headers, body: BATCH });
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.body);
    expect(Array.isArray(body)).toBe(false);
    expect(body).toEqual({
      jsonrpc: "2.0",
      error: { code: -32600, message: expect.stringContaining("batch") },
      id: null,
    });
    expect(body.error.message).toContain(version);
    // The session still works for single messages.
    const ping = await raw(served.url, {
      headers,
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "ping" }),
    });
    expect(ping.status).toBe(200);
    expect(ping.body).toContain('"id":7');
  });

  it("on 2025-03-26, which required batches, is answered", async () => {
    const headers = await session("2025-03-26");
    const answer = await raw(served.url, { headers, body: BATCH });
    expect(answer.status).toBe(200);
    for (const id of [901, 902, 903]) expect(answer.body).toContain(`"id":${id}`);
  });
});

describe("a JSON-RPC batch without a session", () => {
  it("holding an initialize gets 400 and opens no session", async () => {
    const body = `[${initializeBody("2025-11-25")}]`;
    const answer = await raw(served.url, { headers: mcpHeaders(served.host), body });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ jsonrpc: "2.0", error: { code: -32600 }, id: null });
    expect(answer.headers["mcp-session-id"]).toBeUndefined();
  });
});
