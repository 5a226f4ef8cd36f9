/**
 * Every Swagger 2.0, OpenAPI 3.0 and OpenAPI 3.1 example of @readme/oas-examples compiles, its types
 * come from openapi-typescript, and the generated bundle passes `tsc --strict`. All examples are units of one project, so one type-check
 * covers them (each bundle declares the Code Mode global, so bundles cannot share a program).
 */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Manifest } from "../../../../runtime/contract/manifest.js";
import { typecheckBundle } from "../../../../scripts/typecheck-generated.mjs";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import { type CompiledBundle, cleanupOutDirs, compileTo, configText, makeOutDir } from "./support.js";

const EXAMPLES = join(import.meta.dirname, "../../../../node_modules/@readme/oas-examples");

/**
 * Example files expected not to compile, each with the reason. None today: every example compiles,
 * with warnings for the operations it cannot express.
 */
const EXCLUDED: Record<string, string> = {};

/** Examples that compile to a unit without operations, and why. */
const EMPTY: Record<string, string> = {
  "3.0/json/openapi-workshop/title.json": "its paths object is empty",
  "3.1/json/webhooks.json": "it describes only webhooks, which the API calls rather than serves",
  "3.1/yaml/webhooks.yaml": "it describes only webhooks, which the API calls rather than serves",
};

/** Warnings the examples may raise: operations or parts of them that cannot be expressed. */
const ALLOWED_WARNINGS = new Set(["OPERATION_SKIPPED", "OPENAPI_PARTIAL", "NO_OPERATIONS"]);

function exampleFiles(): string[] {
  return ["2.0", "3.0", "3.1"].flatMap((version) =>
    readdirSync(join(EXAMPLES, version), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(json|ya?ml)$/.test(e.name))
      .map((e) => relative(EXAMPLES, join(e.parentPath, e.name)))
      .sort(),
  );
}

const unitId = (file: string) =>
  `v${file.replace(/\.(json|ya?ml)$/, (m) => m.replace(".", "-")).replace(/[^A-Za-z0-9]+/g, "_")}`;

let bundle: CompiledBundle;
let outDir: string;

beforeAll(async () => {
  const entries = Object.fromEntries(
    exampleFiles().map((file) => [
      unitId(file),
      {
        name: file,
        description: `oas-examples ${file}`,
        specPath: join(EXAMPLES, file),
        baseUrl: "https://api.example.test/v1",
        auth: { type: "none" },
      },
    ]),
  );
  const dir = await writeProject({ ".units/config.json": configText({ openapiEndpoints: entries }) });
  outDir = await makeOutDir();
  bundle = await compileTo(dir, outDir);
}, 120_000);
afterAll(() => Promise.all([cleanupOutDirs(), cleanupProjects()]));

describe("@readme/oas-examples", () => {
  it("finds the examples", () => {
    expect(exampleFiles().length).toBeGreaterThan(120);
  });

  it("compiles every example without errors", () => {
    const excluded = Object.keys(EXCLUDED);
    const errors = bundle.result.diagnostics.filter(
      (d) => d.severity === "error" && !excluded.some((file) => d.file?.endsWith(file)),
    );
    expect(errors).toEqual([]);
    const warnings = bundle.result.diagnostics.filter((d) => d.severity === "warning");
    expect(warnings.filter((d) => !ALLOWED_WARNINGS.has(d.code))).toEqual([]);
  });

  it("finds operations in every example but the empty ones", () => {
    const manifest = JSON.parse(bundle.result.files.get("manifest.json") ?? "{}") as Manifest;
    const empty = manifest.units.filter((u) => u.operations.length === 0).map((u) => u.name);
    expect(empty).toEqual(Object.keys(EMPTY));
    expect(manifest.units).toHaveLength(exampleFiles().length - Object.keys(EXCLUDED).length);
  });

  it("types every example with operations through openapi-typescript", () => {
    const manifest = JSON.parse(bundle.result.files.get("manifest.json") ?? "{}") as Manifest;
    const typed = manifest.units.filter((u) => u.operations.length > 0);
    expect(typed.length).toBeGreaterThan(120);
    for (const unit of typed) {
      expect(bundle.result.files.get(`units/${unit.id}/spec-types.ts`), unit.name).toContain(
        "types written by openapi-typescript",
      );
      expect(bundle.result.files.get(`units/${unit.id}/types.ts`), unit.name).toContain(
        'import type * as $types from "./spec-types.ts";',
      );
    }
    // Some examples describe no parameter, body or response schema at all: nothing to index.
    const indexing = typed.filter((u) =>
      /\$types\.(?:paths|operations)\[/.test(bundle.result.files.get(`units/${u.id}/types.ts`) ?? ""),
    );
    expect(indexing.length).toBeGreaterThan(100);
  });

  it("type-checks the generated bundle", () => {
    expect(typecheckBundle(outDir)).toEqual([]);
  }, 120_000);
});
