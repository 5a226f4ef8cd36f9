/**
 * The offsets table of a manifest's text: byte places of each operation and shared schema (multi-byte
 * text before them included), and no table for a manifest not laid out as compile writes it.
 */
import { describe, expect, it } from "vitest";
import { manifestText } from "../../../compiler/emit/manifest-compact.js";
import { manifestOffsetsFile } from "../../../compiler/emit/manifest-offsets.js";
import type { Manifest } from "../../../runtime/contract/manifest.js";
import type { ManifestOffsets } from "../../../runtime/contract/manifest-slice.js";

const shared = { type: "object", description: "Ünïcödé ✓ 🐘", properties: { a: { type: "string" } } };
const manifest = {
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

describe("manifestOffsetsFile", () => {
  it("records byte places that hold each operation and schema, after multi-byte text", () => {
    // The second operation's tsName is the one derived from its name: neither file writes it.
    const text = manifestText(manifest);
    const table = JSON.parse(manifestOffsetsFile(text) ?? "null") as ManifestOffsets;
    const bytes = Buffer.from(text);
    expect(table.manifestBytes).toBe(bytes.length);
    const [unit] = table.units;
    expect(unit?.unit).toMatchObject({ id: "émoji", name: "Ñame 🐘", sourceHash: "sha256:0" });
    expect(unit?.unit).not.toHaveProperty("operations");
    const read = ([start, end]: [number, number]) => JSON.parse(bytes.subarray(start, end).toString("utf8"));
    expect(
      unit?.operations.map(([name, start, end, tsName]) => [name, tsName, read([start, end]).name]),
    ).toEqual([
      ["première", "premiere", "première"],
      ["deuxième-op", undefined, "deuxième-op"],
    ]);
    expect(read(unit?.schemas.Thing as [number, number])).toEqual(shared);
  });

  it("writes no table for a manifest laid out otherwise", () => {
    expect(manifestOffsetsFile(JSON.stringify(JSON.parse(manifestText(manifest))))).toBeUndefined();
    expect(manifestOffsetsFile(JSON.stringify(JSON.parse(manifestText(manifest)), null, 2))).toBeUndefined();
  });
});
