/**
 * Golden files of case folders: every folder below a root is one case, rendered as a `## <case>`
 * block; the blocks together must equal one golden file (`UPDATE_GOLDEN=1` rewrites it).
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { expect } from "vitest";

/** The case folders below `root`, sorted. */
export async function listCases(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** Renders every case of `root` and compares the whole with `goldenFile`. */
export async function expectGoldenCases(
  root: string,
  goldenFile: string,
  render: (name: string) => Promise<string>,
): Promise<void> {
  const blocks: string[] = [];
  for (const name of await listCases(root)) blocks.push(`## ${name}\n${await render(name)}\n`);
  const actual = blocks.join("\n");
  if (process.env.UPDATE_GOLDEN === "1") await writeFile(goldenFile, actual);
  const expected = await readFile(goldenFile, "utf8").catch(() => "");
  expect(actual).toBe(expected);
}
