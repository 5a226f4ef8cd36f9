import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invokeHttp } from "../../../../runtime/invoke/http/index.js";
import {
  failure,
  httpAction,
  sendJson,
  startHttpServer,
  type TestServer,
} from "../../../support/http-server.js";

let server: TestServer;

beforeAll(async () => {
  // Echoes what it received, so each test can check the request from both sides.
  server = await startHttpServer((request, res) =>
    sendJson(res, 200, { path: request.path, body: request.body }),
  );
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe("invokeHttp: URL and query", () => {
  it("fills path parameters and builds the query from input and literals", async () => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: {
        path: "/items/{id}",
        query: { q: "$input.search", version: "2", label: "tag-$input.tag", missing: "$input.absent" },
      },
    });
    const result = await invokeHttp({ id: "a b", search: "red shoes", tag: 7 }, context);
    expect(result).toEqual({
      value: { path: "/items/a%20b?q=red+shoes&version=2&label=tag-7", body: "" },
      truncated: false,
    });
    expect(server.requests.map((r) => r.method)).toEqual(["GET"]);
  });

  it("repeats a query parameter for an array and omits null", async () => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: { path: "/list", query: { id: "$input.ids", x: "$input.x" } },
    });
    await invokeHttp({ ids: [1, "two", null], x: null }, context);
    expect(server.requests[0]?.path).toBe("/list?id=1&id=two");
  });

  it.each([
    ["an object", { q: { nested: true } }, "query q takes a scalar"],
    ["a newline", { q: "a\r\nSet-Cookie: x=1" }, "query q must not contain CR, LF or NUL"],
    ["a NUL", { q: "a\u0000b" }, "query q must not contain CR, LF or NUL"],
  ])("rejects %s as a query value without sending", async (_name, input, message) => {
    const context = httpAction({ baseUrl: server.url, invoke: { path: "/list", query: { q: "$input.q" } } });
    const error = await failure(invokeHttp(input, context));
    expect(error.code).toBe("INPUT_INVALID");
    expect(error.message).toContain(message);
    expect(server.requests).toEqual([]);
  });

  it("joins a baseUrl path prefix without a double slash", async () => {
    for (const baseUrl of [`${server.url}/api`, `${server.url}/api/`]) {
      await invokeHttp({ id: 3 }, httpAction({ baseUrl, invoke: { path: "/items/{id}" } }));
    }
    expect(server.requests.map((r) => r.path)).toEqual(["/api/items/3", "/api/items/3"]);
  });

  it.each(["../../admin", "..", ".", "a/../../admin", "..\\admin"])(
    "rejects the dot-segment path parameter %j and sends nothing",
    async (id) => {
      const context = httpAction({ baseUrl: `${server.url}/api`, invoke: { path: "/items/{id}" } });
      const error = await failure(invokeHttp({ id }, context));
      expect(error.code).toBe("INPUT_INVALID");
      expect(error.details).toMatchObject({ unit: "api", operation: "call" });
      expect(server.requests).toEqual([]);
    },
  );

  it.each([
    ["a?x=1", "/items/a%3Fx%3D1"],
    ["a/b", "/items/a%2Fb"],
    ["a#frag", "/items/a%23frag"],
    ["http://evil.example/x", "/items/http%3A%2F%2Fevil.example%2Fx"],
    ["//evil.example", "/items/%2F%2Fevil.example"],
    ["%2e%2e", "/items/%252e%252e"],
  ])("sends the path parameter %j as one encoded segment", async (id, path) => {
    await invokeHttp({ id }, httpAction({ baseUrl: server.url, invoke: { path: "/items/{id}" } }));
    expect(server.requests.map((r) => r.path)).toEqual([path]);
  });

  it.each(["/../admin", "/%2e%2e/admin", "/a/%2E./admin", "/a/.%2e", "/./admin", "/a\\..\\admin"])(
    "refuses the configured path %j, which climbs out of the base path, and sends nothing",
    async (path) => {
      const context = httpAction({ baseUrl: `${server.url}/api/v1`, invoke: { path } });
      const error = await failure(invokeHttp({}, context));
      expect(error.code).toBe("MANIFEST_INVALID");
      expect(error.message).toContain("dot-segment");
      expect(server.requests).toEqual([]);
    },
  );

  it("rejects a configured path that does not start with a slash", async () => {
    const context = httpAction({ baseUrl: server.url, invoke: { path: "@evil.example/x" } });
    expect((await failure(invokeHttp({}, context))).code).toBe("MANIFEST_INVALID");
    expect(server.requests).toEqual([]);
  });
});

describe("invokeHttp: JSON body", () => {
  it("expands $input, $input.a.b, literals and nested objects into the exact JSON sent", async () => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: {
        method: "POST",
        path: "/things",
        jsonBody: {
          all: "$input",
          city: "$input.address.city",
          kind: "literal $input.name stays literal",
          count: 3,
          nested: { flag: true, tags: ["$input.tag", "fixed"], gone: "$input.absent" },
        },
      },
    });
    const input = { name: "n", tag: "t", address: { city: "Oslo" } };
    await invokeHttp(input, context);
    const [request] = server.requests;
    expect(request?.method).toBe("POST");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body).toBe(
      JSON.stringify({
        all: input,
        city: "Oslo",
        kind: "literal $input.name stays literal",
        count: 3,
        nested: { flag: true, tags: ["t", "fixed"] },
      }),
    );
  });

  it("keeps a configured content type", async () => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: {
        method: "PUT",
        path: "/x",
        headers: { "Content-Type": "application/merge-patch+json" },
        jsonBody: "$input",
      },
    });
    await invokeHttp({ a: 1 }, context);
    expect(server.requests[0]?.headers["content-type"]).toBe("application/merge-patch+json");
    expect(server.requests[0]?.body).toBe('{"a":1}');
  });

  it("never sends a body with GET", async () => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: { method: "GET", path: "/x", jsonBody: "$input" },
    });
    await invokeHttp({ a: 1 }, context);
    expect(server.requests[0]?.body).toBe("");
    expect(server.requests[0]?.headers["content-type"]).toBeUndefined();
  });
});

describe("invokeHttp: configured headers", () => {
  it("sends templated headers, joins arrays and omits absent values", async () => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: {
        path: "/h",
        headers: { "X-Trace": "trace-$input.id", "X-Tags": "$input.tags", "X-None": "$input.none" },
      },
    });
    await invokeHttp({ id: 9, tags: ["a", "b"] }, context);
    const headers = server.requests[0]?.headers ?? {};
    expect([headers["x-trace"], headers["x-tags"], headers["x-none"]]).toEqual([
      "trace-9",
      "a, b",
      undefined,
    ]);
  });

  it.each(["a\r\nX-Injected: 1", "a\nb", "a\rb", "a\u0000b"])(
    "rejects the header value %j",
    async (value) => {
      const context = httpAction({
        baseUrl: server.url,
        invoke: { path: "/h", headers: { "X-Note": "$input.note" } },
      });
      const error = await failure(invokeHttp({ note: value }, context));
      expect([error.code, error.message]).toEqual([
        "INPUT_INVALID",
        "header X-Note must not contain CR, LF or NUL",
      ]);
      expect(server.requests).toEqual([]);
    },
  );

  it("refuses to configure Host", async () => {
    const context = httpAction({
      baseUrl: server.url,
      invoke: { path: "/h", headers: { Host: "evil.example" } },
    });
    expect((await failure(invokeHttp({}, context))).code).toBe("MANIFEST_INVALID");
    expect(server.requests).toEqual([]);
  });
});
