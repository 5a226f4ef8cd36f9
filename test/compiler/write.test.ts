/** The write stage against real folders: skip unchanged files, remove stale ones, check mode, ownership. */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeBundle } from "../../compiler/write.js";
import { cleanupProjects, writeProject } from "../support/project.js";

afterEach(cleanupProjects);

const MANIFEST = `${JSON.stringify({ format: 1, generator: "unitc", units: [] })}\n`;

/** A small bundle: a manifest (what marks a folder as unitc's) and two units. */
function bundle(overrides: Record<string, string | undefined> = {}): Map<string, string> {
  const files: Record<string, string | undefined> = {
    "manifest.json": MANIFEST,
    "index.ts": "export {};\n",
    "units/a/index.ts": "export const a = 1;\n",
    "units/b/deep/index.ts": "export const b = 2;\n",
    ...overrides,
  };
  return new Map(Object.entries(files).filter((e): e is [string, string] => e[1] !== undefined));
}

/** Every file below `dir` (relative, `/`-separated, sorted). */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

/** Sets every file's mtime to the epoch, so any later write shows up. */
async function ageFiles(dir: string): Promise<void> {
  for (const file of await filesIn(dir)) await utimes(join(dir, file), 0, 0);
}

async function mtime(dir: string, file: string): Promise<number> {
  return (await stat(join(dir, file))).mtimeMs;
}

async function freshOut(): Promise<string> {
  return join(await writeProject({}), "out");
}

describe("writeBundle", () => {
  it("creates every file on the first write", async () => {
    const out = await freshOut();
    const result = await writeBundle(bundle(), { outDir: out });
    expect(result.diagnostics).toEqual([]);
    expect(result.written.sort()).toEqual([
      "index.ts",
      "manifest.json",
      "units/a/index.ts",
      "units/b/deep/index.ts",
    ]);
    expect(result.unchanged).toEqual([]);
    expect(await filesIn(out)).toEqual([
      "index.ts",
      "manifest.json",
      "units/a/index.ts",
      "units/b/deep/index.ts",
    ]);
    expect(await readFile(join(out, "units/b/deep/index.ts"), "utf8")).toBe("export const b = 2;\n");
  });

  it("leaves an identical bundle alone: all unchanged, no mtime touched", async () => {
    const out = await freshOut();
    await writeBundle(bundle(), { outDir: out });
    await ageFiles(out);
    const result = await writeBundle(bundle(), { outDir: out });
    expect(result).toMatchObject({ written: [], removed: [], differences: [], diagnostics: [] });
    expect(result.unchanged).toHaveLength(4);
    for (const file of await filesIn(out)) expect(await mtime(out, file)).toBe(0);
  });

  it("rewrites a changed file and only it", async () => {
    const out = await freshOut();
    await writeBundle(bundle(), { outDir: out });
    await ageFiles(out);
    const result = await writeBundle(bundle({ "units/a/index.ts": "export const a = 10;\n" }), {
      outDir: out,
    });
    expect(result.written).toEqual(["units/a/index.ts"]);
    expect(result.unchanged).toHaveLength(3);
    expect(await readFile(join(out, "units/a/index.ts"), "utf8")).toBe("export const a = 10;\n");
    expect(await mtime(out, "units/a/index.ts")).toBeGreaterThan(0);
    for (const file of ["index.ts", "manifest.json", "units/b/deep/index.ts"]) {
      expect(await mtime(out, file)).toBe(0);
    }
  });

  it("removes a file no longer in the bundle, and the folders it leaves empty", async () => {
    const out = await freshOut();
    await writeBundle(bundle(), { outDir: out });
    const result = await writeBundle(bundle({ "units/b/deep/index.ts": undefined }), { outDir: out });
    expect(result.removed).toEqual(["units/b/deep/index.ts"]);
    expect(existsSync(join(out, "units/b"))).toBe(false);
    expect(existsSync(join(out, "units/a"))).toBe(true);
    expect(await filesIn(out)).toEqual(["index.ts", "manifest.json", "units/a/index.ts"]);
  });

  it("replaces a file by a folder of the same name and back", async () => {
    const out = await freshOut();
    await writeBundle(bundle({ "units/c": "a file\n" }), { outDir: out });
    const toFolder = await writeBundle(bundle({ "units/c/index.ts": "x\n" }), { outDir: out });
    expect(toFolder.diagnostics).toEqual([]);
    expect(await readFile(join(out, "units/c/index.ts"), "utf8")).toBe("x\n");
    const toFile = await writeBundle(bundle({ "units/c": "a file again\n" }), { outDir: out });
    expect(toFile.diagnostics).toEqual([]);
    expect(await readFile(join(out, "units/c"), "utf8")).toBe("a file again\n");
  });

  it("in check mode writes nothing and lists added, changed and removed files sorted", async () => {
    const out = await freshOut();
    await writeBundle(bundle(), { outDir: out });
    await ageFiles(out);
    const next = bundle({
      "units/a/index.ts": "changed\n",
      "units/b/deep/index.ts": undefined,
      "units/0/index.ts": "new\n",
      "z.ts": "new\n",
    });
    const before = await filesIn(out);
    const result = await writeBundle(next, { outDir: out, check: true });
    expect(result.differences).toEqual([
      { path: "units/0/index.ts", change: "added" },
      { path: "units/a/index.ts", change: "changed" },
      { path: "units/b/deep/index.ts", change: "removed" },
      { path: "z.ts", change: "added" },
    ]);
    expect(result).toMatchObject({ written: [], removed: [], diagnostics: [] });
    expect(await filesIn(out)).toEqual(before);
    for (const file of before) expect(await mtime(out, file)).toBe(0);
  });

  it("in check mode against a missing folder lists every file as added and creates nothing", async () => {
    const out = await freshOut();
    const result = await writeBundle(bundle(), { outDir: out, check: true });
    expect(result.differences.map((d) => d.change)).toEqual(["added", "added", "added", "added"]);
    expect(existsSync(out)).toBe(false);
  });

  it.each([
    ["foreign files", { "notes.txt": "mine\n", "sub/keep.md": "also mine\n" }],
    ["a manifest another tool wrote", { "manifest.json": '{"generator":"other"}', "a.txt": "x" }],
    ["a manifest that is not JSON", { "manifest.json": "not json" }],
  ])("refuses a folder holding %s with OUT_DIR_NOT_OURS and leaves it untouched", async (_name, foreign) => {
    const root = await writeProject(
      Object.fromEntries(Object.entries(foreign).map(([p, t]) => [`out/${p}`, t])),
    );
    const out = join(root, "out");
    const before = await filesIn(out);
    await ageFiles(out);
    for (const check of [false, true]) {
      const result = await writeBundle(bundle(), { outDir: out, check });
      expect(result.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(["error OUT_DIR_NOT_OURS"]);
      expect(result.diagnostics[0]?.hint).toMatch(/--out/);
      expect(result).toMatchObject({ written: [], removed: [] });
    }
    expect(await filesIn(out)).toEqual(before);
    for (const [path, text] of Object.entries(foreign))
      expect(await readFile(join(out, path), "utf8")).toBe(text);
    for (const file of before) expect(await mtime(out, file)).toBe(0);
  });

  it("accepts an empty existing folder", async () => {
    const out = await freshOut();
    await mkdir(out);
    const result = await writeBundle(bundle(), { outDir: out });
    expect(result.diagnostics).toEqual([]);
    expect(result.written).toHaveLength(4);
  });

  it("accepts a folder holding only empty folders", async () => {
    const out = await freshOut();
    await mkdir(join(out, "units/old"), { recursive: true });
    const result = await writeBundle(bundle(), { outDir: out });
    expect(result.diagnostics).toEqual([]);
    expect(result.written).toHaveLength(4);
  });

  it("reports an output path that is a file as OUT_DIR_NOT_OURS instead of throwing", async () => {
    const root = await writeProject({ out: "a file\n" });
    const result = await writeBundle(bundle(), { outDir: join(root, "out") });
    expect(result.diagnostics.map((d) => d.code)).toEqual(["OUT_DIR_NOT_OURS"]);
    expect(await readFile(join(root, "out"), "utf8")).toBe("a file\n");
  });

  it("writes atomically: no temporary file is left behind", async () => {
    const out = await freshOut();
    await writeBundle(bundle(), { outDir: out });
    await writeBundle(bundle({ "index.ts": "export const changed = true;\n" }), { outDir: out });
    const all = await readdir(out, { recursive: true });
    expect(all.filter((name) => name.endsWith(".tmp"))).toEqual([]);
    expect(await filesIn(out)).toEqual([
      "index.ts",
      "manifest.json",
      "units/a/index.ts",
      "units/b/deep/index.ts",
    ]);
  });

  it("writes byte-exact text, including non-ASCII", async () => {
    const out = await freshOut();
    const text = '// café – ✓\nexport const s = "\\u2028";\n';
    await writeBundle(bundle({ "index.ts": text }), { outDir: out });
    expect(await readFile(join(out, "index.ts"), "utf8")).toBe(text);
    const again = await writeBundle(bundle({ "index.ts": text }), { outDir: out });
    expect(again.written).toEqual([]);
  });
});

describe("writeBundle failures and order", () => {
  it.each([["../escape.ts"], ["/abs.ts"], ["units/./a.ts"], ["units//a.ts"], ["a\\b.ts"]])(
    "refuses the bundle path %j and writes nothing",
    async (path) => {
      const out = await freshOut();
      const result = await writeBundle(bundle({ [path]: "x" }), { outDir: out });
      expect(result.diagnostics.map((d) => d.code)).toEqual(["BUNDLE_PATH_INVALID"]);
      expect(result.diagnostics[0]?.message).toContain(path);
      expect(existsSync(out)).toBe(false);
    },
  );

  it("reports a failed write as WRITE_FAILED instead of throwing", async () => {
    const out = await freshOut();
    const result = await writeBundle(bundle({ "units/a": "a file where a folder must go\n" }), {
      outDir: out,
    });
    expect(result.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(["error WRITE_FAILED"]);
    expect(result.diagnostics[0]?.message).toContain(out);
  });

  it("writes a new manifest first and a changed one last", async () => {
    const out = await freshOut();
    const first = await writeBundle(bundle(), { outDir: out });
    expect(first.written[0]).toBe("manifest.json");
    const manifest = `${JSON.stringify({ format: 1, generator: "unitc", units: [{ id: "a" }] })}\n`;
    const next = bundle({ "manifest.json": manifest, "index.ts": "export const v = 2;\n" });
    const second = await writeBundle(next, { outDir: out });
    expect(second.written).toEqual(["index.ts", "manifest.json"]);
  });
});

describe("writeBundle ownership over time", () => {
  it("keeps accepting its own folder after the manifest is the only file left", async () => {
    const out = await freshOut();
    await writeBundle(bundle(), { outDir: out });
    const result = await writeBundle(new Map([["manifest.json", MANIFEST]]), { outDir: out });
    expect(result.removed.sort()).toEqual(["index.ts", "units/a/index.ts", "units/b/deep/index.ts"]);
    expect(await filesIn(out)).toEqual(["manifest.json"]);
    expect(existsSync(join(out, "units"))).toBe(false);
    await writeFile(join(out, "extra.txt"), "x");
    const next = await writeBundle(bundle(), { outDir: out });
    expect(next.diagnostics).toEqual([]);
    expect(next.removed).toEqual(["extra.txt"]);
  });
});
