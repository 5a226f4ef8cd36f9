/**
 * Typed calls through a client generated from an OpenAPI spec (test/fixtures/openapi/client), against
 * a real server on 127.0.0.1 that echoes what it received: every body type, every query style, path
 * and header hardening, auth that input cannot touch, and `servers` that never count once baseUrl is set.
 */
import { copyFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { typecheckBundle } from "../../../../scripts/typecheck-generated.mjs";
import {
  cleanupOutDirs,
  compileTo,
  configText,
  makeOutDir,
} from "../../../compiler/discover/openapi/support.js";
import {
  failure,
  type RecordedRequest,
  sendJson,
  startHttpServer,
  type TestServer,
} from "../../../support/http-server.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";

/** Type-checking a bundle takes a while when other test files run beside this one. */
const TYPECHECK_TIMEOUT = 120_000;

const FIXTURE = join(import.meta.dirname, "../../../fixtures/openapi/client");
const KEY = "echo-canary-5e1f";

/** The exports of fixtures/openapi/client/consumer.ts (typed against the bundle by tsc, not here). */
type Call = () => Promise<unknown>;
type Calls = Record<
  | "head"
  | "options"
  | "trace"
  | "labels"
  | "matrix"
  | "search"
  | "json"
  | "form"
  | "upload"
  | "text"
  | "bytes"
  | "away",
  Call
>;
interface Consumer {
  calls: Calls & { item(env: Record<string, string>, id: string, trace?: string): Promise<unknown> };
  typedResult(): Promise<string>;
}

let server: TestServer;
let other: TestServer;
let outDir: string;
let consumer: Consumer;
let compileText: string;

function echo(request: RecordedRequest) {
  const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
  return { method: request.method, url: request.path, headers, body: request.body };
}

beforeAll(async () => {
  other = await startHttpServer((request, res) => sendJson(res, 200, echo(request)));
  server = await startHttpServer((request, res) => {
    if (request.method === "HEAD") return res.writeHead(200).end();
    if (request.method === "OPTIONS" || request.method === "PUT") return res.writeHead(204).end();
    if (request.method === "TRACE")
      return res.writeHead(200, { "content-type": "message/http" }).end(`TRACE ${request.path}`);
    return sendJson(res, request.path === "/v1/json" ? 201 : 200, echo(request));
  });
  const spec = (await readFile(join(FIXTURE, "api.yaml"), "utf8")).replaceAll(
    "http://127.0.0.1:9",
    other.url,
  );
  const dir = await writeProject({
    ".units/api.yaml": spec,
    ".units/config.json": configText({
      openapiEndpoints: {
        echo: {
          name: "Echo",
          description: "Echoes requests.",
          specPath: "api.yaml",
          baseUrl: `${server.url}/v1`,
          auth: { type: "headers", headers: { "X-Api-Key": "env:ECHO_KEY" } },
        },
      },
    }),
  });
  outDir = await makeOutDir();
  const compiled = await compileTo(dir, outDir);
  compileText = compiled.text;
  await mkdir(outDir, { recursive: true });
  await copyFile(join(FIXTURE, "consumer.ts"), join(outDir, "consumer.ts"));
  consumer = (await import(pathToFileURL(join(outDir, "consumer.ts")).href)) as Consumer;
});
afterAll(() => Promise.all([server.close(), other.close(), cleanupOutDirs(), cleanupProjects()]));
beforeEach(() => {
  server.requests.length = 0;
  other.requests.length = 0;
  vi.stubEnv("ECHO_KEY", KEY);
});

const last = () => server.requests.at(-1) as RecordedRequest;

describe("a client generated from an OpenAPI spec", () => {
  it(
    "compiles without diagnostics and type-checks with typed calls",
    async () => {
      expect(compileText).toBe("");
      expect(typecheckBundle(outDir)).toEqual([]);
      const manifest = JSON.parse(await readFile(join(outDir, "manifest.json"), "utf8"));
      const getItem = manifest.units[0].operations.find((o: { name: string }) => o.name === "getItem");
      // The unit's auth owns X-Api-Key: it is not an input.
      expect(Object.keys(getItem.inputSchema.properties.header.properties)).toEqual(["X-Trace"]);
      // The client's types (which consumer.ts's @ts-expect-error lines hold to) are openapi-typescript's.
      const types = await readFile(join(outDir, "units/echo/types.ts"), "utf8");
      expect(types).toContain(
        'header?: Pick<NonNullable<$types.operations["getItem"]["parameters"]["header"]>, "X-Trace">;',
      );
    },
    TYPECHECK_TIMEOUT,
  );

  it("sends path, header and cookie parameters, with auth from the environment", async () => {
    const result = await consumer.calls.item({ ECHO_KEY: KEY }, "a/b c", "t-1");
    expect(result).toMatchObject({ method: "GET", url: "/v1/items/a%2Fb%20c" });
    expect(last().headers).toMatchObject({ "x-trace": "t-1", cookie: "session=s%201", "x-api-key": KEY });
    // The result is redacted: the echoed key never comes back.
    expect(JSON.stringify(result)).not.toContain(KEY);
  });

  it.each([["../admin"], [".."], ["."], ["a/../../admin"], [""]])("rejects the path value %j", async (id) => {
    const error = await failure(consumer.calls.item({ ECHO_KEY: KEY }, id));
    expect(error.code).toBe("INPUT_INVALID");
    expect(server.requests).toEqual([]);
  });

  it.each([["a\r\nX-Evil: 1"], ["a\nb"], ["a\0b"]])("rejects the header value %j", async (trace) => {
    const error = await failure(consumer.calls.item({ ECHO_KEY: KEY }, "x", trace));
    expect([error.code, error.message]).toEqual([
      "INPUT_INVALID",
      "header parameter X-Trace must not contain CR, LF or NUL",
    ]);
    expect(server.requests).toEqual([]);
  });

  it("serialises every query style", async () => {
    await consumer.calls.search();
    expect(last().path).toBe(
      "/v1/search?tags=a&tags=b%20c&ids=1,2&words=x%20y&codes=p|q&filter[status]=open&filter[min]=3&x=5&y=6&limit=10",
    );
  });

  it("serialises label and matrix path styles", async () => {
    await consumer.calls.labels();
    await consumer.calls.matrix();
    expect(server.requests.map((r) => r.path)).toEqual(["/v1/labels/.a%20b,c", "/v1/matrix/;x=1;y=2"]);
  });

  it("sends a JSON body and returns the typed result", async () => {
    expect(await consumer.typedResult()).toBe("POST");
    expect([last().headers["content-type"], JSON.parse(last().body)]).toEqual([
      "application/json",
      { title: "Typed", done: null, parent: { title: "Up" } },
    ]);
  });

  it("sends a form-urlencoded body", async () => {
    await consumer.calls.form();
    expect([last().headers["content-type"], last().body]).toEqual([
      "application/x-www-form-urlencoded",
      "name=a%26b%3Dc&tags=x&tags=y",
    ]);
  });

  it("sends a multipart body with a file part", async () => {
    await consumer.calls.upload();
    const { headers, body } = last();
    expect(headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(body).toMatch(/name="title"\r\n\r\nReport\r\n/);
    expect(body).toMatch(
      /name="file"; filename="file"\r\nContent-Type: application\/octet-stream\r\n\r\nfile bytes\r\n/,
    );
  });

  it("sends text/plain and application/octet-stream bodies as they are", async () => {
    await consumer.calls.text();
    expect([last().headers["content-type"], last().body]).toEqual(["text/plain", "plain text ✓"]);
    expect(await consumer.calls.bytes()).toBeNull();
    expect([last().method, last().headers["content-type"], last().body]).toEqual([
      "PUT",
      "application/octet-stream",
      "raw bytes",
    ]);
  });

  it("calls HEAD, OPTIONS and TRACE operations", async () => {
    expect(await consumer.calls.head()).toBeNull();
    expect(await consumer.calls.options()).toBeNull();
    expect(await consumer.calls.trace()).toBe("TRACE /v1/items/a");
    expect(server.requests.map((r) => r.method)).toEqual(["HEAD", "OPTIONS", "TRACE"]);
  });

  it("ignores the spec's servers (document and operation level) when baseUrl is set", async () => {
    await consumer.calls.away();
    expect(last().path).toBe("/v1/away");
    expect(other.requests).toEqual([]);
  });

  it("fails with MISSING_ENV before sending anything when the auth variable is unset", async () => {
    vi.stubEnv("ECHO_KEY", undefined);
    const error = await failure(consumer.calls.item({}, "x"));
    expect(error.code).toBe("MISSING_ENV");
    expect(server.requests).toEqual([]);
  });
});
