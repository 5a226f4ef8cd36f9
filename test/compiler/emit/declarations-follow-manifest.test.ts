/**
 * A unit's Code Mode declarations never change without its manifest entry: the type checker of
 * `unitc serve` / `unitc dev` keys its cached declarations on the stamps of `.code-mode/units.d.ts`
 * and `manifest.json` only, and dev counts a unit as changed (and tells clients) by its entry. So for
 * each kind, a real compile, one input changed that changes the declarations, a compile again: the
 * entry changed, and so did its `sourceHash`, which must cover every source the declarations are
 * written from (the rest of the entry need not show them all). A unit read from a server (a spec
 * or schema URL, GraphQL introspection, MCP over Streamable HTTP) gets a real one on 127.0.0.1 whose
 * answer changes instead, with a cache TTL of 0: the second compile must ask it again.
 */
import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { build } from "../../../compiler/build.js";
import { formatDiagnostics } from "../../../compiler/codes/diagnostics.js";
import {
  CODE_MODE_DIR,
  unitDeclarationPath,
  unitDeclarationRegions,
} from "../../../runtime/sandbox/declarations/declarations.js";
import { fetchedCases } from "../../support/declaration-fetched-sources.js";
import { setCases } from "../../support/declaration-set-sources.js";
import { type CaseStart, kindCases, type SourceChange } from "../../support/declaration-sources.js";
import { ownCacheDir, writeProject } from "../../support/project.js";

ownCacheDir();
afterAll(() => {
  vi.unstubAllEnvs();
});

/** What one compile gave the unit: its declarations as the checker reads them, and its manifest entry. */
interface UnitOutput {
  declarations: string;
  entry: string;
  sourceHash: string;
}

async function compiled(dir: string, unitId: string): Promise<UnitOutput> {
  const outDir = join(dir, "generated");
  const outcome = await build({ projectDir: dir, userConfigFile: false, outDir });
  expect(formatDiagnostics(outcome.diagnostics.filter((d) => d.severity === "error"))).toBe("");
  expect(outcome.status).toBe("written");
  const file = join(outDir, CODE_MODE_DIR, unitDeclarationPath(unitId));
  // The unit's file with the files it imports put back in, as the type checker reads it.
  const declarations = unitDeclarationRegions(outDir, unitId, readFileSync(file, "utf8")).text;
  const manifest = JSON.parse(readFileSync(join(outDir, "manifest.json"), "utf8")) as {
    units: Array<{ id: string; sourceHash: string }>;
  };
  const entry = manifest.units.find((unit) => unit.id === unitId);
  if (!entry) throw new Error(`no manifest entry for ${unitId}`);
  return { declarations, entry: JSON.stringify(entry), sourceHash: entry.sourceHash };
}

async function applied(dir: string, change: Omit<SourceChange, "what">) {
  for (const [path, text] of Object.entries(change.files ?? {})) await writeFile(join(dir, path), text);
  for (const [name, value] of Object.entries(change.env ?? {})) vi.stubEnv(name, value);
  await change.serve?.();
}

const cases = [...kindCases, ...setCases, ...fetchedCases];

describe("a unit's declarations change only with its manifest entry", () => {
  it.for(cases.map((c) => [c.kind, c] as [string, CaseStart]))("%s", async ([, made], { onTestFinished }) => {
    const unitCase = await made.start();
    if (unitCase.stop) onTestFinished(unitCase.stop);
    const dir = await writeProject(unitCase.files);
    await applied(dir, { env: unitCase.env ?? {} });
    let before = await compiled(dir, unitCase.unitId);
    for (const change of unitCase.changes) {
      await applied(dir, change);
      const after = await compiled(dir, unitCase.unitId);
      // The change is one that changes the declarations, so the rule is put to the test…
      expect(after.declarations, change.what).not.toBe(before.declarations);
      // …and the manifest entry changed with them, its sourceHash too.
      expect(after.entry, change.what).not.toBe(before.entry);
      expect(after.sourceHash, change.what).not.toBe(before.sourceHash);
      before = after;
    }
  });
});
