/**
 * `manifest-offsets.json`: one operation's manifest read through it equals that operation in the
 * whole manifest (shared schemas put back the same), and a missing or stale table is no table.
 */
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkManifest, readManifest } from "../../../runtime/contract/manifest.js";
import { MANIFEST_OFFSETS_FILE, readManifestIndex } from "../../../runtime/contract/manifest-slice.js";

const GENERATED = join(import.meta.dirname, "../../../generated");
const BUNDLES = ["basic", "openapi", "discovery", "graphql", "mcp", "secure", "streamable", "tour"];
const copies: string[] = [];

function copyOf(name: string): string {
  const copy = mkdtempSync(join(tmpdir(), "unitc-slice-"));
  copies.push(copy);
  cpSync(join(GENERATED, name), copy, { recursive: true });
  return copy;
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** A unit's fields but its operations, as JSON. */
const fields = (unit: object) => JSON.stringify({ ...unit, operations: undefined, schemas: undefined });

describe("manifest-slice", () => {
  it("gives every operation of the examples exactly as reading the whole manifest does", () => {
    for (const name of BUNDLES) {
      const path = join(GENERATED, name, "manifest.json");
      const { manifest } = readManifest(path);
      const index = readManifestIndex(path);
      expect(index?.unitIds, name).toEqual(manifest.units.map((u) => u.id));
      for (const unit of manifest.units) {
        for (const op of unit.operations) {
          for (const called of [op.name, op.tsName]) {
            const sliced = checkManifest(index?.slice(unit.id, called));
            expect(sliced.settings).toEqual(manifest.settings);
            const [only] = sliced.units;
            expect(only && fields(only)).toBe(fields(unit));
            expect(JSON.stringify(only?.operations)).toBe(JSON.stringify([op]));
          }
        }
      }
    }
  });

  it("knows no unit or operation it does not hold", () => {
    const index = readManifestIndex(join(GENERATED, "basic/manifest.json"));
    expect(index?.slice("notes", "deleteNote")).toBeUndefined();
    expect(index?.slice("nope", "listNotes")).toBeUndefined();
    expect(index?.slice("notes", "constructor")).toBeUndefined();
  });

  it("is no table when missing, unreadable, or made from a manifest of another size", () => {
    const missing = copyOf("openapi");
    rmSync(join(missing, MANIFEST_OFFSETS_FILE));
    const stale = copyOf("openapi");
    appendFileSync(join(stale, "manifest.json"), "\n");
    const broken = copyOf("openapi");
    writeFileSync(join(broken, MANIFEST_OFFSETS_FILE), "{");
    for (const dir of [missing, stale, broken])
      expect(readManifestIndex(join(dir, "manifest.json"))).toBeUndefined();
  });

  it("gives no slice where the manifest holds something else at the recorded place", () => {
    const moved = copyOf("openapi");
    const path = join(moved, "manifest.json");
    const { manifest } = readManifest(path);
    const [first] = manifest.units[0]?.operations ?? [];
    if (!first) throw new Error("the example has operations");
    // The first operation's place recorded as the second's: the name found there no longer matches.
    const offsets = JSON.parse(readFileSync(join(moved, MANIFEST_OFFSETS_FILE), "utf8")) as {
      units: Array<{ operations: Array<[string, string, number, number]> }>;
    };
    const [a, b] = offsets.units[0]?.operations ?? [];
    if (!a || !b) throw new Error("the example has two operations");
    a.splice(2, 2, b[2], b[3]);
    writeFileSync(join(moved, MANIFEST_OFFSETS_FILE), JSON.stringify(offsets));
    expect(readManifestIndex(path)?.slice(manifest.units[0]?.id ?? "", first.name)).toBeUndefined();
  });
});
