/**
 * Golden tests of emitted bundles. Each folder `test/fixtures/emit/<case>/` holds an input project
 * (`project/.units/…`), every file compiling it emits (`expected/`, compared whole and exactly, with
 * no file missing or extra) and the diagnostics it prints (`diagnostics.txt`).
 *
 * After an intended change to emit, rewrite the expected files and review the diff like code:
 *   UPDATE_GOLDEN=1 npx vitest run test/compiler/emit/golden.test.ts
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatDiagnostics } from "../../../compiler/codes/diagnostics.js";
import { compile } from "../../../compiler/index.js";
import { typecheckBundle } from "../../../scripts/typecheck-generated.mjs";

const FIXTURES = fileURLToPath(new URL("../../fixtures/emit/", import.meta.url));
const UPDATE = process.env.UPDATE_GOLDEN === "1";

const cases = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(FIXTURES, e.name, "project")))
  .map((e) => e.name)
  .sort();

/** Every file below `dir`, as `/`-separated relative paths, sorted. */
function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split("\\").join("/"))
    .sort();
}

/** Compiles a case's project the way the golden files were made: no user config, output in `expected/`. */
async function compileCase(name: string) {
  const projectDir = join(FIXTURES, name, "project");
  const expectedDir = join(FIXTURES, name, "expected");
  const result = await compile({ projectDir, userConfigFile: false, outDir: expectedDir });
  const diagnostics = formatDiagnostics(result.diagnostics, (file) => relative(projectDir, file));
  return { ...result, expectedDir, diagnostics: diagnostics === "" ? "" : `${diagnostics}\n` };
}

function writeGolden(dir: string, files: ReadonlyMap<string, string>, diagnostics: string): void {
  rmSync(dir, { recursive: true, force: true });
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  writeFileSync(join(dir, "..", "diagnostics.txt"), diagnostics);
}

it("covers the cases emit promises", () => {
  expect(cases).toEqual(
    expect.arrayContaining(["cli-actions", "http-actions", "names", "openapi-petstore", "plural-children"]),
  );
});

describe.each(cases)("%s", (name) => {
  it("emits exactly the expected files and diagnostics", async () => {
    const { files, diagnostics, expectedDir } = await compileCase(name);
    expect(files.size).toBeGreaterThan(0);
    if (UPDATE) writeGolden(expectedDir, files, diagnostics);
    expect(listFiles(expectedDir)).toEqual([...files.keys()].sort());
    for (const [path, text] of files) expect(readFileSync(join(expectedDir, path), "utf8"), path).toBe(text);
    expect(readFileSync(join(expectedDir, "..", "diagnostics.txt"), "utf8")).toBe(diagnostics);
  });

  // A tsc program per bundle takes seconds, more while the rest of the suite runs beside it.
  it("type-checks under tsc --strict", () => {
    expect(typecheckBundle(join(FIXTURES, name, "expected"))).toEqual([]);
  }, 120_000);
});
