import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invokeHttp } from "../../../runtime/invoke/http/index.js";
import { failure, httpAction, startHttpServer, type TestServer } from "../../support/http-server.js";

// HTTP calls with a string body or none go straight on undici's dispatcher or node:http, not through
// fetch: what the API receives and what the caller reads must stay what fetch gave.
const NOTES = [{ id: "n1", title: "Shopping" }];
const json = Buffer.from(JSON.stringify(NOTES));
const encoded: Record<string, Buffer> = {
  gzip: gzipSync(json),
  deflate: deflateSync(json),
  "deflate-raw": deflateRawSync(json),
  br: brotliCompressSync(json),
  "gzip-twice": gzipSync(gzipSync(json)),
};
const codings: Record<string, string> = {
  gzip: "gzip",
  deflate: "deflate",
  "deflate-raw": "deflate",
  br: "br",
  "gzip-twice": "gzip, gzip",
};

let server: TestServer;

beforeAll(async () => {
  server = await startHttpServer((request, res) => {
    const [path, query] = request.path.split("?");
    if (path === "/echo")
      return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(request));
    if (path === "/teapot") return res.writeHead(418, "Short And Stout").end("no coffee");
    if (path === "/empty") return res.writeHead(204).end();
    if (path === "/corrupt")
      return res
        .writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" })
        .end("not gzip");
    if (path === "/big") return res.writeHead(200, { "content-type": "text/plain" }).end("x".repeat(10_000));
    const name = query ?? "";
    const body = encoded[name];
    if (body === undefined) return res.writeHead(200, { "content-encoding": "zzz" }).end("as sent");
    res.writeHead(200, { "content-type": "application/json", "content-encoding": codings[name] as string });
    res.end(body);
  });
});
afterAll(() => server.close());

// Both ways a string body goes: undici's pooled dispatcher (serve, run) and node:http on a
// connection of its own (a one-shot `unitc call`). What the API and the caller see is the same.
describe.each([
  ["the pooled dispatcher", false],
  ["a one-shot connection", true],
])("HTTP calls on the direct transport: %s", (_name, oneShot) => {
  const call = (invoke: Record<string, unknown>, input: unknown = {}, connection = {}) =>
    invokeHttp(input, { ...httpAction({ baseUrl: server.url, invoke, connection }), oneShot });

  it("sends fetch's default headers, with the caller's headers over them, and the JSON body", async () => {
    const result = await call(
      {
        method: "POST",
        path: "/echo",
        jsonBody: { text: "$input.text" },
        headers: { "user-agent": "unitc-test", accept: "application/json" },
      },
      { text: "hello" },
    );
    const seen = result.value as { method: string; headers: Record<string, string>; body: string };
    expect(seen.method).toBe("POST");
    expect(seen.headers).toMatchObject({
      "user-agent": "unitc-test",
      accept: "application/json",
      "accept-language": "*",
      "accept-encoding": "gzip, deflate",
    });
    expect(seen.headers["content-type"]).toBe("application/json");
    expect(seen.headers["content-length"]).toBe(String(Buffer.byteLength(seen.body)));
    expect(seen.headers["transfer-encoding"]).toBeUndefined();
    // The one-shot connection is not kept for a next request; the pooled one is.
    expect(seen.headers.connection).toBe(oneShot ? "close" : "keep-alive");
    expect(JSON.parse(seen.body)).toEqual({ text: "hello" });
  });

  it("sends a GET with fetch's defaults and no body", async () => {
    const seen = (await call({ path: "/echo" })).value as { headers: Record<string, string>; body: string };
    expect(seen.headers).toMatchObject({ accept: "*/*", "user-agent": "node", "sec-fetch-mode": "cors" });
    expect(seen.headers["content-type"]).toBeUndefined();
    expect(seen.body).toBe("");
  });

  it.each(Object.keys(encoded))("decodes a %s body as fetch does", async (name) => {
    const result = await call({ path: `/coded?${name}` });
    expect(result.value).toEqual(NOTES);
  });

  it("leaves a body in a coding it does not know as it was sent", async () => {
    expect((await call({ path: "/coded?unknown" })).value).toBe("as sent");
  });

  it("fails a body that is not in the coding it claims as a failed call, not a crash", async () => {
    const error = await failure(call({ path: "/corrupt" }));
    expect(error.code).toBe("HTTP_FAILED");
    expect(error.message).toMatch(/^GET \/corrupt failed: /);
  });

  it("reports the status line the server sent", async () => {
    const error = await failure(call({ path: "/teapot" }));
    expect(error.code).toBe("HTTP_STATUS");
    expect(error.message).toBe("GET /teapot answered 418 Short And Stout");
    expect(error.details.excerpt).toBe("no coffee");
  });

  it("answers null for a 204 and cuts a long text body at the byte cap", async () => {
    expect((await call({ path: "/empty" })).value).toBeNull();
    const cut = await call({ path: "/big" }, {}, { maxResponseBytes: 100 });
    expect(cut.truncated).toBe(true);
    expect(String(cut.value).startsWith(`${"x".repeat(100)}\n[truncated`)).toBe(true);
  });
});
