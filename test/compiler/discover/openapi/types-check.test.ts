/**
 * The spec's types module is type-checked when it is written: a schema whose types do not compile
 * (`type: "null"` or a scalar `type` list beside a `oneOf` of an object and an array of itself) is
 * typed `unknown` with a warning naming it, so the bundle, Code Mode declarations included, passes
 * `tsc --strict`; and `type: "null"` beside a `oneOf` is written as the union or null.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { typecheckBundle } from "../../../../scripts/typecheck-generated.mjs";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import { cleanupOutDirs, compileTo, configText, makeOutDir } from "./support.js";

const FIXTURE = join(import.meta.dirname, "../../../fixtures/corpus/null-beside-one-of.json");

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
  }, 60_000);
});
