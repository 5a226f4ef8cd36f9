/**
 * One operation's manifest read out of the manifest's lines equals that operation in the whole
 * manifest (shared schemas put back the same), with no table beside it, in the layout compile
 * writes and in the older one (entries indented), after multi-byte text; a manifest laid out
 * otherwise is no index.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { manifestText } from "../../../compiler/emit/manifest-compact.js";
import { checkManifest, type Manifest, readManifest } from "../../../runtime/contract/manifest.js";
import { readManifestIndex } from "../../../runtime/contract/manifest-slice.js";

const ROOT = join(import.meta.dirname, "../../..");
const GENERATED = join(ROOT, "generated");
const GITHUB = join(ROOT, ".bench-cache/openapi-github/generated/manifest.json");
const BUNDLES = ["basic", "openapi", "discovery", "graphql", "mcp", "secure", "streamable", "tour"].map(
  (name) => join(GENERATED, name, "manifest.json"),
);
const dirs: string[] = [];

/** `text` written as `manifest.json` in a new folder (nothing beside it); its path. */
function written(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "unitc-slice-"));
  dirs.push(dir);
  writeFileSync(join(dir, "manifest.json"), text);
  return join(dir, "manifest.json");
}

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A unit's fields but its operations, as JSON. */
const fields = (unit: object) => JSON.stringify({ ...unit, operations: undefined, schemas: undefined });

/** Every operation of the manifest at `path`, by name and by TypeScript name, sliced as the whole reads it. */
function expectEverySlice(path: string): void {
  const { manifest } = readManifest(path);
  const index = readManifestIndex(path);
  expect(index?.unitIds, path).toEqual(manifest.units.map((u) => u.id));
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

/** The older layout: a unit's operations and shared definitions indented eight spaces. */
const indented = (text: string) =>
  text
    .split("\n")
    .map((line, i, all) =>
      i === 0 || i >= all.length - 2 || line.startsWith(" ") ? line : `        ${line}`,
    )
    .join("\n");

const shared = { type: "object", description: "Ünïcödé ✓ 🐘", properties: { a: { type: "string" } } };
const multiByte = {
  format: 3,
  generator: "unitc",
  settings: { defaultSearchLimit: 20, maxSearchLimit: 50 },
  units: [
    {
      id: "émoji",
      kind: "http",
      name: "Ñame 🐘",
      description: "Déscription",
      tags: [],
      exposure: "code_mode",
      shadowing: "forbid",
      connection: { kind: "http", baseUrl: "https://example.com", auth: { type: "none" } },
      operations: ["première", "deuxième-op"].map((name) => ({
        name,
        tsName: name === "première" ? "premiere" : "deuxi_me_op",
        description: `${name} — ✓`,
        inputSchema: {
          type: "object",
          properties: { x: { $ref: "#/$defs/Thing" } },
          $defs: { Thing: shared },
        },
        invoke: { kind: "http", method: "GET", path: "/" },
      })),
      sourceHash: "sha256:0",
    },
  ],
} as unknown as Manifest;

describe("manifest-slice", () => {
  it.each([...BUNDLES, ...(existsSync(GITHUB) ? [GITHUB] : [])])(
    "gives every operation of %s exactly as reading the whole manifest does",
    (path) => expectEverySlice(path),
  );

  it("reads the older layout, entries indented, the same", () => {
    for (const path of BUNDLES) expectEverySlice(written(indented(readFileSync(path, "utf8"))));
  });

  it("finds operations and definitions after multi-byte text", () => {
    const text = manifestText(multiByte);
    for (const path of [written(text), written(indented(text))]) {
      expectEverySlice(path);
      const sliced = readManifestIndex(path)?.slice("émoji", "premiere") as Manifest;
      expect(sliced.units[0]?.schemas).toEqual({ Thing: shared });
    }
  });

  it("knows no unit or operation it does not hold", () => {
    const index = readManifestIndex(join(GENERATED, "basic/manifest.json"));
    expect(index?.slice("notes", "deleteNote")).toBeUndefined();
    expect(index?.slice("nope", "listNotes")).toBeUndefined();
    expect(index?.slice("notes", "constructor")).toBeUndefined();
  });

  it("is no index for a manifest laid out otherwise, or one that is missing or unreadable", () => {
    const whole = JSON.parse(manifestText(multiByte));
    for (const text of [JSON.stringify(whole), JSON.stringify(whole, null, 2), "{", ""])
      expect(readManifestIndex(written(text)), text).toBeUndefined();
    expect(readManifestIndex(join(tmpdir(), "unitc-no-such-folder", "manifest.json"))).toBeUndefined();
  });

  it("gives no slice of an operation whose line does not start with its names", () => {
    // The TypeScript name written after the description: the line's start says the derived one.
    const text = manifestText(multiByte).replace(
      '{"name":"première","tsName":"premiere","description":"première — ✓"',
      '{"name":"première","description":"première — ✓","tsName":"premiere"',
    );
    const index = readManifestIndex(written(text));
    for (const name of ["première", "premiere", "premi_re"])
      expect(index?.slice("émoji", name)).toBeUndefined();
    expect(index?.slice("émoji", "deuxième-op")).toBeDefined();
  });
});
