/**
 * The OpenAPI invoker against a real server on 127.0.0.1, with manifests written by hand: the origin
 * is pinned to baseUrl, auth wins over any parameter, redirects stay on the origin, failures are
 * mapped and secrets redacted.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type {
  ManifestOperation,
  ManifestUnit,
  OpenapiConnection,
  OpenapiInvoke,
} from "../../../../runtime/contract/manifest.js";
import { invokerFor } from "../../../../runtime/invoke/index.js";
import { invokeOpenapi } from "../../../../runtime/invoke/openapi/index.js";
import type { InvokeContext } from "../../../../runtime/invoke/shared/types.js";
import { failure, sendJson, startHttpServer, type TestServer } from "../../../support/http-server.js";

const CANARY = "openapi-canary-3c9d";

let server: TestServer;
let other: TestServer;

beforeAll(async () => {
  other = await startHttpServer((_request, res) => sendJson(res, 200, { stolen: true }));
  server = await startHttpServer((request, res) => {
    const [path] = request.path.split("?");
    if (path === "/api/old") return res.writeHead(307, { location: "/api/new" }).end();
    if (path === "/api/away") return res.writeHead(302, { location: `${other.url}/landing` }).end();
    if (path === "/api/deny")
      return res.writeHead(403, "Forbidden").end(`denied ${request.headers["x-api-key"]}`);
    if (path === "/api/slow") return undefined;
    if (path === "/api/big") return res.writeHead(200, { "content-type": "text/plain" }).end("x".repeat(100));
    return sendJson(res, 200, {
      method: request.method,
      url: request.path,
      headers: request.headers,
      body: request.body,
    });
  });
});
afterAll(() => Promise.all([server.close(), other.close()]));
beforeEach(() => {
  server.requests.length = 0;
  other.requests.length = 0;
});

interface Options {
  invoke?: Partial<OpenapiInvoke>;
  connection?: Partial<OpenapiConnection>;
  env?: Record<string, string>;
  kind?: "openapi" | "discovery";
}

function context(options: Options = {}): InvokeContext {
  const kind = options.kind ?? "openapi";
  const invoke = { kind, method: "GET", path: "/echo", parameters: [], ...options.invoke } as OpenapiInvoke;
  const operation: ManifestOperation = {
    name: "op",
    tsName: "op",
    description: "test operation",
    inputSchema: { type: "object" },
    invoke,
    schemaHash: "0",
  };
  const connection = {
    kind,
    baseUrl: `${server.url}/api`,
    auth: { type: "none" },
    requestTimeoutMs: 5_000,
    maxResponseBytes: 1_000_000,
    ...options.connection,
  } as OpenapiConnection;
  const unit: ManifestUnit = {
    id: "api",
    kind,
    name: "API",
    description: "x",
    tags: [],
    exposure: "direct",
    shadowing: "forbid",
    connection,
    operations: [operation],
    sourceHash: "0",
  };
  return { unit, operation, env: options.env ?? {}, baseDir: "." };
}

const keyAuth = { type: "headers", headers: { "X-Api-Key": "env:KEY" } } as const;

describe("invokeOpenapi: where requests go", () => {
  it("puts the path under baseUrl's path and never leaves its origin", async () => {
    const invoke: Partial<OpenapiInvoke> = {
      path: "/items/{id}",
      parameters: [{ name: "id", in: "path", style: "simple", explode: false, required: true }],
    };
    await invokeOpenapi({ path: { id: `//${other.url.slice(7)}/x?y#z` } }, context({ invoke }));
    expect(server.requests[0]?.path).toBe(
      `/api/items/%2F%2F127.0.0.1%3A${other.url.split(":")[2]}%2Fx%3Fy%23z`,
    );
    expect(other.requests).toEqual([]);
  });

  it("is dispatched for both openapi and discovery operations", async () => {
    const result = await invokerFor({ kind: "discovery" })(undefined, context({ kind: "discovery" }));
    expect(result.value).toMatchObject({ method: "GET", url: "/api/echo" });
  });

  it("follows a same-origin redirect with auth, and refuses another origin", async () => {
    const env = { KEY: CANARY };
    await invokeOpenapi({}, context({ invoke: { path: "/old" }, connection: { auth: keyAuth }, env }));
    expect(server.requests.map((r) => [r.path, r.headers["x-api-key"]])).toEqual([
      ["/api/old", CANARY],
      ["/api/new", CANARY],
    ]);
    const error = await failure(
      invokeOpenapi({}, context({ invoke: { path: "/away" }, connection: { auth: keyAuth }, env })),
    );
    expect([error.code, error.details.operation]).toEqual(["HTTP_REDIRECT", "op"]);
    expect(other.requests).toEqual([]);
  });
});

describe("invokeOpenapi: auth", () => {
  it("never lets a header or cookie parameter override auth, and never reads its value", async () => {
    const invoke: Partial<OpenapiInvoke> = {
      parameters: [
        { name: "X-Api-Key", in: "header", style: "simple", explode: false, required: false },
        { name: "Authorization", in: "header", style: "simple", explode: false, required: false },
        { name: "sid", in: "cookie", style: "form", explode: true, required: false },
      ],
    };
    const auth = { type: "headers", headers: { "X-Api-Key": "env:KEY", Cookie: "env:COOKIE" } } as const;
    const input = {
      header: { "X-Api-Key": "attacker\r\n", Authorization: "Bearer attacker" },
      cookie: { sid: "attacker" },
    };
    await invokeOpenapi(
      input,
      context({ invoke, connection: { auth }, env: { KEY: CANARY, COOKIE: "sid=real" } }),
    );
    const headers = server.requests[0]?.headers ?? {};
    expect([headers["x-api-key"], headers.cookie, headers.authorization]).toEqual([
      CANARY,
      "sid=real",
      "Bearer attacker",
    ]);
    const bearerAuth = { type: "bearer", token: "env:KEY" } as const;
    const bearerInput = { header: { Authorization: "Bearer attacker\r\n" } };
    const bearer = await invokeOpenapi(
      bearerInput,
      context({ invoke, connection: { auth: bearerAuth }, env: { KEY: CANARY } }),
    );
    expect(server.requests[1]?.headers.authorization).toBe(`Bearer ${CANARY}`);
    expect(JSON.stringify(bearer.value)).not.toContain(CANARY);
  });

  it("redacts a secret the API echoes in an error", async () => {
    const error = await failure(
      invokeOpenapi(
        {},
        context({ invoke: { path: "/deny" }, connection: { auth: keyAuth }, env: { KEY: CANARY } }),
      ),
    );
    expect([error.code, error.message, error.details.excerpt]).toEqual([
      "HTTP_STATUS",
      "GET /deny answered 403 Forbidden",
      "denied [redacted]",
    ]);
  });
});

describe("invokeOpenapi: limits and bad manifests", () => {
  it("times out", async () => {
    const error = await failure(
      invokeOpenapi({}, context({ invoke: { path: "/slow" }, connection: { requestTimeoutMs: 200 } })),
    );
    expect([error.code, error.message]).toEqual(["TIMEOUT", "GET /slow did not answer within 200 ms"]);
  });

  it("caps the response", async () => {
    const result = await invokeOpenapi(
      {},
      context({ invoke: { path: "/big" }, connection: { maxResponseBytes: 10 } }),
    );
    expect(result).toEqual({
      value: `${"x".repeat(10)}\n[truncated: output exceeded 10 bytes (maxResponseBytes)]`,
      truncated: true,
    });
  });

  it.each([
    [
      "a framing header parameter",
      { parameters: [{ name: "Host", in: "header", style: "simple", explode: false, required: false }] },
      { header: { Host: "evil" } },
      "MANIFEST_INVALID",
    ],
    ["a missing parameter list", { parameters: undefined }, {}, "MANIFEST_INVALID"],
    [
      "a form body that is not an object",
      { method: "POST", body: { contentType: "application/x-www-form-urlencoded", required: true } },
      { body: "x" },
      "INPUT_INVALID",
    ],
    ["an input group that is not an object", {}, { query: "x" }, "INPUT_INVALID"],
  ] as const)("rejects %s before sending anything", async (_name, invoke, input, code) => {
    const error = await failure(invokeOpenapi(input, context({ invoke: invoke as Partial<OpenapiInvoke> })));
    expect(error.code).toBe(code);
    expect(server.requests).toEqual([]);
  });

  it("refuses an operation of another backend", async () => {
    const bad = context();
    bad.operation.invoke = { kind: "http", method: "GET", path: "/" };
    expect((await failure(invokeOpenapi({}, bad))).code).toBe("UNSUPPORTED_BACKEND");
  });
});
