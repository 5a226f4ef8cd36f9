/** `units-index.json`: the summary written beside a manifest, and when a reader must not trust it. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readUnitsIndex, UNITS_INDEX_FILE, UNITS_INDEX_FORMAT } from "../../runtime/units-index.js";
import { unitsIndexFile } from "../../runtime/units-index-build.js";

const basic = new URL("../../generated/basic/", import.meta.url);
const manifestText = readFileSync(new URL("manifest.json", basic), "utf8");

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A folder holding `manifest.json` and, when given, `units-index.json`; the manifest's path. */
function bundle(manifest: string, index?: string): string {
  dir = mkdtempSync(join(tmpdir(), "units-index-"));
  writeFileSync(join(dir, "manifest.json"), manifest);
  if (index !== undefined) writeFileSync(join(dir, UNITS_INDEX_FILE), index);
  return join(dir, "manifest.json");
}

describe("units-index.json", () => {
  it("is what the compile wrote beside the committed example manifest", () => {
    const written = readFileSync(new URL(UNITS_INDEX_FILE, basic), "utf8");
    expect(written).toBe(unitsIndexFile(manifestText));
  });

  it("holds each unit's names and each operation's summary and signature, not its schemas", () => {
    const index = JSON.parse(unitsIndexFile(manifestText));
    expect(index).toMatchObject({
      format: UNITS_INDEX_FORMAT,
      manifestBytes: Buffer.byteLength(manifestText),
    });
    const notes = index.units.find((unit: { id: string }) => unit.id === "notes");
    expect(Object.keys(notes)).toEqual(["id", "kind", "name", "description", "exposure", "operations"]);
    expect(Object.keys(notes.operations[0])).toEqual(["name", "tsName", "summary", "signature"]);
    expect(notes.operations.map((op: { signature: string }) => op.signature)).toContainEqual(
      expect.stringMatching(/^\w+\(input.*\): Promise<.*>$/),
    );
    expect(Buffer.byteLength(unitsIndexFile(manifestText))).toBeLessThan(manifestText.length / 2);
  });

  it("is read when it was made from a manifest of the size beside it", () => {
    const index = readUnitsIndex(bundle(manifestText, unitsIndexFile(manifestText)));
    expect(index?.units.map((unit) => unit.id)).toEqual([
      "files",
      "notes",
      "weather__current",
      "weather__forecast",
    ]);
  });

  it("is ignored when missing, unreadable, of another format, or made from another manifest", () => {
    const fresh = JSON.parse(unitsIndexFile(manifestText));
    expect(readUnitsIndex(bundle(manifestText))).toBeUndefined();
    expect(readUnitsIndex(bundle(manifestText, "{ not json"))).toBeUndefined();
    expect(readUnitsIndex(bundle(manifestText, JSON.stringify({ ...fresh, format: 99 })))).toBeUndefined();
    // The manifest was recompiled (or replaced) without its summary: another size.
    expect(readUnitsIndex(bundle(`${manifestText} `, unitsIndexFile(manifestText)))).toBeUndefined();
    expect(readUnitsIndex(join(tmpdir(), "no-such-bundle", "manifest.json"))).toBeUndefined();
  });
});
