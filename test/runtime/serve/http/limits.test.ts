/**
 * Per-principal limits over real HTTP: past the rate, or with too many requests in progress, a
 * caller gets 429 with Retry-After while another caller is still served.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Limiter, parseRate } from "../../../../runtime/serve/http/limits.js";
import type { TestServer } from "../../../support/http-server.js";
import { raw } from "../../../support/raw-http.js";
import { directNotesProject, startNotesServer } from "../fixtures.js";
import { closeAll, compileProject, serve, TOKEN } from "../support.js";

const JSON_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});

let notes: TestServer;
let manifestPath: string;

beforeAll(async () => {
  notes = await startNotesServer();
  manifestPath = await compileProject(directNotesProject(`${notes.url}/api`));
});
afterAll(async () => {
  await closeAll();
  await notes.close();
});

const asAdmin = (url: string) =>
  raw(url, { headers: { ...JSON_HEADERS, authorization: `Bearer ${TOKEN}` }, body: INITIALIZE });

describe("rate limit", () => {
  it("answers 429 with Retry-After past the rate, per principal", async () => {
    const { url } = await serve({ manifestPath }, { limits: { perMinute: 2, maxConcurrent: 0 } });
    expect((await asAdmin(url)).status).toBe(200);
    expect((await asAdmin(url)).status).toBe(200);
    const refused = await asAdmin(url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(refused.body).toContain("RATE_LIMITED");
  });
});

describe("concurrency limit", () => {
  it("answers 429 while the caller's one allowed request is still in progress", async () => {
    const { url } = await serve({ manifestPath }, { limits: { perMinute: 0, maxConcurrent: 1 } });
    const target = new URL(url);
    // A request whose body is still arriving holds its place until it is answered.
    const held = request({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: "POST",
      headers: {
        ...JSON_HEADERS,
        authorization: `Bearer ${TOKEN}`,
        "content-length": String(Buffer.byteLength(INITIALIZE)),
      },
      agent: false,
    });
    const answered = new Promise<number>((resolve, reject) => {
      held.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      held.on("error", reject);
    });
    held.write(INITIALIZE.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await asAdmin(url);
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBe("1");
    held.end(INITIALIZE.slice(10));
    expect(await answered).toBe(200);
    expect((await asAdmin(url)).status).toBe(200);
  });
});

describe("Limiter", () => {
  it("refills evenly and keeps principals apart", () => {
    const limiter = new Limiter({ perMinute: 60, maxConcurrent: 0 });
    for (let i = 0; i < 60; i += 1) expect(limiter.admit("a", 0).ok).toBe(true);
    expect(limiter.admit("a", 0)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limiter.admit("b", 0).ok).toBe(true);
    expect(limiter.admit("a", 1_000).ok).toBe(true);
  });

  it("reads rates as requests a minute", () => {
    expect(parseRate("600/min")).toBe(600);
    expect(parseRate("5/s")).toBe(300);
    expect(parseRate("120/h")).toBe(2);
    expect(parseRate("fast")).toBeUndefined();
  });
});
