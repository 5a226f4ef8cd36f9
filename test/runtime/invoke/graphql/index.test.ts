import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type {
  GraphqlConnection,
  GraphqlInvoke,
  ManifestOperation,
  ManifestUnit,
} from "../../../../runtime/contract/manifest.js";
import { invokeGraphql } from "../../../../runtime/invoke/graphql/index.js";
import type { InvokeContext } from "../../../../runtime/invoke/shared/types.js";
import { failure, sendJson, startHttpServer, type TestServer } from "../../../support/http-server.js";

const CANARY = "gql-secret-8c1f0e";
const bearer = { type: "bearer", token: "env:API_TOKEN" } as const;
const env = { API_TOKEN: CANARY };

let server: TestServer;
let other: TestServer;

interface Options {
  path?: string;
  connection?: Partial<GraphqlConnection>;
  invoke?: Partial<GraphqlInvoke>;
  env?: Record<string, string | undefined>;
  signal?: AbortSignal;
}

/** The invoke context of a unit `api` with one GraphQL operation `call`. */
function graphqlCall(options: Options = {}): InvokeContext {
  const operation: ManifestOperation = {
    name: "call",
    tsName: "call",
    description: "test operation",
    inputSchema: { type: "object" },
    invoke: {
      kind: "graphql",
      operationType: "query",
      operationName: "Q",
      document: "query Q { a }",
      ...options.invoke,
    },
    schemaHash: "0".repeat(64),
  };
  const connection: GraphqlConnection = {
    kind: "graphql",
    endpointUrl: `${server.url}${options.path ?? "/graphql"}`,
    auth: { type: "none" },
    requestTimeoutMs: 5_000,
    maxResponseBytes: 100_000,
    ...options.connection,
  };
  const unit: ManifestUnit = {
    id: "api",
    kind: "graphql",
    name: "API",
    description: "a local GraphQL endpoint",
    tags: [],
    exposure: "direct",
    shadowing: "forbid",
    connection,
    operations: [operation],
    sourceHash: "0".repeat(64),
  };
  return {
    unit,
    operation,
    env: options.env ?? env,
    baseDir: ".",
    ...(options.signal ? { signal: options.signal } : {}),
  };
}

beforeAll(async () => {
  other = await startHttpServer((_request, res) => sendJson(res, 200, { data: { stolen: true } }));
  server = await startHttpServer((request, res) => {
    switch (request.path) {
      case "/graphql":
        return sendJson(res, 200, { data: { echo: JSON.parse(request.body), headers: request.headers } });
      case "/partial":
        return sendJson(res, 200, {
          data: { a: 1, b: null },
          errors: [{ message: "b failed", path: ["b"], extensions: { code: "X" } }],
        });
      case "/many":
        return sendJson(res, 200, {
          data: null,
          errors: ["one", "two", "three", "four"].map((message) => ({ message })),
        });
      case "/leaky":
        return sendJson(res, 200, { errors: [{ message: `bad token ${request.headers.authorization}` }] });
      case "/denied":
        return sendJson(res, 401, { errors: [{ message: "unauthorized" }] });
      case "/text":
        return res.writeHead(200, { "content-type": "text/html" }).end("<html>not graphql</html>");
      case "/nothing":
        return sendJson(res, 200, { extensions: {} });
      case "/huge":
        return sendJson(res, 200, { data: { blob: "x".repeat(200_000) } });
      case "/slow":
        return undefined;
      case "/moved":
        return res.writeHead(307, { location: "/graphql" }).end();
      case "/away":
        return res.writeHead(307, { location: `${other.url}/graphql` }).end();
      default:
        return res.writeHead(404).end();
    }
  });
});
afterAll(() => Promise.all([server.close(), other.close()]));
beforeEach(() => {
  server.requests.length = 0;
  other.requests.length = 0;
});

describe("invokeGraphql: the request", () => {
  it("POSTs the document, the input as variables and the operation name as JSON", async () => {
    const result = await invokeGraphql({ id: "7", n: 2 }, graphqlCall());
    const request = server.requests[0];
    expect(request?.method).toBe("POST");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers.accept).toBe("application/graphql-response+json, application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({
      query: "query Q { a }",
      variables: { id: "7", n: 2 },
      operationName: "Q",
    });
    expect(result).toMatchObject({ value: { echo: { variables: { id: "7", n: 2 } } }, truncated: false });
  });

  it("leaves operationName out for an anonymous operation and sends {} without input", async () => {
    await invokeGraphql(undefined, graphqlCall({ invoke: { operationName: undefined, document: "{ a }" } }));
    expect(JSON.parse(server.requests[0]?.body ?? "")).toEqual({ query: "{ a }", variables: {} });
  });

  it.each([
    ["bearer", bearer, "authorization", `Bearer ${CANARY}`],
    ["headers", { type: "headers", headers: { "X-Api-Key": "env:API_TOKEN" } } as const, "x-api-key", CANARY],
  ])("sends %s auth, which input cannot override", async (_name, auth, header, value) => {
    await invokeGraphql({ [header]: "evil", Authorization: "evil" }, graphqlCall({ connection: { auth } }));
    const headers = server.requests[0]?.headers ?? {};
    expect(headers[header]).toBe(value);
    const sent = Object.keys(headers).filter((h) => !["host", "connection", "content-length"].includes(h));
    expect(sent.sort()).toEqual(
      [
        "accept",
        "accept-encoding",
        "accept-language",
        "content-type",
        header,
        "sec-fetch-mode",
        "user-agent",
      ].sort(),
    );
  });

  it("follows a same-origin redirect keeping the POST and the credentials", async () => {
    const result = await invokeGraphql(
      { x: 1 },
      graphqlCall({ path: "/moved", connection: { auth: bearer } }),
    );
    expect(server.requests.map((r) => [r.method, r.path])).toEqual([
      ["POST", "/moved"],
      ["POST", "/graphql"],
    ]);
    expect((result.value as { echo: unknown }).echo).toMatchObject({ variables: { x: 1 } });
    expect(server.requests[1]?.headers.authorization).toBe(`Bearer ${CANARY}`);
  });
});

describe("invokeGraphql: failures", () => {
  it("keeps partial data and the error messages in GRAPHQL_ERRORS", async () => {
    const error = await failure(invokeGraphql({}, graphqlCall({ path: "/partial" })));
    expect(error.code).toBe("GRAPHQL_ERRORS");
    expect(error.message).toBe("GraphQL query Q answered 1 error: b failed");
    expect(error.details).toMatchObject({
      unit: "api",
      operation: "call",
      data: { a: 1, b: null },
      errors: [{ message: "b failed", path: ["b"] }],
    });
  });

  it("quotes the first errors and counts the rest; data null stays null", async () => {
    const error = await failure(invokeGraphql({}, graphqlCall({ path: "/many" })));
    expect(error.message).toBe("GraphQL query Q answered 4 errors: one; two; three (and 1 more)");
    expect(error.details.data).toBeNull();
    expect(error.details.errors).toHaveLength(4);
  });

  it("redacts a secret the server echoes in an error", async () => {
    const error = await failure(
      invokeGraphql({}, graphqlCall({ path: "/leaky", connection: { auth: bearer } })),
    );
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(CANARY);
    expect(error.details.errors?.[0]?.message).toBe("bad token Bearer [redacted]");
  });

  it("maps a non-2xx answer to HTTP_STATUS", async () => {
    const error = await failure(invokeGraphql({}, graphqlCall({ path: "/denied" })));
    expect(error).toMatchObject({ code: "HTTP_STATUS", details: { status: 401 } });
    expect(error.details.excerpt).toContain("unauthorized");
  });

  it.each([
    ["/text", "not a GraphQL response"],
    ["/nothing", "neither data nor errors"],
  ])("rejects %s as OUTPUT_INVALID", async (path, words) => {
    const error = await failure(invokeGraphql({}, graphqlCall({ path })));
    expect(error.code).toBe("OUTPUT_INVALID");
    expect(error.message).toContain(words);
  });

  it("stops reading past maxResponseBytes", async () => {
    const error = await failure(invokeGraphql({}, graphqlCall({ path: "/huge" })));
    expect(error.code).toBe("RESPONSE_TRUNCATED");
  });

  it("times out after requestTimeoutMs", async () => {
    const error = await failure(
      invokeGraphql({}, graphqlCall({ path: "/slow", connection: { requestTimeoutMs: 200 } })),
    );
    expect(error.code).toBe("TIMEOUT");
    expect(error.message).toBe("GraphQL query Q did not answer within 200 ms");
  });

  it("is cancelled by the caller's signal", async () => {
    const controller = new AbortController();
    const call = invokeGraphql({}, graphqlCall({ path: "/slow", signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    expect((await failure(call)).code).toBe("CANCELLED");
  });

  it("does not follow a redirect to another origin, so no credentials leave", async () => {
    const error = await failure(
      invokeGraphql({}, graphqlCall({ path: "/away", connection: { auth: bearer } })),
    );
    expect(error.code).toBe("HTTP_REDIRECT");
    expect(other.requests).toHaveLength(0);
  });

  it("names a missing variable without sending anything", async () => {
    const error = await failure(invokeGraphql({}, graphqlCall({ connection: { auth: bearer }, env: {} })));
    expect(error).toMatchObject({ code: "MISSING_ENV", message: expect.stringContaining("API_TOKEN") });
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ["a non-http endpoint", { endpointUrl: "file:///etc/passwd" }, "MANIFEST_INVALID"],
    ["a zero timeout", { requestTimeoutMs: 0 }, "MANIFEST_INVALID"],
  ])("refuses %s", async (_name, connection, code) => {
    expect((await failure(invokeGraphql({}, graphqlCall({ connection })))).code).toBe(code);
  });
});
