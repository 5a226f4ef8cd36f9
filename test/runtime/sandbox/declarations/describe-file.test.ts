/**
 * Each operation's `units.describe` text written at compile time (`units/<id>/describe-index.json`,
 * its pieces, and `describe.txt`): read back a few slices at a time, equal to what cutting it from
 * the declarations gives, each shared piece stored once, and ignored (undefined: the caller cuts it
 * itself) when missing or stale.
 */
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readManifest } from "../../../../runtime/contract/manifest.js";
import {
  CODE_MODE_DIR,
  describeDeclaration,
  loadDeclarations,
  unitDeclarationPath,
  unitDeclarationRegions,
} from "../../../../runtime/sandbox/declarations/declarations.js";
import {
  describedFromFiles,
  describeFiles,
  describeIndexPath,
  describeTextPath,
  readDescribed,
} from "../../../../runtime/sandbox/declarations/describe-file.js";
import {
  decodePieces as decodeList,
  encodePieces,
} from "../../../../runtime/sandbox/declarations/describe-pieces.js";
import { diskReader } from "../../../../runtime/sandbox/declarations/spec-types-link.js";
import { typesIndexHeld } from "../../../../runtime/sandbox/declarations/types-excerpt.js";

const FIXTURES = join(import.meta.dirname, "../../../fixtures/emit");
const PETSTORE = join(FIXTURES, "openapi-petstore/expected");
const copies: string[] = [];
/** The pieces read from a table's numbers, as a list of entries. */
function decodePieces(numbers: unknown): number[][] | undefined {
  const list = decodeList(numbers);
  return list && Array.from({ length: list.length }, (_, i) => list.at(i) as number[]);
}
/** The pieces as the table holds them once parsed. */
const encoded = (pieces: number[][]): number[] => JSON.parse(`[${encodePieces(pieces).join(",")}]`);

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

  it("lets go of what it read of the unit's types once every text is cut", () => {
    const read = diskReader(PETSTORE);
    const declaration = read(join(CODE_MODE_DIR, unitDeclarationPath("petstore"))) ?? "";
    const { text } = unitDeclarationRegions(read, "petstore", declaration);
    expect(text).toContain("namespace $types {");
    const files = describeFiles("petstore", read, ["listPets", "getPet"]);
    expect(files).toHaveLength(2);
    expect(typesIndexHeld(text)).toBe(false);
  });

  it("stores each piece the operations share once: the files are smaller than the texts", () => {
    for (const dir of [PETSTORE, join(import.meta.dirname, "../../../../generated/discovery")]) {
      const { manifest } = readManifest(join(dir, "manifest.json"));
      const declarations = loadDeclarations(dir);
      for (const unit of manifest.units) {
        const names = unit.operations.map((op) => op.tsName);
        const texts = names.map((name) => describeDeclaration(declarations, unit, name) ?? "");
        const files = describeFiles(unit.id, diskReader(dir), names);
        const stored = files.reduce((sum, [, text]) => sum + Buffer.byteLength(text), 0);
        const written = texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0);
        expect(stored, unit.id).toBeLessThan(written / 3);
        // What the bundle holds is what the writer gives.
        for (const [path, text] of files) expect(readFileSync(join(dir, path), "utf8"), path).toBe(text);
      }
    }
  });

  it("is ignored when a piece lies outside its file or names a file not the unit's", () => {
    const written = JSON.parse(readFileSync(join(PETSTORE, describeIndexPath("petstore")), "utf8"));
    // Changed as the reader sees it (pieces decoded), then written in both forms.
    const index = { ...written, pieces: decodePieces(written.pieces) };
    const types = "units/petstore/types.ts";
    for (const change of [
      (data: typeof index) => data.pieces.push([2, data.sources[types] - 10, 20]),
      (data: typeof index) => data.pieces.push([0, data.textBytes, 1]),
      (data: typeof index) => data.pieces.push([9, 0, 1]),
      (data: typeof index) => data.files.push(["manifest.json", "types"]),
    ]) {
      const data = structuredClone(index);
      change(data);
      data.operations.getPet = `${data.operations.getPet} ${(data.pieces.length - 1).toString(36)}`;
      for (const form of [
        { ...data, pieces: encoded(data.pieces) },
        { ...data, format: 2, pieces: data.pieces },
      ]) {
        const copy = copyOf(PETSTORE);
        writeFileSync(join(copy, describeIndexPath("petstore")), JSON.stringify(form));
        expect(readDescribed(copy, "petstore", "getPet"), JSON.stringify(form.pieces.at(-1))).toBeUndefined();
      }
    }
    // Pieces that are no table: a format 2 entry of text, or format 3 numbers not in threes.
    for (const pieces of [[["0", 0, 1]], [0, 0], [0, "0", 1], [0, 0, 1.5], "0,0,1", [[0, 0, 1]]]) {
      const copy = copyOf(PETSTORE);
      const format = Array.isArray(pieces[0]) && pieces[0][0] !== 0 ? 2 : 3;
      writeFileSync(
        join(copy, describeIndexPath("petstore")),
        JSON.stringify({ ...written, format, pieces }),
      );
      expect(readDescribed(copy, "petstore", "getPet"), JSON.stringify(pieces)).toBeUndefined();
    }
    // Numbers naming no piece, or a run past the table.
    for (const numbers of ["zz", "0-zzzz", "x-"]) {
      const copy = copyOf(PETSTORE);
      writeFileSync(
        join(copy, describeIndexPath("petstore")),
        JSON.stringify({ ...written, operations: { getPet: numbers } }),
      );
      expect(readDescribed(copy, "petstore", "getPet"), numbers).toBeUndefined();
    }
  });

  it("writes the pieces as text, and reads a table of the older format (pieces as arrays) alike", () => {
    const written = JSON.parse(readFileSync(join(PETSTORE, describeIndexPath("petstore")), "utf8"));
    expect(written.format).toBe(3);
    const pieces = decodePieces(written.pieces);
    expect(pieces?.length).toBeGreaterThan(10);
    expect(encoded(pieces ?? [])).toEqual(written.pieces);
    const older = copyOf(PETSTORE);
    writeFileSync(
      join(older, describeIndexPath("petstore")),
      JSON.stringify({ ...written, format: 2, pieces }),
    );
    const { manifest } = readManifest(join(PETSTORE, "manifest.json"));
    for (const op of manifest.units[0]?.operations ?? []) {
      const text = readDescribed(PETSTORE, "petstore", op.tsName);
      expect(text?.text, op.tsName).toBeDefined();
      expect(readDescribed(older, "petstore", op.tsName), op.tsName).toEqual(text);
    }
  });

  it("encodes each piece's source, start, length and mid-line mark, starts far apart or behind", () => {
    const pieces = [
      [0, 0, 10],
      [1, 4_000_000, 45, 1],
      [0, 10, 3],
      [2, 7, 0],
      [1, 12, 1_000],
      [1, 1_012, 5, 1],
      [0, 13, 1],
      [0, 20, 2],
    ];
    expect(encodePieces(pieces)).toEqual([
      "0,0,10,3,4000000,45,0,0,3,4,7,0,2,-4000033,1000,3,0,5,0,0,1,0,6,2",
    ]);
    expect(decodePieces(encoded(pieces))).toEqual(pieces);
    const many = Array.from({ length: 130 }, (_, i) => [0, i, 1]);
    expect(encodePieces(many)).toHaveLength(3);
    expect(decodePieces(encoded(many))).toEqual(many);
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
