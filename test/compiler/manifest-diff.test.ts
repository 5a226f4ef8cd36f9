/** The operation-level difference of two manifests, and its one-line form. */
import { describe, expect, it } from "vitest";
import { diffManifests, formatManifestChange } from "../../compiler/manifest-diff.js";

const op = (name: string, schemaHash = "sha256:1", description = `Does ${name}.`) => ({
  name,
  tsName: name,
  description,
  schemaHash,
});
const manifest = (units: Record<string, ReturnType<typeof op>[]>) => ({
  format: 1,
  generator: "unitc",
  units: Object.entries(units).map(([id, operations]) => ({ id, operations })),
});

const base = manifest({ notes: [op("list"), op("get")], tools: [op("echo")] });

describe("diffManifests", () => {
  it.each([
    ["equal manifests", base, base, []],
    [
      "a changed schema",
      base,
      manifest({ notes: [op("list", "sha256:2"), op("get")], tools: [op("echo")] }),
      ["notes.list: schema changed (sha256:1 → sha256:2)"],
    ],
    [
      "a changed description",
      base,
      manifest({ notes: [op("list"), op("get", "sha256:1", "New.")], tools: [op("echo")] }),
      ["notes.get: description changed"],
    ],
    [
      "schema and description",
      base,
      manifest({ notes: [op("list"), op("get")], tools: [op("echo", "sha256:9", "New.")] }),
      ["tools.echo: schema and description changed (sha256:1 → sha256:9)"],
    ],
    [
      "operations added and removed, sorted",
      base,
      manifest({ notes: [op("get"), op("create")], tools: [op("echo")] }),
      ["notes.create: added", "notes.list: removed"],
    ],
    [
      "units added and removed",
      base,
      manifest({ notes: [op("list"), op("get")], weather: [op("now")] }),
      ["unit tools: removed", "unit weather: added"],
    ],
    ["no manifest before", undefined, manifest({ a: [op("x")] }), ["unit a: added"]],
    ["garbage before", { units: [null, { id: 3 }, { id: "a", operations: "x" }] }, manifest({ a: [] }), []],
  ])("%s", (_name, before, after, want) => {
    expect(diffManifests(before, after).map(formatManifestChange)).toEqual(want);
  });

  it("returns the changes as data", () => {
    const after = manifest({ notes: [op("list", "sha256:2"), op("get")], tools: [op("echo")] });
    expect(diffManifests(base, after)).toEqual([
      {
        unit: "notes",
        operation: "list",
        change: "changed",
        fields: ["schema"],
        schemaHash: { before: "sha256:1", after: "sha256:2" },
      },
    ]);
  });
});
