/**
 * Stateless Streamable HTTP (`--stateless`): no session ID is issued or needed, so any replica can
 * answer any request; a tools/call works without initialize on the same server; GET and DELETE are
 * 405 (there is no stream); the bearer token is still required; batches are refused on current
 * protocol versions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../../support/http-server.js";
import { raw } from "../../../support/raw-http.js";
import { directNotesProject, startNotesServer } from "../fixtures.js";
import { closeAll, compileProject, connect, serve, TOKEN } from "../support.js";

const HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  "mcp-protocol-version": "2025-06-18",
  authorization: `Bearer ${TOKEN}`,
};
const message = (method: string, params: unknown = {}) =>
  JSON.stringify({ jsonrpc: "2.0", id: 7, method, params });

let notes: TestServer;
let url: string;

beforeAll(async () => {
  notes = await startNotesServer();
  const manifestPath = await compileProject(directNotesProject(`${notes.url}/api`));
  url = (await serve({ manifestPath, env: { PATH: process.env.PATH } }, { stateless: true })).url;
});
afterAll(async () => {
  await closeAll();
  await notes.close();
});

describe("stateless HTTP", () => {
  it("answers initialize without issuing a session, and tools/list with none", async () => {
    const init = await raw(url, {
      headers: HEADERS,
      body: message("initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "raw", version: "1" },
      }),
    });
    expect(init.status).toBe(200);
    expect(init.headers["mcp-session-id"]).toBeUndefined();
    const list = await raw(url, { headers: HEADERS, body: message("tools/list") });
    expect(list.status).toBe(200);
    expect(JSON.parse(list.body).result.tools.length).toBeGreaterThan(0);
  });

  it("serves a real client end to end", async () => {
    const client = await connect(url);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("search_tools");
    const found = await client.callTool({ name: "search_tools", arguments: { query: "notes" } });
    expect(found.isError).not.toBe(true);
  });

  it("refuses GET and DELETE (no stream to keep), a missing token, and a batch", async () => {
    for (const method of ["GET", "DELETE"]) {
      const answer = await raw(url, { method, headers: HEADERS });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe("POST");
    }
    const { authorization: _, ...anonymous } = HEADERS;
    expect((await raw(url, { headers: anonymous, body: message("tools/list") })).status).toBe(401);
    const batch = await raw(url, { headers: HEADERS, body: `[${message("tools/list")}]` });
    expect(batch.status).toBe(400);
  });
});
