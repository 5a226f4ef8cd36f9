/**
 * An operation's describe text as pieces of its unit's declaration, and where those pieces lie in
 * the unit's own files (`types.ts`, `spec-types.ts`), which is what the describe files store: every
 * piece read back from its file, its lines rewritten, is the declaration's text, for every operation
 * of the emit goldens and of the examples (one of them with characters of three bytes in its types).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readManifest } from "../../../../runtime/contract/manifest.js";
import {
  unitDeclarationPath,
  unitDeclarationRegions,
} from "../../../../runtime/sandbox/declarations/declarations.js";
import { DeclarationSources } from "../../../../runtime/sandbox/declarations/describe-sources.js";
import {
  describeOperation,
  describeOperationPieces,
} from "../../../../runtime/sandbox/declarations/operation-declaration.js";
import { diskReader, restoreLines } from "../../../../runtime/sandbox/declarations/spec-types-link.js";
import { piecesText } from "../../../../runtime/sandbox/declarations/types-excerpt.js";

const ROOT = join(import.meta.dirname, "../../../..");
const BUNDLES = [
  ...["openapi-petstore", "http-actions", "plural-children", "names", "cli-actions"].map((name) =>
    join(ROOT, "test/fixtures/emit", name, "expected"),
  ),
  join(ROOT, "generated/discovery"),
  join(ROOT, "generated/mcp"),
];

/** Each Code Mode unit of a bundle: its expanded text, where it came from, and its operations. */
function unitsOf(dir: string) {
  const read = diskReader(dir);
  const { manifest } = readManifest(join(dir, "manifest.json"));
  return manifest.units.flatMap((unit) => {
    const file = read(join(".code-mode", unitDeclarationPath(unit.id)));
    if (file === undefined) return [];
    const { text, regions } = unitDeclarationRegions(read, unit.id, file);
    const files = new Map(regions.map((r) => [r.path, read(r.path) ?? ""]));
    return [{ unit, text, files, sources: new DeclarationSources(text, regions, files) }];
  });
}

describe("describe pieces and their sources", () => {
  it("joins every operation's pieces into its describe text, and reads every range back from its file", () => {
    const kinds = new Set<string>();
    let located = 0;
    for (const dir of BUNDLES) {
      for (const { unit, text, files, sources } of unitsOf(dir)) {
        for (const op of unit.operations) {
          const pieces = describeOperationPieces(text, op.tsName);
          const name = `${dir}: ${unit.id}.${op.tsName}`;
          expect(pieces, name).toBeDefined();
          expect(piecesText(text, pieces ?? []), name).toBe(describeOperation(text, op.tsName));
          for (const piece of pieces ?? []) {
            if (typeof piece === "string") continue;
            const range = sources.locate(piece[0], piece[1]);
            if (!range) continue;
            const bytes = Buffer.from(files.get(range.path) ?? "").subarray(
              range.start,
              range.start + range.length,
            );
            expect(restoreLines(range.kind, bytes.toString("utf8"), !range.midLine), name).toBe(
              text.slice(piece[0], piece[1]),
            );
            kinds.add(range.kind);
            located += 1;
          }
        }
      }
    }
    expect([...kinds].sort()).toEqual(["spec", "types"]);
    expect(located).toBeGreaterThan(100);
  });

  it("counts bytes, not characters, in a file with characters of three bytes", () => {
    const [youtube] = unitsOf(join(ROOT, "generated/discovery"));
    if (!youtube) throw new Error("the discovery example has a unit");
    const types = youtube.files.get(`units/${youtube.unit.id}/types.ts`) ?? "";
    expect(Buffer.byteLength(types)).toBeGreaterThan(types.length);
    const last = youtube.text.lastIndexOf("\n  interface Client {");
    const range = youtube.sources.locate(last + 1, youtube.text.length - 2);
    expect(range?.start).toBe(
      Buffer.byteLength(types.slice(0, types.lastIndexOf("\nexport interface Client {") + 1)),
    );
  });

  it("finds no file for a range that starts inside a line's rewritten indentation", () => {
    const [petstore] = unitsOf(join(ROOT, "test/fixtures/emit/openapi-petstore/expected"));
    if (!petstore) throw new Error("the petstore golden has a unit");
    const line = petstore.text.indexOf("\n    export interface paths {") + 1;
    expect(petstore.sources.locate(line, line + 40)?.midLine).toBe(false);
    expect(petstore.sources.locate(line + 4, line + 40)?.midLine).toBe(true);
    expect(petstore.sources.locate(line + 2, line + 40)).toBeUndefined();
    // The namespace's opening is written by the runtime, no file's.
    expect(petstore.sources.locate(0, 20)).toBeUndefined();
  });
});
