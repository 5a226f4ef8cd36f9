/**
 * The spec's types module is type-checked when it is written: a schema whose types do not compile
 * (`type: "null"` or a scalar `type` list beside a `oneOf` of an object and an array of itself) is
 * typed `unknown` with a warning naming it, so the bundle, Code Mode declarations included, passes
 * `tsc --strict`; and `type: "null"` beside a `oneOf` is written as the union or null. A module past a
 * megabyte is checked too.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { typecheckBundle } from "../../../../scripts/typecheck-generated.mjs";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import { cleanupOutDirs, compileTo, configText, makeOutDir } from "./support.js";

const FIXTURE = join(import.meta.dirname, "../../../fixtures/corpus/null-beside-one-of.json");

/** More than a megabyte of types: many plain schemas, the first of them under a tree that is fine. */
function largeSpec(offending: Record<string, unknown>): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < 2500; i++) {
    const properties: Record<string, unknown> = {};
    for (let p = 0; p < 8; p++)
      properties[`field_${p}`] = {
        type: p % 2 === 0 ? "string" : "integer",
        description: `Field ${p} of filler ${i}.`,
      };
    schemas[`Filler${i}`] = { type: "object", properties, required: ["field_0"] };
  }
  // An operation reaches every filler: the types of a unit are those its operations reach.
  schemas.Fillers = {
    type: "object",
    properties: Object.fromEntries(
      Object.keys(schemas).map((name) => [name, { $ref: `#/components/schemas/${name}` }]),
    ),
  };
  // Refers to itself through a property, which compiles, and to a plain schema.
  schemas.Tree = {
    type: "object",
    properties: {
      children: { type: "array", items: { $ref: "#/components/schemas/Tree" } },
      meta: { $ref: "#/components/schemas/Filler0" },
    },
  };
  schemas.EdgeConfigItemValue = offending;
  const get = (operationId: string, schema: string) => ({
    get: {
      operationId,
      responses: {
        "200": {
          description: "ok",
          content: { "application/json": { schema: { $ref: `#/components/schemas/${schema}` } } },
        },
      },
    },
  });
  return JSON.stringify({
    openapi: "3.1.0",
    info: { title: "Edge config", version: "1" },
    paths: {
      "/item": get("getItem", "EdgeConfigItemValue"),
      "/tree": get("getTree", "Tree"),
      "/filler": get("getFillers", "Fillers"),
    },
    components: { schemas },
  });
}

afterAll(() => Promise.all([cleanupOutDirs(), cleanupProjects()]));

describe("types that would not compile", () => {
  it("are written as a union with null, or typed unknown with a warning, and the bundle type-checks", async () => {
    const dir = await writeProject({
      ".units/config.json": configText({
        openapiEndpoints: {
          edge: {
            name: "Edge config",
            description: "Edge config items.",
            specPath: FIXTURE,
            baseUrl: "https://api.example.test",
            auth: { type: "none" },
          },
        },
      }),
    });
    const outDir = await makeOutDir();
    const bundle = await compileTo(dir, outDir);
    const warnings = bundle.result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.message}`);
    expect(warnings).toEqual([
      `warning OPENAPI_TYPES_FALLBACK the type openapi-typescript writes for schema "EdgeConfigItemValue" of null-beside-one-of.json does not compile (TS2502: 'EdgeConfigItemValue' is referenced directly or indirectly in its own type annotation.); it is typed unknown`,
      `warning OPENAPI_TYPES_FALLBACK the type openapi-typescript writes for schema "Scalars" of null-beside-one-of.json does not compile (TS2502: 'Scalars' is referenced directly or indirectly in its own type annotation.); it is typed unknown`,
    ]);
    const types = bundle.result.files.get("units/edge/spec-types.ts") ?? "";
    expect(types).toContain("EdgeConfigItemValue: unknown;");
    expect(types).toContain("Scalars: unknown;");
    expect(types).toContain("MaybeName: string | number | null;");
    expect(typecheckBundle(outDir)).toEqual([]);
  }, 120_000);

  it("are found in a module past a megabyte, and only the offending schema is typed unknown", async () => {
    const offending = {
      type: ["string", "number", "boolean", "null"],
      oneOf: [
        { type: "object", additionalProperties: { $ref: "#/components/schemas/EdgeConfigItemValue" } },
        { type: "array", items: { $ref: "#/components/schemas/EdgeConfigItemValue" } },
      ],
    };
    const dir = await writeProject({
      "spec.json": largeSpec(offending),
      ".units/config.json": configText({
        openapiEndpoints: {
          edge: {
            name: "Edge config",
            description: "Edge config items.",
            specPath: "../spec.json",
            baseUrl: "https://api.example.test",
            auth: { type: "none" },
          },
        },
      }),
    });
    const outDir = await makeOutDir();
    const bundle = await compileTo(dir, outDir);
    const warnings = bundle.result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.message}`);
    expect(warnings).toEqual([
      `warning OPENAPI_TYPES_FALLBACK the type openapi-typescript writes for schema "EdgeConfigItemValue" of spec.json does not compile (TS2502: 'EdgeConfigItemValue' is referenced directly or indirectly in its own type annotation.); it is typed unknown`,
    ]);
    const types = bundle.result.files.get("units/edge/spec-types.ts") ?? "";
    expect(types.length).toBeGreaterThan(1_000_000);
    expect(types).toContain("EdgeConfigItemValue: unknown;");
    expect(types).toContain('children?: components["schemas"]["Tree"][];');
    expect(typecheckBundle(outDir)).toEqual([]);
  }, 180_000);
});
