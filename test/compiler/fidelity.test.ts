/**
 * Cases where unitc once disagreed with the reference implementation's own tests. Every folder in
 * test/fixtures/fidelity/ is one small project; test/fixtures/fidelity/expected.txt holds, per folder,
 * a `## <case>` header, the diagnostics a compile prints (paths relative to the case folder), and
 * each unit the compile produced: its operations, and its setup and runtime when it has them.
 *
 * After an intended change, regenerate and review the diff:
 *   UPDATE_GOLDEN=1 npx vitest run test/compiler/fidelity.test.ts
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatDiagnostics } from "../../compiler/diagnostics.js";
import { compile } from "../../compiler/index.js";

const root = fileURLToPath(new URL("../fixtures/fidelity/", import.meta.url));
const goldenFile = join(root, "expected.txt");

async function listCases(): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** What a compile of one case says: its diagnostics, then its units. */
async function verdictOf(name: string): Promise<string> {
  const dir = join(root, name);
  const result = await compile({ projectDir: dir, userConfigFile: false, outDir: join(dir, "generated") });
  const lines = [formatDiagnostics(result.diagnostics, (file) => relative(dir, file).split("\\").join("/"))];
  const resolved = new Map((result.context.resolved?.units ?? []).map((unit) => [unit.id, unit]));
  const units = result.context.discovered?.units ?? [];
  lines.push(units.length === 0 ? "units: none" : "units:");
  for (const { unit, operations } of units) {
    lines.push(`  ${unit.id}: ${operations.map((o) => o.name).join(", ") || "(no operations)"}`);
    const { setup, runtime } = resolved.get(unit.id) ?? {};
    if (setup !== undefined) lines.push(`    setup: ${JSON.stringify(setup)}`);
    if (runtime !== undefined) lines.push(`    runtime: ${JSON.stringify(runtime)}`);
  }
  return lines.filter((line) => line !== "").join("\n");
}

describe("fidelity cases of test/fixtures/fidelity", () => {
  it("prints exactly expected.txt", async () => {
    const blocks: string[] = [];
    for (const name of await listCases()) blocks.push(`## ${name}\n${await verdictOf(name)}\n`);
    const actual = blocks.join("\n");
    if (process.env.UPDATE_GOLDEN === "1") await writeFile(goldenFile, actual);
    const expected = await readFile(goldenFile, "utf8").catch(() => "");
    expect(actual).toBe(expected);
  });
});
