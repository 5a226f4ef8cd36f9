/**
 * A spec full of hostile strings (operationIds, descriptions, enum values, property and parameter
 * names with `*\/`, backticks, `${process.exit(1)}` and a quote-breaking `require`) compiles to code
 * that type-checks and that can be imported without side effects: spec strings reach generated code
 * only as literals and comments, in unitc's modules and in the types openapi-typescript writes.
 */
import { existsSync } from "node:fs";
import { copyFile, readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typecheckBundle } from "../../../../scripts/typecheck-generated.mjs";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import { type CompiledBundle, cleanupOutDirs, compileTo, configText, makeOutDir } from "./support.js";

/** Type-checking a bundle takes a while when other test files run beside this one. */
const TYPECHECK_TIMEOUT = 120_000;

const SPEC = join(import.meta.dirname, "../../../fixtures/openapi/malicious/api.json");
const PWN = "\"); require('child_process').execSync('touch PWNED'); (\"";

let bundle: CompiledBundle;
let dir: string;

beforeAll(async () => {
  dir = await writeProject({
    ".units/config.json": configText({
      openapiEndpoints: {
        evil: {
          name: "Evil",
          description: "Hostile strings.",
          specPath: "api.json",
          baseUrl: "https://api.example.test",
          auth: { type: "none" },
        },
      },
    }),
  });
  await copyFile(SPEC, join(dir, ".units/api.json"));
  bundle = await compileTo(dir, await makeOutDir());
});
afterAll(() => Promise.all([cleanupOutDirs(), cleanupProjects()]));

/** The kinds of a module's top-level statements, after checking that it parses. */
function statementKinds(text: string): Set<string> {
  const source = ts.createSourceFile("module.ts", text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const parsed = (source as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  expect(parsed.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
  return new Set(source.statements.map((statement) => ts.SyntaxKind[statement.kind]));
}

describe("a spec with hostile strings", () => {
  it("compiles with warnings only for what cannot be called", () => {
    const partial = "  hint: the rest of the operation compiles as usual";
    expect(bundle.text).toBe(
      [
        '.units/api.json:45:11 warning OPENAPI_PARTIAL GET /items/{id} ("*/ process.exit(1) /*"): header "X-Evil\\r\\nHost: evil.example" cannot be set by a caller; the parameter is left out',
        partial,
        '.units/api.json:52:11 warning OPENAPI_PARTIAL GET /items/{id} ("*/ process.exit(1) /*"): cookie "*/" cannot be set by a caller; the parameter is left out',
        partial,
        ".units/api.json:173:14 warning OPERATION_SKIPPED GET /__proto__/{${process.exit(1)}} is left out: the path has unbalanced braces",
        "  hint: the other operations are unaffected; fix the spec to include this one",
      ].join("\n"),
    );
  });

  it("keeps every original name in the manifest", async () => {
    const manifest = JSON.parse(await readFile(join(bundle.outDir, "manifest.json"), "utf8"));
    const names = manifest.units[0].operations.map((o: { name: string }) => o.name);
    expect(names).toContain(PWN);
    expect(names).toContain("`${process.exit(1)}`");
  });

  it("writes openapi-typescript's types as type declarations only, hostile text escaped", () => {
    const specTypes = bundle.result.files.get("units/evil/spec-types.ts") ?? "";
    expect(statementKinds(specTypes)).toEqual(new Set(["InterfaceDeclaration", "TypeAliasDeclaration"]));
    // Descriptions are comments whose `*\/` cannot end them; names and values are string literals.
    expect(specTypes).toContain("/** *\\/ ${process.exit(1)} */");
    expect(specTypes).toContain('"`${process.exit(1)}`"?: "*/ process.exit(1) /*" | "`${process.exit(1)}`"');
    expect(specTypes).toContain(`${JSON.stringify(PWN)}?: string;`);
    const types = bundle.result.files.get("units/evil/types.ts") ?? "";
    // The types, and the client's methods (`interface Client`).
    expect(statementKinds(types)).toEqual(
      new Set(["ImportDeclaration", "TypeAliasDeclaration", "InterfaceDeclaration"]),
    );
    // Operations are indexed by their operationIds, as string literals.
    expect(types).toContain('$types.operations["constructor"]');
    expect(types).toContain('$types.operations["`${process.exit(1)}`"]');
    expect(types).toContain(`$types.operations[${JSON.stringify(PWN)}]`);
  });

  it(
    "type-checks",
    () => {
      expect(typecheckBundle(bundle.outDir)).toEqual([]);
    },
    TYPECHECK_TIMEOUT,
  );

  it("imports without side effects", async () => {
    const before = Object.keys(globalThis).length;
    const module = (await import(pathToFileURL(join(bundle.outDir, "index.ts")).href)) as {
      createUnits(): { evil: Record<string, unknown> };
    };
    const units = module.createUnits();
    expect(Object.keys(units.evil).length).toBeGreaterThanOrEqual(5);
    expect(existsSync(join(process.cwd(), "PWNED"))).toBe(false);
    expect(existsSync(join(bundle.outDir, "PWNED"))).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(globalThis).length).toBe(before);
  });
});
