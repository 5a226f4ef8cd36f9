/**
 * Golden diagnostics for invalid inputs. Every folder in test/fixtures/invalid/ is one small project;
 * test/fixtures/invalid/expected-diagnostics.txt holds, per folder, a `## <case>` header and the exact
 * text `unitc validate` prints for it (paths relative to the case folder). The whole file is compared.
 *
 * After an intended change to a message, regenerate and review the diff:
 *   UPDATE_GOLDEN=1 npx vitest run test/compiler/validate/golden.test.ts
 * Without UPDATE_GOLDEN the test fails on any difference.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatDiagnostics } from "../../../compiler/diagnostics.js";
import { validate } from "../../../compiler/index.js";

const root = fileURLToPath(new URL("../../fixtures/invalid/", import.meta.url));
const goldenFile = join(root, "expected-diagnostics.txt");

async function listCases(): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

async function diagnosticsOf(name: string): Promise<string> {
  const dir = join(root, name);
  const context = await validate({ projectDir: dir, userConfigFile: false });
  return formatDiagnostics(context.diagnostics, (file) => relative(dir, file).split("\\").join("/"));
}

describe("golden diagnostics of test/fixtures/invalid", () => {
  it("holds at least 20 cases, each printing at least one diagnostic", async () => {
    const cases = await listCases();
    expect(cases.length).toBeGreaterThanOrEqual(20);
    for (const name of cases) expect(await diagnosticsOf(name), name).not.toBe("");
  });

  it("prints exactly expected-diagnostics.txt", async () => {
    const blocks: string[] = [];
    for (const name of await listCases()) blocks.push(`## ${name}\n${await diagnosticsOf(name)}\n`);
    const actual = blocks.join("\n");
    if (process.env.UPDATE_GOLDEN === "1") await writeFile(goldenFile, actual);
    const expected = await readFile(goldenFile, "utf8").catch(() => "");
    expect(actual).toBe(expected);
  });
});
