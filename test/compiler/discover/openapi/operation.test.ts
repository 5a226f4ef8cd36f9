/**
 * OpenAPI operations → manifest operations: names, annotations, and operations skipped with a warning
 * naming them.
 */
import { describe, expect, it } from "vitest";
import { discoverSpec as discover } from "./support.js";

const ok = { "200": { description: "ok" } };

describe("operation names", () => {
  it("uses operationId, else the method and the sanitised path", async () => {
    const { unit } = await discover({
      "/users/{id}": {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        get: { responses: ok },
        put: { operationId: "replaceUser", responses: ok },
      },
      "/": { get: { responses: ok } },
    });
    expect(unit.operations.map((o) => o.name)).toEqual(["get_users_id", "replaceUser", "get"]);
  });

  it("keeps the first of two equal names and gives the second a stable hash, with a warning", async () => {
    const { unit, text } = await discover({
      "/a": { get: { operationId: "list", responses: ok } },
      "/b": { get: { operationId: "list", responses: ok } },
    });
    expect(unit.operations.map((o) => o.name)).toEqual(["list", "list_db789e"]);
    expect(text).toBe(
      '.units/spec.json:19:14 warning OPERATION_RENAMED GET /b ("list") is named "list_db789e": "list" is taken by GET /a\n  hint: give each operation a unique operationId',
    );
  });
});

describe("operations that cannot be expressed", () => {
  it.each([
    ["/a/../admin", "the path holds a dot-segment (. or ..)"],
    ["/a/%2e%2e/admin", "the path holds a dot-segment (. or ..)"],
    ["/a?debug=1", "the path holds ?, #, \\ or a control character"],
    ["/a/{id}", "the path names {id}, which no path parameter declares"],
    ["a", "the path does not start with /"],
  ])("skips %s", async (path, reason) => {
    const { unit, text } = await discover({
      [path]: { get: { operationId: "x", responses: ok } },
      "/fine": { get: { operationId: "fine", responses: ok } },
    });
    expect(unit.operations.map((o) => o.name)).toEqual(["fine"]);
    expect(text).toContain(`warning OPERATION_SKIPPED GET ${path} ("x") is left out: ${reason}`);
  });

  it("requests a path written with a #fragment without it", async () => {
    const { op } = await discover({ "/a#variant": { get: { operationId: "x", responses: ok } } });
    expect((op("x").invoke as { path: string }).path).toBe("/a");
  });

  it("discovers HEAD, OPTIONS and TRACE", async () => {
    const { unit } = await discover({
      "/x": { head: { responses: ok }, options: { responses: ok }, trace: { responses: ok } },
    });
    expect(unit.operations.map((o) => [o.name, (o.invoke as { method: string }).method])).toEqual([
      ["options_x", "OPTIONS"],
      ["head_x", "HEAD"],
      ["trace_x", "TRACE"],
    ]);
  });
});
