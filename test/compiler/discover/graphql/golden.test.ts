/**
 * Golden output of GraphQL units. test/fixtures/graphql/<case>/project is compiled and every file of
 * the bundle compared with <case>/expected, whole-file; test/fixtures/graphql/invalid/project must
 * print exactly invalid/expected-diagnostics.txt. After an intended change, regenerate and review:
 *   UPDATE_GOLDEN=1 npx vitest run test/compiler/discover/graphql-golden.test.ts
 */
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatDiagnostics } from "../../../../compiler/codes/diagnostics.js";
import { compile } from "../../../../compiler/index.js";
import { typecheckBundle } from "../../../../scripts/typecheck-generated.mjs";

const root = fileURLToPath(new URL("../../../fixtures/graphql/", import.meta.url));
const update = process.env.UPDATE_GOLDEN === "1";

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split("\\").join("/"))
    .sort();
}

async function compileCase(name: string) {
  const projectDir = join(root, name, "project");
  const result = await compile({ projectDir, userConfigFile: false, outDir: join(root, name, "expected") });
  const text = formatDiagnostics(result.diagnostics, (file) =>
    relative(projectDir, file).split("\\").join("/"),
  );
  return { result, text };
}

describe("golden GraphQL bundle of test/fixtures/graphql/pets", () => {
  it("compiles without diagnostics to exactly the files in expected/", async () => {
    const { result, text } = await compileCase("pets");
    expect(text).toBe("");
    const expectedDir = join(root, "pets", "expected");
    if (update) {
      await rm(expectedDir, { recursive: true, force: true });
      for (const [path, content] of result.files) {
        await mkdir(dirname(join(expectedDir, path)), { recursive: true });
        await writeFile(join(expectedDir, path), content);
      }
    }
    expect([...result.files.keys()]).toEqual(await filesUnder(expectedDir));
    for (const [path, content] of result.files) {
      expect(content, path).toBe(await readFile(join(expectedDir, path), "utf8"));
    }
  });

  it("type-checks", () => {
    expect(typecheckBundle(join(root, "pets", "expected"))).toEqual([]);
  }, 120_000);
});

describe("golden GraphQL diagnostics of test/fixtures/graphql/invalid", () => {
  it("prints exactly expected-diagnostics.txt", async () => {
    const { text } = await compileCase("invalid");
    const golden = join(root, "invalid", "expected-diagnostics.txt");
    if (update) await writeFile(golden, `${text}\n`);
    expect(`${text}\n`).toBe(await readFile(golden, "utf8").catch(() => ""));
  });
});
