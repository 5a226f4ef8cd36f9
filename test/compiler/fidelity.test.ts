/**
 * Cases where unitc once disagreed with the reference implementation's own tests. Every folder in
 * test/fixtures/fidelity/ is one small project; test/fixtures/fidelity/expected.txt holds, per folder,
 * a `## <case>` header, the diagnostics a compile prints (paths relative to the case folder), and
 * each unit the compile produced: its operations, and its setup and runtime when it has them.
 *
 * After an intended change, regenerate and review the diff:
 *   UPDATE_GOLDEN=1 npx vitest run test/compiler/fidelity.test.ts
 */

import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";
import { formatDiagnostics } from "../../compiler/codes/diagnostics.js";
import { compile } from "../../compiler/index.js";
import { expectGoldenCases } from "../support/golden-cases.js";

const root = fileURLToPath(new URL("../fixtures/fidelity/", import.meta.url));
const goldenFile = join(root, "expected.txt");

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
    await expectGoldenCases(root, goldenFile, verdictOf);
  });
});
