/** The discover stage as a whole: units are independent, and one that cannot compile is said so. */
import { relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatDiagnostics } from "../../../compiler/codes/diagnostics.js";
import { discoverProject, mapLimit } from "../../../compiler/discover/index.js";
import type { ResolvedProject, ResolvedUnit } from "../../../compiler/resolve/types.js";
import type { BackendKind } from "../../../compiler/shared/backends.js";
import { validateDir, writeProject } from "../../support/project.js";
import { cleanupProjects } from "./support.js";

afterAll(cleanupProjects);

/** Resolves a project of three CLI units (a, b, c), then lets `spoil` change unit "a" before discovery. */
async function discoverSpoiled(spoil: (unit: ResolvedUnit) => void) {
  const cliTools = Object.fromEntries(
    ["a", "b", "c"].map((id) => [id, { name: id, description: "d", actions: { run: { command: "date" } } }]),
  );
  const dir = await writeProject({ ".units/config.json": JSON.stringify({ version: 1, cliTools }, null, 2) });
  const { context } = await validateDir(dir);
  const resolved = context.resolved as ResolvedProject;
  spoil(resolved.units.find((u) => u.id === "a") as ResolvedUnit);
  const found = await discoverProject(resolved);
  return {
    ids: found.units.map((u) => u.unit.id),
    text: formatDiagnostics(found.diagnostics, (file) => relative(dir, file)),
  };
}

describe("units are independent", () => {
  // Every backend kind has a discoverer by now, so an unknown kind stands in for one that has not landed.
  it("a unit whose backend has not landed is left out with BACKEND_PENDING; the others compile", async () => {
    const { ids, text } = await discoverSpoiled((unit) => {
      unit.kind = "soap" as BackendKind;
    });
    expect(text).toBe(
      '.units/config.json:4:5 warning BACKEND_PENDING unit "a" is left out: this unitc build cannot compile soap units yet\n' +
        "  hint: the unit is valid; it will compile once its backend lands in unitc",
    );
    expect(ids).toEqual(["b", "c"]);
  });

  it("a unit whose discovery throws is DISCOVERY_FAILED; the others compile", async () => {
    const { ids, text } = await discoverSpoiled((unit) => {
      // Past validation on purpose: an action that is not an object makes discovery throw.
      unit.backend = { actions: { run: null } } as unknown as ResolvedUnit["backend"];
    });
    expect(text).toMatch(
      /^\.units\/config\.json:4:5 error DISCOVERY_FAILED unit "a" could not be compiled: .+\n {2}hint: the other units are unaffected; fix this one or set disabled: true$/,
    );
    expect(ids).toEqual(["b", "c"]);
  });
});

describe("mapLimit", () => {
  it.each<[string, { items: number[]; limit: number; wantPeak: number }]>([
    ["one at a time", { items: [5, 1, 3], limit: 1, wantPeak: 1 }],
    ["bounded", { items: [5, 1, 3, 2, 4, 1], limit: 2, wantPeak: 2 }],
    ["limit above the item count", { items: [2, 1], limit: 8, wantPeak: 2 }],
    ["limit 0 still makes progress", { items: [1, 2], limit: 0, wantPeak: 1 }],
    ["no items", { items: [], limit: 4, wantPeak: 0 }],
  ])("%s: keeps input order and never exceeds the limit", async (_name, { items, limit, wantPeak }) => {
    let running = 0;
    let peak = 0;
    const results = await mapLimit(items, limit, async (delay) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, delay));
      running--;
      return delay * 10;
    });
    expect(results).toEqual(items.map((d) => d * 10));
    expect(peak).toBe(wantPeak);
  });
});
