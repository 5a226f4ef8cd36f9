/**
 * RFC 6570 reserved expansion `{+name}` in an OpenAPI path: the operation compiles, its parameter
 * keeps `/` (the rule discovery documents already follow), and a dot-segment in the value is still
 * refused when the operation is called.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { OpenapiInvoke } from "../../../../runtime/contract/manifest.js";
import { withStyle } from "../../../../runtime/invoke/openapi/parameter-style.js";
import { serializePath } from "../../../../runtime/invoke/openapi/serialize.js";
import { specOperations } from "../../../support/spec-context.js";

const FIXTURE = join(import.meta.dirname, "../../../fixtures/corpus/reserved-expansion.json");
const spec = () => JSON.parse(readFileSync(FIXTURE, "utf8")) as Record<string, unknown>;

describe("{+name} in OpenAPI paths", () => {
  it("compiles the operations, the reserved parameters marked so", async () => {
    const { op, text } = await specOperations(spec());
    expect(text).toBe("");
    const cancel = op("cancelOperation").invoke as OpenapiInvoke;
    expect(cancel.path).toBe("/v1/{name}:cancel");
    expect(cancel.parameters).toEqual([{ name: "name", in: "path", required: true, allowReserved: true }]);
    const get = op("getItem").invoke as OpenapiInvoke;
    expect(get.path).toBe("/v1/{parent}/items/{itemId}");
    expect(get.parameters.map((p) => [p.name, p.allowReserved === true])).toEqual([
      ["parent", true],
      ["itemId", false],
    ]);
  });

  it("sends slashes and path-safe reserved characters as written, and refuses dot-segments", async () => {
    const { op } = await specOperations(spec());
    const get = op("getItem").invoke as OpenapiInvoke;
    const path = (parent: string) =>
      serializePath(get.path, get.parameters.map(withStyle), { parent, itemId: "a/b" });
    expect(path("projects/p-1/locations/us:east@x")).toBe("/v1/projects/p-1/locations/us:east@x/items/a%2Fb");
    expect(path("a?b#c d")).toBe("/v1/a%3Fb%23c%20d/items/a%2Fb");
    for (const bad of ["projects/../admin", "./x", "a//b"])
      expect(() => path(bad)).toThrow("must not be empty or a dot-segment");
  });

  it("names another URI template operator as such, not as an undeclared parameter", async () => {
    const paths = {
      "/v1/{.format}": {
        get: { operationId: "withLabel", responses: { "200": { description: "ok" } } },
      },
    };
    const { operations, text } = await specOperations({ ...spec(), paths });
    expect(operations).toEqual([]);
    expect(text).toContain(
      'GET /v1/{.format} ("withLabel") is left out: its path uses the URI template operator "."',
    );
  });
});
