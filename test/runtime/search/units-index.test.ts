/**
 * `units-index.json`: the summary written beside a manifest, read together with the search index's
 * documents (which hold each operation's names, summary and signature once for both), and when a
 * reader must not trust it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { withDerivedFields } from "../../../runtime/contract/manifest.js";
import { searchIndexFile } from "../../../runtime/search/index.js";
import {
  readUnitsIndex,
  SEARCH_INDEX_FILE,
  UNITS_INDEX_FILE,
  UNITS_INDEX_FORMAT,
} from "../../../runtime/search/units-index.js";
import { buildUnitsIndex, unitsIndexFile } from "../../../runtime/search/units-index-build.js";

const basic = new URL("../../../generated/basic/", import.meta.url);
const manifestText = readFileSync(new URL("manifest.json", basic), "utf8");
/** The manifest with the operation fields it leaves out put back, as readers get it. */
const manifest = withDerivedFields(JSON.parse(manifestText));
const searchText = searchIndexFile(manifest);

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A folder holding `manifest.json` and, when given (not null), `units-index.json` and `search-index.json`. */
function bundle(manifest: string, index?: string, search: string | null = searchText): string {
  dir = mkdtempSync(join(tmpdir(), "units-index-"));
  writeFileSync(join(dir, "manifest.json"), manifest);
  if (index !== undefined) writeFileSync(join(dir, UNITS_INDEX_FILE), index);
  if (search !== null) writeFileSync(join(dir, SEARCH_INDEX_FILE), search);
  return join(dir, "manifest.json");
}

describe("units-index.json", () => {
  it("is what the compile wrote beside the committed example manifest", () => {
    const written = readFileSync(new URL(UNITS_INDEX_FILE, basic), "utf8");
    expect(written).toBe(unitsIndexFile(manifestText));
  });

  it("holds each unit's names and operation count, leaving the operations to the search index", () => {
    const index = JSON.parse(unitsIndexFile(manifestText));
    expect(index).toMatchObject({
      format: UNITS_INDEX_FORMAT,
      manifestBytes: Buffer.byteLength(manifestText),
    });
    const notes = index.units.find((unit: { id: string }) => unit.id === "notes");
    expect(Object.keys(notes)).toEqual(["id", "kind", "name", "description", "exposure", "operationCount"]);
    expect(notes.operationCount).toBe(3);
    expect(unitsIndexFile(manifestText)).not.toContain("listNotes");
  });

  it("is read with the search index's documents as each unit's operations, as a manifest would give them", () => {
    const index = readUnitsIndex(bundle(manifestText, unitsIndexFile(manifestText)));
    expect(index).toEqual(buildUnitsIndex(manifest, Buffer.byteLength(manifestText)));
    // The search index the compile wrote, packed, reads the same.
    const written = readFileSync(new URL(SEARCH_INDEX_FILE, basic), "utf8");
    expect(readUnitsIndex(bundle(manifestText, unitsIndexFile(manifestText), written))).toEqual(index);
    expect(index?.units.map((unit) => unit.id)).toEqual([
      "files",
      "notes",
      "weather__current",
      "weather__forecast",
    ]);
    const notes = index?.units.find((unit) => unit.id === "notes");
    expect(notes?.operations.map((op) => op.signature)).toContainEqual(
      expect.stringMatching(/^\w+\(input.*\): Promise<.*>$/),
    );
  });

  it("is ignored when missing, unreadable, of another format, made from another manifest, or not matching its search index", () => {
    const fresh = JSON.parse(unitsIndexFile(manifestText));
    expect(readUnitsIndex(bundle(manifestText))).toBeUndefined();
    expect(readUnitsIndex(bundle(manifestText, "{ not json"))).toBeUndefined();
    expect(readUnitsIndex(bundle(manifestText, JSON.stringify({ ...fresh, format: 99 })))).toBeUndefined();
    // The manifest was recompiled (or replaced) without its summary: another size.
    expect(readUnitsIndex(bundle(`${manifestText} `, unitsIndexFile(manifestText)))).toBeUndefined();
    expect(readUnitsIndex(join(tmpdir(), "no-such-bundle", "manifest.json"))).toBeUndefined();
    // No search index, a broken one, or one whose documents are not the units' operations.
    expect(readUnitsIndex(bundle(manifestText, unitsIndexFile(manifestText), null))).toBeUndefined();
    expect(readUnitsIndex(bundle(manifestText, unitsIndexFile(manifestText), "[]"))).toBeUndefined();
    const search = JSON.parse(searchText);
    const fewer = JSON.stringify({ ...search, documents: search.documents.slice(1) });
    const unpacked = JSON.stringify({ ...search, runs: undefined });
    expect(readUnitsIndex(bundle(manifestText, unitsIndexFile(manifestText), unpacked))).toBeUndefined();
    expect(readUnitsIndex(bundle(manifestText, unitsIndexFile(manifestText), fewer))).toBeUndefined();
  });
});
