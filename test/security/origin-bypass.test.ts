/**
 * Attack: DNS rebinding and cross-site requests to a local `unitc serve --transport http`. A page on
 * a hostile origin must never get an answer: only exact loopback forms (localhost, 127.0.0.0/8
 * literals, [::1]) and listed public origins pass. `isLoopbackHost` once accepted any name starting
 * with `127.`, so `Origin: http://127.0.0.1.evil.example` got 200; a Host with userinfo
 * (`evil.example@127.0.0.1`) was read as 127.0.0.1. `/healthz` answered any Host or Origin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLoopbackHost } from "../../runtime/serve/http/guard.js";
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

const HOSTILE_ORIGINS = [
  "http://127.0.0.1.evil.example",
  "http://127.0.0.1.nip.io:8080",
  "http://127.evil.example",
  "http://127.1.evil.example",
  "http://localhost.evil.example",
  "http://localhost.",
  "http://evil.example",
  "http://127.0.0.1@evil.example",
  "http://evil.example#@127.0.0.1",
  "http://[::ffff:127.0.0.1]",
  "http://[::ffff:7f00:1]",
  "http://0.0.0.0",
  "http://[::]",
  "http://10.0.0.1",
  "null",
  "file://",
  "chrome-extension://abcdefghijklmnop",
  "ws://127.0.0.1",
  "not a url",
  "http://127.1",
  "http://127.0.0.1/path",
];

const LOOPBACK_ORIGINS = [
  "http://127.0.0.1",
  "http://127.0.0.1:5173",
  "https://127.0.0.1",
  "http://127.255.255.254:3000",
  "http://localhost:5173",
  "http://[::1]:8080",
];

const HOSTILE_HOSTS = [
  "127.0.0.1.evil.example",
  "evil.example",
  "localhost.evil.example",
  "evil.example@127.0.0.1",
  "evil.example@localhost:80",
  "127.0.0.1/evil",
  "127.0.0.1#evil",
  "[::ffff:127.0.0.1]",
];

describe("Origin on the MCP endpoint", () => {
  it.each(HOSTILE_ORIGINS)("refuses Origin %j with 403 before anything runs", async (origin) => {
    const answer = await raw(served.url, {
      headers: mcpHeaders(served.host, { origin }),
      body: initializeBody(),
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: -32000 }, id: null });
    expect(answer.headers["mcp-session-id"]).toBeUndefined();
  });

  it.each(LOOPBACK_ORIGINS)("accepts the loopback Origin %j", async (origin) => {
    const answer = await raw(served.url, {
      headers: mcpHeaders(served.host, { origin }),
      body: initializeBody(),
    });
    expect(answer.status).toBe(200);
  });
});

describe("Host on the MCP endpoint", () => {
  it.each(HOSTILE_HOSTS)("refuses Host %j with 403", async (host) => {
    const answer = await raw(served.url, { headers: mcpHeaders(host), body: initializeBody() });
    expect(answer.status).toBe(403);
  });
});

describe("/healthz", () => {
  const health = () => new URL("/healthz", served.url).href;

  it("answers a local client", async () => {
    const answer = await raw(health(), { method: "GET", headers: { host: served.host } });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ status: "ok" });
  });

  it.each(HOSTILE_HOSTS)("refuses Host %j", async (host) => {
    const answer = await raw(health(), { method: "GET", headers: { host } });
    expect(answer.status).toBe(403);
  });

  it.each(HOSTILE_ORIGINS)("refuses Origin %j", async (origin) => {
    const answer = await raw(health(), { method: "GET", headers: { host: served.host, origin } });
    expect(answer.status).toBe(403);
  });
});

describe("isLoopbackHost", () => {
  it.each([
    ["localhost", true],
    ["127.0.0.1", true],
    ["127.1.2.3", true],
    ["[::1]", true],
    ["::1", true],
    ["127.0.0.1.evil.example", false],
    ["127.evil", false],
    ["127.1", false],
    ["0177.0.0.1", false],
    ["::ffff:127.0.0.1", false],
    ["localhost.evil.example", false],
    ["0.0.0.0", false],
    ["", false],
  ])("%j → %s", (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});
