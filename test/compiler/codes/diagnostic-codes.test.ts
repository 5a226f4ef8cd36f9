/**
 * The diagnostic catalogue is complete both ways: every code in it is produced by a fixture or
 * asserted by a test, and every code the goldens show (the output of real compiles) is in it.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { compilerCodes } from "../../../compiler/codes/diagnostic-codes.js";
import { runtimeErrorCodes } from "../../../runtime/contract/codes/index.js";

const testRoot = join(import.meta.dirname, "../..");
/** Tests that name codes without producing them: the catalogue's own tests. */
const OWN_TESTS = new Set([
  "compiler/codes/diagnostic-codes.test.ts",
  "cli/explain.test.ts",
  "cli/code-catalogue.test.ts",
  "cli/emitted-codes.test.ts",
]);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** The text of every test and fixture file, except the catalogue's own tests. */
async function testTexts(): Promise<string[]> {
  const files = (await filesUnder(testRoot)).filter(
    (file) => /\.(ts|txt|json|ya?ml|md)$/.test(file) && !OWN_TESTS.has(relative(testRoot, file)),
  );
  return Promise.all(files.map((file) => readFile(file, "utf8")));
}

/** The codes no test or fixture names, sorted. */
async function unmentioned(codes: readonly string[]): Promise<string[]> {
  const texts = await testTexts();
  return codes.filter((code) => !texts.some((text) => new RegExp(`\\b${code}\\b`).test(text))).sort();
}

describe("the diagnostic code catalogue", () => {
  it("has every compiler code produced by a fixture or asserted by a test", async () => {
    expect(await unmentioned(Object.keys(compilerCodes))).toEqual([]);
  });

  it("has every runtime error code produced or asserted by a test", async () => {
    expect(await unmentioned(Object.keys(runtimeErrorCodes))).toEqual([]);
  });

  it("knows every code the golden diagnostics show", async () => {
    const goldens = (await filesUnder(join(testRoot, "fixtures"))).filter((file) =>
      /expected.*\.txt$/.test(file),
    );
    expect(goldens.length).toBeGreaterThan(3);
    const known = new Set([...Object.keys(compilerCodes), ...Object.keys(runtimeErrorCodes)]);
    const seen = new Set<string>();
    for (const file of goldens) {
      const text = await readFile(file, "utf8");
      for (const match of text.matchAll(/ (?:error|warning|info) ([A-Z][A-Z0-9_]+) /g))
        seen.add(match[1] as string);
    }
    expect(seen.size).toBeGreaterThan(30);
    expect([...seen].filter((code) => !known.has(code))).toEqual([]);
  });

  it("gives each code the severity its reports use, where the source writes both out", async () => {
    const sources = (await filesUnder(join(testRoot, "../compiler"))).filter((file) => file.endsWith(".ts"));
    const report = /"(error|warning|info)",\s*(?:[a-z]+ \? )?"([A-Z_]+)"(?:\s*:\s*"([A-Z_]+)")?/g;
    const differing: string[] = [];
    let checked = 0;
    for (const file of sources) {
      for (const match of (await readFile(file, "utf8")).matchAll(report)) {
        for (const code of [match[2], match[3]]) {
          const entry = code === undefined ? undefined : compilerCodes[code as keyof typeof compilerCodes];
          if (!entry) continue;
          checked += 1;
          if (entry.severity !== match[1])
            differing.push(`${code}: ${match[1]} in ${relative(testRoot, file)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(differing).toEqual([]);
  });

  it("gives every entry a summary and a hint", () => {
    const entries = [...Object.values(compilerCodes), ...Object.values(runtimeErrorCodes)];
    for (const entry of entries) {
      expect(entry.summary.length).toBeGreaterThan(10);
      expect(entry.hint.length).toBeGreaterThan(5);
    }
  });
});
