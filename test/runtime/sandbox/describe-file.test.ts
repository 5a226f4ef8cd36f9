/**
 * Each operation's `units.describe` text written at compile time (`units/<id>/describe.txt` and its
 * table): read back one slice at a time, equal to what cutting it from the declarations gives, and
 * ignored (undefined: the caller cuts it itself) when missing or stale.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readManifest } from "../../../runtime/manifest.js";
import { describeDeclaration, loadDeclarations } from "../../../runtime/sandbox/declarations.js";
import {
  describedFromFiles,
  describeFiles,
  describeIndexPath,
  describeTextPath,
  readDescribed,
} from "../../../runtime/sandbox/describe-file.js";
import { diskReader } from "../../../runtime/sandbox/spec-types-link.js";

const FIXTURES = join(import.meta.dirname, "../../fixtures/emit");
const PETSTORE = join(FIXTURES, "openapi-petstore/expected");
const copies: string[] = [];

function copyOf(dir: string): string {
  const copy = mkdtempSync(join(tmpdir(), "unitc-describe-"));
  copies.push(copy);
  cpSync(dir, copy, { recursive: true });
  return copy;
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe("describe-file", () => {
  it("holds, for every operation, the text units.describe cuts from the declarations", () => {
    for (const fixture of ["openapi-petstore", "http-actions", "plural-children", "names"]) {
      const dir = join(FIXTURES, fixture, "expected");
      const { manifest } = readManifest(join(dir, "manifest.json"));
      const declarations = loadDeclarations(dir);
      for (const unit of manifest.units) {
        for (const op of unit.operations) {
          const expected = describeDeclaration(declarations, unit, op.tsName);
          expect(describedFromFiles(dir, unit, op.tsName), `${unit.id}.${op.tsName}`).toEqual({
            text: expected,
          });
        }
      }
    }
  });

  it("writes the same files from the emitted text as from the bundle on disk", () => {
    const files = describeFiles("petstore", diskReader(PETSTORE), ["listPets", "getPet", "nope"]);
    expect(files.map(([path]) => path)).toEqual([
      describeIndexPath("petstore"),
      describeTextPath("petstore"),
    ]);
    const copy = copyOf(PETSTORE);
    for (const [path, text] of files) writeFileSync(join(copy, path), text);
    expect(readDescribed(copy, "petstore", "getPet")?.text).toContain("getPet(input: GetPetInput)");
    // An operation the declaration has no method for has no text, and is no reason to fall back.
    expect(readDescribed(copy, "petstore", "nope")).toEqual({ text: undefined });
    expect(readDescribed(copy, "petstore", "constructor")).toEqual({ text: undefined });
  });

  it("is ignored when missing, or when the text or a file it was cut from changed size", () => {
    expect(readDescribed(PETSTORE, "petstore", "getPet")?.text).toContain("interface Client");
    for (const change of [
      (dir: string) => rmSync(join(dir, describeIndexPath("petstore"))),
      (dir: string) => appendFileSync(join(dir, describeTextPath("petstore")), " "),
      (dir: string) => appendFileSync(join(dir, "units/petstore/types.ts"), "\n"),
      (dir: string) => appendFileSync(join(dir, "units/petstore/spec-types.ts"), "\n"),
      (dir: string) => appendFileSync(join(dir, ".code-mode/units/petstore.d.ts"), "\n"),
      (dir: string) => writeFileSync(join(dir, describeIndexPath("petstore")), "{not json"),
    ]) {
      const copy = copyOf(PETSTORE);
      change(copy);
      expect(readDescribed(copy, "petstore", "getPet")).toBeUndefined();
    }
  });

  it("gives a unit outside Code Mode its compact signature, as units.describe does", () => {
    const dir = join(FIXTURES, "http-actions/expected");
    const { manifest } = readManifest(join(dir, "manifest.json"));
    const status = manifest.units.find((u) => u.exposure === "direct");
    const op = status?.operations[0];
    if (!status || !op) throw new Error("the fixture has a unit outside Code Mode");
    const described = describedFromFiles(dir, status, op.tsName);
    expect(described?.text).toMatch(new RegExp(`^// .*\\nunits\\.${status.id}\\.${op.tsName}\\(`));
  });
});
