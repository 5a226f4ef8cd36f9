import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invokeHttp } from "../../../../runtime/invoke/http/index.js";
import { truncationMarker } from "../../../../runtime/shared/redact.js";
import {
  failure,
  type HttpActionOptions,
  httpAction,
  sendJson,
  startHttpServer,
  type TestServer,
} from "../../../support/http-server.js";

const STREAM_TOTAL = 32 * 1024 * 1024;

/** What the streaming route did: bytes handed to the socket and whether it finished. */
let stream: { written: number; finished: boolean; closed: Promise<void> };

/** Writes `STREAM_TOTAL` bytes of text, honouring back-pressure, until done or the client goes away. */
function streamText(res: ServerResponse): void {
  let resolve = (): void => undefined;
  stream = { written: 0, finished: false, closed: new Promise<void>((r) => (resolve = r)) };
  res.on("close", resolve);
  res.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
  const chunk = Buffer.alloc(64 * 1024, "x");
  const pump = (): void => {
    while (stream.written < STREAM_TOTAL && !res.destroyed) {
      stream.written += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
    if (!res.destroyed) res.end(() => (stream.finished = true));
  };
  pump();
}

let server: TestServer;

beforeAll(async () => {
  server = await startHttpServer((request, res) => {
    const path = request.path;
    if (path === "/json") return sendJson(res, 200, { ok: true, list: [1, 2] });
    if (path === "/problem")
      return res.writeHead(200, { "content-type": "application/problem+json" }).end('{"a":1}');
    if (path === "/text") return res.writeHead(200, { "content-type": "text/plain" }).end("héllo");
    if (path === "/fail") return res.writeHead(500, "Internal Server Error").end("e".repeat(100_000));
    if (path === "/teapot") return res.writeHead(418).end("short and stout");
    if (path === "/stream") return streamText(res);
    if (path === "/big-json") return sendJson(res, 200, { items: Array.from({ length: 500 }, (_, i) => i) });
    if (path === "/bad-json") return res.writeHead(200, { "content-type": "application/json" }).end("{nope");
    if (path === "/empty") return res.writeHead(204).end();
    if (path === "/head") return res.writeHead(200, { "content-type": "application/json" }).end('{"a":1}');
    if (path === "/hang") return; // never answers
    if (path === "/stall") return void res.writeHead(200, { "content-type": "text/plain" }).write("partial");
    return res.writeHead(404).end();
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const call = (path: string, extra: Omit<HttpActionOptions, "baseUrl"> = {}) =>
  invokeHttp({}, httpAction({ baseUrl: server.url, ...extra, invoke: { path, ...extra.invoke } }));

describe("invokeHttp: successful responses", () => {
  it.each([
    ["/json", { ok: true, list: [1, 2] }],
    ["/problem", { a: 1 }],
    ["/text", "héllo"],
  ])("reads %s", async (path, value) => {
    expect(await call(path)).toEqual({ value, truncated: false });
  });

  it.each([
    ["a 204", "/empty", "GET"],
    ["a HEAD", "/head", "HEAD"],
  ] as const)("answers null for %s", async (_name, path, method) => {
    expect(await call(path, { invoke: { method } })).toEqual({ value: null, truncated: false });
    expect(server.requests.map((r) => r.method)).toEqual([method]);
  });
});

describe("invokeHttp: error statuses", () => {
  it("maps a non-2xx status to HTTP_STATUS with a bounded excerpt", async () => {
    const error = await failure(call("/fail"));
    expect(error.code).toBe("HTTP_STATUS");
    expect(error.message).toBe("GET /fail answered 500 Internal Server Error");
    expect(error.details).toMatchObject({ status: 500, unit: "api", operation: "call" });
    expect(error.details.excerpt).toBe(`${"e".repeat(2_000)}…`);
  });

  it("keeps a short error body whole", async () => {
    const error = await failure(call("/teapot"));
    expect(error.details).toMatchObject({ status: 418, excerpt: "short and stout" });
  });

  it("reports JSON that does not parse as OUTPUT_INVALID", async () => {
    const error = await failure(call("/bad-json"));
    expect([error.code, error.details.excerpt]).toEqual(["OUTPUT_INVALID", "{nope"]);
  });
});

describe("invokeHttp: byte cap", () => {
  it("cuts a long text response, marks it and stops reading", async () => {
    // A long timeout: the connection must close because reading stopped, not because time ran out.
    const result = await call("/stream", {
      connection: { maxResponseBytes: 1_000, requestTimeoutMs: 60_000 },
    });
    expect(result).toEqual({
      value: "x".repeat(1_000) + truncationMarker(1_000, "maxResponseBytes"),
      truncated: true,
    });
    const late = new Promise<string>((resolve) => setTimeout(() => resolve("still open"), 2_000).unref());
    expect(await Promise.race([stream.closed.then(() => "closed"), late])).toBe("closed");
    expect(stream.finished).toBe(false);
    expect(stream.written).toBeLessThan(STREAM_TOTAL);
  });

  it("fails with RESPONSE_TRUNCATED when JSON is cut", async () => {
    const error = await failure(call("/big-json", { connection: { maxResponseBytes: 100 } }));
    expect(error.code).toBe("RESPONSE_TRUNCATED");
    expect(error.message).toContain("more than 100 bytes");
    expect(error.details.hint).toContain("maxResponseBytes");
  });

  it("does not mark a response exactly at the cap", async () => {
    expect(await call("/text", { connection: { maxResponseBytes: 6 } })).toEqual({
      value: "héllo",
      truncated: false,
    });
  });

  it("never ends cut text with half a character", async () => {
    const result = await call("/text", { connection: { maxResponseBytes: 2 } });
    expect(result.value).toBe(`h${truncationMarker(2, "maxResponseBytes")}`);
  });
});

describe("invokeHttp: time and failure", () => {
  it.each(["/hang", "/stall"])("fails %s with TIMEOUT after requestTimeoutMs", async (path) => {
    // The routes never answer: without the timeout the call would hang into the test's own timeout.
    const error = await failure(call(path, { connection: { requestTimeoutMs: 200 } }));
    expect([error.code, error.message]).toEqual(["TIMEOUT", `GET ${path} did not answer within 200 ms`]);
  });

  it("fails with CANCELLED when the caller aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(call("/hang", { signal: controller.signal }));
    expect(error.code).toBe("CANCELLED");
  });

  it("fails with HTTP_FAILED when nothing listens", async () => {
    const closed = await startHttpServer(() => undefined);
    await closed.close();
    const error = await failure(invokeHttp({}, httpAction({ baseUrl: closed.url, invoke: { path: "/x" } })));
    expect(error.code).toBe("HTTP_FAILED");
    expect(error.message).toMatch(/^GET \/x failed: .*ECONNREFUSED/);
  });
});
