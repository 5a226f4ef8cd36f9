/**
 * A unit's Code Mode declaration refers to its `units/<id>/types.ts` (which imports the generated
 * types from `spec-types.ts`) rather than holding a copy; the runtime puts both back as one
 * namespace, the generated types as `namespace $types`, when it loads the declarations (for the type
 * check and `units.describe`), reading only that unit's own files.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Manifest } from "../../../../runtime/contract/manifest.js";
import { BundleChecker } from "../../../../runtime/sandbox/check/typecheck.js";
import {
  describeDeclaration,
  loadDeclarations,
} from "../../../../runtime/sandbox/declarations/declarations.js";

const GOLDEN = join(import.meta.dirname, "../../../fixtures/emit/openapi-petstore/expected");
const DECLARATION = ".code-mode/units/petstore.d.ts";
const copies: string[] = [];

/** The petstore golden copied to a fresh folder elsewhere, so it can be moved and edited. */
function copyOfGolden(): string {
  const dir = mkdtempSync(join(tmpdir(), "unitc-spec-types-link-"));
  copies.push(dir);
  cpSync(GOLDEN, dir, { recursive: true });
  return dir;
}
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

const manifest = JSON.parse(readFileSync(join(GOLDEN, "manifest.json"), "utf8")) as Manifest;
const unit = manifest.units[0];
if (!unit) throw new Error("the petstore golden has no unit");

describe("generated types linked from the Code Mode declaration", () => {
  it("are not copied into the declaration file, nor are the unit's types and methods", () => {
    const text = readFileSync(join(GOLDEN, DECLARATION), "utf8");
    expect(text).toContain('import * as $unit from "../../units/petstore/types.js";\n');
    expect(text).toContain("  export import petstore = $unit;\n");
    expect(text).not.toContain("export interface paths");
    expect(text).not.toContain("DeletePetInput");
    expect(text).not.toContain("Remove a pet.");
  });

  it("are put back as namespace $types when the runtime loads a moved bundle", () => {
    const dir = copyOfGolden();
    const loaded = loadDeclarations(dir);
    const text = loaded?.units.get("petstore") ?? "";
    expect(text).toMatch(
      /^\ndeclare namespace Units\.petstore \{\n {2}\/\/ Types written by openapi-typescript [\d.]+\.\n {2}namespace \$types \{\n {4}export interface paths \{\n {6}"\/pets": \{\n {8}get: operations\["listPets"\];\n/,
    );
    expect(text).not.toContain("declare global");
    expect(text).not.toContain("import type");
    expect(text.endsWith("  }\n}\n")).toBe(true);
    const checker = new BundleChecker(loaded?.combined ?? "");
    expect(checker.types("const pets = await units.petstore.listPets({});\nreturn pets;")).toEqual([]);
    const wrong = checker.types('return await units.petstore.deletePet({ path: { petId: "x" } });');
    expect(wrong.map((d) => d.code)).toEqual(["TS2322"]);
    expect(describeDeclaration(loaded, unit, "deletePet")).toContain(
      "    /** Remove a pet. */\n    deletePet(input: DeletePetInput): Promise<DeletePetOutput>;\n",
    );
  });

  it("are read only from the unit's own spec-types.ts, whatever the import says", () => {
    const dir = copyOfGolden();
    const file = join(dir, DECLARATION);
    writeFileSync(file, readFileSync(file, "utf8").replace("../../units/petstore/", "../../../outside/"));
    const text = loadDeclarations(dir)?.units.get("petstore") ?? "";
    expect(text).toContain("  namespace $types {\n  }\n");
    expect(text).not.toContain("export interface paths");
    expect(text).not.toContain("DeletePetInput");
    expect(text).not.toContain("import");
  });

  it("leave the unit's members out when types.ts is missing, and the rest still loads", () => {
    const dir = copyOfGolden();
    rmSync(join(dir, "units/petstore/types.ts"));
    const loaded = loadDeclarations(dir);
    const text = loaded?.units.get("petstore") ?? "";
    expect(text).toMatch(/^\ndeclare namespace Units\.petstore \{\n {2}\/\/ Types written by /);
    expect(text).not.toContain("interface Client");
    const checker = new BundleChecker(loaded?.combined ?? "");
    const warnings = checker.types('return await units.petstore.deletePet({ path: { petId: "x" } });');
    expect(warnings.every((d) => d.severity === "warning")).toBe(true);
  });

  it("leave an empty namespace when spec-types.ts is missing, and the rest still loads", () => {
    const dir = copyOfGolden();
    rmSync(join(dir, "units/petstore/spec-types.ts"));
    const loaded = loadDeclarations(dir);
    const text = loaded?.units.get("petstore") ?? "";
    expect(text).toContain("  namespace $types {\n  }\n");
    expect(describeDeclaration(loaded, unit, "deletePet")).toContain("deletePet(input: DeletePetInput)");
    const checker = new BundleChecker(loaded?.combined ?? "");
    const warnings = checker.types('return await units.petstore.deletePet({ path: { petId: "x" } });');
    expect(warnings.every((d) => d.severity === "warning")).toBe(true);
  });
});
