/**
 * The Streamable HTTP endpoint: bearer token (401 with WWW-Authenticate, on every method), Host and
 * Origin allowlists (403 before the body is read), X-Forwarded-Host only with trustProxy, the body
 * cap (413), sessions that never see each other's traffic, and /healthz.
 */

import type { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../../support/http-server.js";
import { raw } from "../../../support/raw-http.js";
import { directNotesProject, startNotesServer } from "../fixtures.js";
import { closeAll, compileProject, connect, serve, structured, TOKEN } from "../support.js";

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});
const JSON_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const AUTH = { authorization: `Bearer ${TOKEN}` };

let notes: TestServer;
let manifestPath: string;
let url: string;

beforeAll(async () => {
  notes = await startNotesServer();
  manifestPath = await compileProject(directNotesProject(`${notes.url}/api`));
  url = (
    await serve(
      { manifestPath, env: { PATH: process.env.PATH } },
      { maxBodyBytes: 4096, publicOrigins: ["https://units.example.com"] },
    )
  ).url;
});
afterAll(async () => {
  await closeAll();
  await notes.close();
});

describe("authentication", () => {
  it("answers 401 with WWW-Authenticate to initialize without a token", async () => {
    const answer = await raw(url, { headers: JSON_HEADERS, body: INITIALIZE });
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toBe('Bearer realm="unitc"');
    expect(JSON.parse(answer.body)).toMatchObject({ jsonrpc: "2.0", error: { code: -32001 }, id: null });
  });

  it("answers 401 invalid_token to a wrong token", async () => {
    const answer = await raw(url, {
      headers: { ...JSON_HEADERS, authorization: "Bearer nope" },
      body: INITIALIZE,
    });
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toMatch(/error="invalid_token"/);
  });

  it("never lets a session ID alone authorise, on any method", async () => {
    const client = await connect(url);
    const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId as string;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    for (const method of ["GET", "DELETE", "POST"]) {
      const answer = await raw(url, {
        method,
        headers: { ...JSON_HEADERS, "mcp-session-id": sessionId },
        body: method === "POST" ? "{}" : undefined,
      });
      expect({ method, status: answer.status }).toEqual({ method, status: 401 });
    }
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  });
});

describe("DNS rebinding protection", () => {
  it("answers 403 to a foreign Origin, before reading the body", async () => {
    const answer = await raw(url, {
      headers: { ...JSON_HEADERS, ...AUTH, origin: "https://evil.example", "content-length": "999999999" },
      body: "",
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('origin \\"https://evil.example\\" is not allowed');
  });

  it("answers 403 to a foreign Host", async () => {
    const answer = await raw(url, {
      headers: { ...JSON_HEADERS, ...AUTH, host: "evil.example" },
      body: INITIALIZE,
    });
    expect(answer.status).toBe(403);
  });

  it("accepts loopback and the configured public origin", async () => {
    const allowed: Record<string, string>[] = [
      { origin: "http://localhost:3000" },
      { origin: "https://units.example.com", host: "units.example.com" },
    ];
    for (const headers of allowed) {
      const answer = await raw(url, { headers: { ...JSON_HEADERS, ...AUTH, ...headers }, body: INITIALIZE });
      expect(answer.status).toBe(200);
    }
  });

  it("ignores X-Forwarded-Host unless trustProxy is set", async () => {
    const forwarded = { ...JSON_HEADERS, ...AUTH, "x-forwarded-host": "evil.example" };
    expect((await raw(url, { headers: forwarded, body: INITIALIZE })).status).toBe(200);
    const proxied = await serve(
      { manifestPath },
      { trustProxy: true, publicOrigins: ["https://units.example.com"] },
    );
    expect((await raw(proxied.url, { headers: forwarded, body: INITIALIZE })).status).toBe(403);
    const publicHost = { ...forwarded, "x-forwarded-host": "units.example.com" };
    expect((await raw(proxied.url, { headers: publicHost, body: INITIALIZE })).status).toBe(200);
  });
});

describe("requests and sessions", () => {
  it("refuses a body over the cap with 413, declared or streamed", async () => {
    const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "x".repeat(5000) } });
    const declared = await raw(url, { headers: { ...JSON_HEADERS, ...AUTH }, body: big });
    expect(declared.status).toBe(413);
    const streamed = await raw(url, {
      headers: { ...JSON_HEADERS, ...AUTH, "transfer-encoding": "chunked" },
      body: big,
    });
    expect(streamed.status).toBe(413);
  });

  it("answers 404 to an unknown session, 400 without one, 405 to other methods", async () => {
    const headers = { ...JSON_HEADERS, ...AUTH };
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
    expect((await raw(url, { headers: { ...headers, "mcp-session-id": "nope" }, body: ping })).status).toBe(
      404,
    );
    expect((await raw(url, { headers, body: ping })).status).toBe(400);
    expect((await raw(url, { method: "GET", headers })).status).toBe(400);
    expect((await raw(url, { method: "PUT", headers, body: ping })).status).toBe(405);
  });

  it("keeps two concurrent sessions apart", async () => {
    const [a, b] = [await connect(url), await connect(url)];
    const ids = [a, b].map((c) => (c.transport as StreamableHTTPClientTransport).sessionId);
    expect(ids[0]).not.toBe(ids[1]);
    const calls = [
      a.callTool({ name: "notes__slow", arguments: { ms: 200, say: "for-a" } }),
      b.callTool({ name: "notes__slow", arguments: { ms: 20, say: "for-b" } }),
      a.callTool({ name: "notes__slow", arguments: { ms: 20, say: "for-a-2" } }),
    ];
    const results = (await Promise.all(calls)).map(structured);
    expect(results).toEqual([{ echo: "for-a" }, { echo: "for-b" }, { echo: "for-a-2" }]);
    await a.close();
    expect(
      (await b.callTool({ name: "notes__slow", arguments: { ms: 0, say: "still" } })).structuredContent,
    ).toEqual({
      echo: "still",
    });
  });

  it("binds a session to the credential that opened it", async () => {
    const open = await serve({ manifestPath }, { token: undefined });
    const first = await raw(open.url, {
      headers: { ...JSON_HEADERS, authorization: "Bearer alice-credential" },
      body: INITIALIZE,
    });
    const sessionId = first.headers["mcp-session-id"] as string;
    expect(first.status).toBe(200);
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" });
    const other = {
      ...JSON_HEADERS,
      authorization: "Bearer mallory-credential",
      "mcp-session-id": sessionId,
    };
    expect((await raw(open.url, { headers: other, body: ping })).status).toBe(404);
  });

  it("answers GET /healthz without a token", async () => {
    const health = new URL("/healthz", url).href;
    const answer = await raw(health, { method: "GET" });
    expect(answer).toMatchObject({ status: 200 });
    expect(JSON.parse(answer.body)).toEqual({ status: "ok" });
  });
});
