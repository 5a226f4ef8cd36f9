import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { UnitError } from "../../../../runtime/contract/errors.js";
import { invokeHttp, MAX_REDIRECTS } from "../../../../runtime/invoke/http/index.js";
import {
  failure,
  httpAction,
  sendJson,
  startHttpServer,
  type TestServer,
} from "../../../support/http-server.js";

const CANARY = "canary-secret-1234";
const bearer = { type: "bearer", token: "env:API_TOKEN" } as const;
const env = { API_TOKEN: CANARY };

let server: TestServer;
let other: TestServer;

beforeAll(async () => {
  other = await startHttpServer((_request, res) => sendJson(res, 200, { stolen: true }));
  server = await startHttpServer((request, res) => {
    const [path] = request.path.split("?");
    if (path === "/echo") return sendJson(res, 200, { headers: request.headers });
    if (path === "/deny")
      return res.writeHead(401, "Unauthorized").end(`bad token ${request.headers.authorization}`);
    if (path === "/cut") {
      const token = String(request.headers.authorization).slice("Bearer ".length);
      return res
        .writeHead(Number(request.path.split("=")[1]), { "content-type": "text/plain" })
        .end(`token=${token}`);
    }
    if (path === "/old") return res.writeHead(302, { location: "/new?from=old" }).end();
    if (path === "/new")
      return sendJson(res, 200, { method: request.method, auth: request.headers.authorization });
    if (path === "/see-other") return res.writeHead(303, { location: `${server.url}/new` }).end();
    if (path === "/loop") return res.writeHead(307, { location: "/loop" }).end();
    if (path === "/away") return res.writeHead(302, { location: `${other.url}/landing` }).end();
    return res.writeHead(404).end();
  });
});
afterAll(() => Promise.all([server.close(), other.close()]));
beforeEach(() => {
  server.requests.length = 0;
  other.requests.length = 0;
});

describe("invokeHttp: auth", () => {
  it("sends a bearer token resolved from the environment", async () => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: { path: "/echo" },
      connection: { auth: bearer },
      env,
    });
    await invokeHttp({}, context);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${CANARY}`);
  });

  it("sends header auth, resolving placeholders inside values", async () => {
    const auth = {
      type: "headers",
      headers: { "X-Api-Key": "env:KEY", "X-Client": "client ${CLIENT}" },
    } as const;
    const context = httpAction({
      baseUrl: server.url,
      invoke: { path: "/echo" },
      connection: { auth },
      env: { KEY: "key-1", CLIENT: "c-2" },
    });
    await invokeHttp({}, context);
    const headers = server.requests[0]?.headers ?? {};
    expect([headers["x-api-key"], headers["x-client"]]).toEqual(["key-1", "client c-2"]);
  });

  it.each([
    ["bearer", bearer, "authorization", { Authorization: "$input.auth" }],
    [
      "headers",
      { type: "headers", headers: { "X-Api-Key": "env:API_TOKEN" } } as const,
      "x-api-key",
      { "x-API-key": "$input.auth" },
    ],
  ])("does not let input override %s auth", async (_name, auth, header, headers) => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: { path: "/echo", headers },
      connection: { auth },
      env,
    });
    // Even a value that would be rejected is never looked at: auth owns the header.
    await invokeHttp({ auth: "Bearer attacker\r\n" }, context);
    expect(String(server.requests[0]?.headers[header])).toContain(CANARY);
    expect(JSON.stringify(server.requests[0]?.headers)).not.toContain("attacker");
  });

  it("resolves the references of credential-bearing action headers, and redacts the values", async () => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: {
        path: "/echo",
        headers: {
          Authorization: "Bearer ${API_TOKEN}",
          "X-Api-Key": "env:KEY",
          Cookie: "session=$env:SESSION",
          "X-Trace": "$input.trace",
        },
      },
      env: { API_TOKEN: CANARY, KEY: "key-1", SESSION: "s-2" },
    });
    const result = await invokeHttp({ trace: "t-3" }, context);
    const headers = server.requests[0]?.headers ?? {};
    expect([headers.authorization, headers["x-api-key"], headers.cookie, headers["x-trace"]]).toEqual([
      `Bearer ${CANARY}`,
      "key-1",
      "session=s-2",
      "t-3",
    ]);
    expect(JSON.stringify(result)).not.toMatch(/canary-secret|key-1|s-2/);
  });

  it("never builds a credential-bearing action header from input", async () => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: { path: "/echo", headers: { "X-Auth-Token": "$input.token" } },
    });
    await invokeHttp({ token: "from-the-agent" }, context);
    expect(JSON.stringify(server.requests[0]?.headers)).not.toContain("from-the-agent");
  });

  it("fails with MISSING_ENV when a credential-bearing action header's variable is unset", async () => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: { path: "/echo", headers: { Authorization: "Bearer ${API_TOKEN}" } },
    });
    const error = await failure(invokeHttp({}, context));
    expect(error.code).toBe("MISSING_ENV");
    expect(server.requests).toEqual([]);
  });

  it("fails with MISSING_ENV naming the variable, before sending anything", async () => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: { path: "/echo" },
      connection: { auth: bearer },
      env: {},
    });
    const error = await failure(invokeHttp({}, context));
    expect(error.code).toBe("MISSING_ENV");
    expect(error.message).toBe("unit api needs environment variable API_TOKEN, which is not set");
    expect(error.details).toMatchObject({
      unit: "api",
      operation: "call",
      hint: expect.stringContaining("API_TOKEN"),
    });
    expect(server.requests).toEqual([]);
  });

  it("rejects a resolved auth value with a line break, without showing it", async () => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: { path: "/echo" },
      connection: { auth: bearer },
      env: { API_TOKEN: `${CANARY}\r\nX-Evil: 1` },
    });
    const error = await failure(invokeHttp({}, context));
    expect(error.code).toBe("INPUT_INVALID");
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(CANARY);
    expect(server.requests).toEqual([]);
  });

  it.each(["oauth2", "oidc"] as const)(
    "asks for a login for %s auth with no stored token, sending nothing",
    async (type) => {
      const dataHome = await mkdtemp(join(tmpdir(), "unitc-auth-"));
      try {
        const context = httpAction({
          baseUrl: server.url,
          invoke: { path: "/echo" },
          connection: { auth: { type, clientId: "app" } },
          env: { XDG_DATA_HOME: dataHome },
        });
        const error = await failure(invokeHttp({}, context));
        expect(error.code).toBe("AUTH_REQUIRED");
        expect(error.details.hint).toBe("run unitc auth login api");
        expect(server.requests).toEqual([]);
      } finally {
        await rm(dataHome, { recursive: true, force: true });
      }
    },
  );
});

describe("invokeHttp: secrets stay out of results and errors", () => {
  it("redacts a token the API echoes in an error body", async () => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: { path: "/deny" },
      connection: { auth: bearer },
      env,
    });
    const error = await failure(invokeHttp({}, context));
    expect(error.code).toBe("HTTP_STATUS");
    expect(error.message).toBe("GET /deny answered 401 Unauthorized");
    expect(error.details.excerpt).toBe("bad token Bearer [redacted]");
    expect(JSON.stringify([error.message, error.details, error.stack])).not.toContain(CANARY);
  });

  it("redacts a token the API echoes in a successful JSON result", async () => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: { path: "/echo" },
      connection: { auth: bearer },
      env,
    });
    const result = await invokeHttp({}, context);
    expect(JSON.stringify(result)).not.toContain(CANARY);
    expect(result.value).toMatchObject({ headers: { authorization: "Bearer [redacted]" } });
  });

  it.each([200, 400])("drops the part of a token a byte cap cut in half (status %i)", async (status) => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: { path: `/cut?status=${status}` },
      connection: { auth: bearer, maxResponseBytes: "token=canary-se".length },
      env,
    });
    const outcome = await invokeHttp({}, context).then(
      (result) => result.value,
      (error: UnitError) => error.details.excerpt,
    );
    expect(outcome).toMatch(/^token=(\n\[truncated|$)/);
  });
});

describe("invokeHttp: redirects", () => {
  it("follows a same-origin redirect and sends auth again", async () => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: { path: "/old" },
      connection: { auth: bearer },
      env,
    });
    const result = await invokeHttp({}, context);
    expect(result.value).toEqual({ method: "GET", auth: "Bearer [redacted]" });
    expect(server.requests.map((r) => [r.path, r.headers.authorization])).toEqual([
      ["/old", `Bearer ${CANARY}`],
      ["/new?from=old", `Bearer ${CANARY}`],
    ]);
  });

  it("continues a POST answered with 303 as a GET without the body", async () => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: { method: "POST", path: "/see-other", jsonBody: { a: 1 } },
    });
    expect((await invokeHttp({}, context)).value).toMatchObject({ method: "GET" });
    expect(server.requests.map((r) => [r.method, r.body, r.headers["content-type"]])).toEqual([
      ["POST", '{"a":1}', "application/json"],
      ["GET", "", undefined],
    ]);
  });

  it(`stops after ${MAX_REDIRECTS} redirects`, async () => {
    const error = await failure(
      invokeHttp({}, httpAction({ baseUrl: server.url, invoke: { path: "/loop" } })),
    );
    expect([error.code, error.message]).toEqual([
      "HTTP_REDIRECT",
      `stopped after ${MAX_REDIRECTS} redirects`,
    ]);
    expect(server.requests).toHaveLength(MAX_REDIRECTS + 1);
  });

  it.each([
    ["bearer", bearer],
    ["headers", { type: "headers", headers: { "X-Api-Key": "env:API_TOKEN" } } as const],
  ])("refuses a cross-origin redirect with %s auth and sends nothing there", async (_name, auth) => {
    const context = httpAction({ baseUrl: server.url, invoke: { path: "/away" }, connection: { auth }, env });
    const error = await failure(invokeHttp({}, context));
    expect(error.code).toBe("HTTP_REDIRECT");
    expect(error.message).toContain(`another origin (${other.url})`);
    expect(error.details).toMatchObject({ unit: "api", operation: "call" });
    expect(other.requests).toEqual([]);
  });
});
