/**
 * `--bundle`: one ESM file plus declarations, built from a compiled project, written to a real folder
 * and used the way a consumer without TypeScript uses it: plain Node importing `bundle/index.js`.
 */
import { execFileSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleFiles } from "../../compiler/bundle.js";
import { formatDiagnostics } from "../../compiler/codes/diagnostics.js";
import { compile } from "../../compiler/index.js";
import { writeBundle } from "../../compiler/write.js";
import type { Manifest } from "../../runtime/contract/manifest.js";
import { typecheckBundle } from "../../scripts/typecheck-generated.mjs";
import { cleanupProjects, writeProject } from "../support/project.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

// `unitc/runtime` in the bundle resolves through the package's exports to dist/, which the
// suite's global setup builds when it is stale.
afterAll(cleanupProjects);

const TOOLS_UNIT = `---
name: Tools
description: Commands run in the project's data folder.
cliTools:
  cwd: ../data
  actions:
    list:
      description: List the data folder.
      command: ls
      args: ["-1"]
    count:
      description: Count the words of a file.
      command: wc
      args: ["-w", "--", "$input.file"]
      inputSchema:
        type: object
        properties:
          file: { type: string }
        required: [file]
---
# Tools
`;

const CONSUMER = `import { createUnits, type Units } from "./index.js";

const units: Units = createUnits({ env: {} });
export const listing: Promise<string> = units.tools.list();
export const counted: Promise<string> = units.tools.count({ file: "marker.txt" });
// @ts-expect-error file is required
units.tools.count({});
// @ts-expect-error there is no such operation
units.tools.remove();
`;

/** Compiles a project with one CLI unit whose working directory is `<project>/data`. */
async function compiledProject() {
  const dir = await writeProject({
    ".units/config.json": JSON.stringify({ version: 1 }),
    ".units/tools.md": TOOLS_UNIT,
    "data/marker.txt": "one two three\n",
  });
  const outDir = join(dir, "out");
  const compiled = await compile({ projectDir: dir, userConfigFile: false, outDir });
  expect(compiled.diagnostics).toEqual([]);
  return { dir, outDir, files: compiled.files };
}

/** Runs `script` as an ES module in a plain Node child process and returns its stdout. */
function runNode(script: string, cwd: string, ...args: string[]): string {
  return execFileSync(process.execPath, ["--input-type=module", "-e", script, ...args], {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH },
  });
}

describe("bundleFiles", () => {
  let project: Awaited<ReturnType<typeof compiledProject>>;
  let bundled: Awaited<ReturnType<typeof bundleFiles>>;
  beforeAll(async () => {
    project = await compiledProject();
    bundled = await bundleFiles(project.files);
  });

  it("adds the ESM file, its declarations and the manifest", () => {
    expect(bundled.diagnostics).toEqual([]);
    const added = [...bundled.files.keys()].filter((path) => !project.files.has(path));
    expect(added).toEqual([
      "bundle/index.d.ts",
      "bundle/index.js",
      "bundle/manifest.json",
      "bundle/units/tools/index.d.ts",
      "bundle/units/tools/types.d.ts",
    ]);
    for (const [path, text] of project.files) expect(bundled.files.get(path)).toBe(text);
    expect([...bundled.files.keys()]).toEqual([...bundled.files.keys()].sort());
  });

  it("imports only unitc/runtime and keeps no TypeScript syntax", () => {
    const code = bundled.files.get("bundle/index.js") ?? "";
    const imports = [...code.matchAll(/^import .* from ['"]([^'"]+)['"];?$/gm)].map((m) => m[1]);
    expect(imports).toEqual(["unitc/runtime"]);
    expect(code).toMatch(/^export \{[^}]*\bcreateUnits\b[^}]*\};?$/m);
    expect(code).not.toMatch(/\binterface\b|: Promise</);
  });

  it("re-relativises CLI working directories one level down", () => {
    const top = JSON.parse(project.files.get("manifest.json") ?? "") as Manifest;
    const down = JSON.parse(bundled.files.get("bundle/manifest.json") ?? "") as Manifest;
    const cwd = (m: Manifest) => m.units[0]?.operations.map((o) => (o.invoke as { cwd: string }).cwd);
    expect(cwd(top)).toEqual(["../data", "../data"]);
    expect(cwd(down)).toEqual(["../../data", "../../data"]);
    expect({ ...down, units: [] }).toEqual({ ...top, units: [] });
  });

  it("re-relativises a stdio MCP server's working directory one level down", async () => {
    const top = JSON.parse(project.files.get("manifest.json") ?? "") as Manifest;
    const server = {
      ...(top.units[0] as Manifest["units"][number]),
      id: "memory",
      operations: [],
      connection: {
        kind: "mcp",
        transport: "stdio",
        command: "node",
        args: ["server.mjs"],
        env: {},
        cwd: "../servers",
        startupTimeoutMs: 10_000,
        callTimeoutMs: 60_000,
        maxResponseBytes: 200_000,
      },
    } as Manifest["units"][number];
    const files = new Map(project.files);
    files.set("manifest.json", JSON.stringify({ ...top, units: [...top.units, server] }));
    const down = JSON.parse((await bundleFiles(files)).files.get("bundle/manifest.json") ?? "") as Manifest;
    expect(down.units.find((u) => u.id === "memory")?.connection).toMatchObject({ cwd: "../../servers" });
  });

  it("adds no Code Mode declaration: the global units stays in .code-mode/, out of a consumer's program", () => {
    const added = [...bundled.files.keys()].filter((path) => !project.files.has(path));
    expect(added.filter((path) => path.includes("code-mode"))).toEqual([]);
    expect(project.files.has(".code-mode/units.d.ts")).toBe(true);
  });

  it("is byte-identical when built twice", async () => {
    const again = await bundleFiles(project.files);
    expect([...again.files]).toEqual([...bundled.files]);
  });

  it("runs under plain Node: createUnits calls a CLI action in the unit's folder", async () => {
    const written = await writeBundle(bundled.files, { outDir: project.outDir });
    expect(written.diagnostics).toEqual([]);
    // As in an installed package: node_modules/unitc is the package, resolved through its exports.
    await mkdir(join(project.dir, "node_modules"));
    symlinkSync(repoRoot, join(project.dir, "node_modules/unitc"), "dir");
    const script = `
      const { createUnits } = await import(process.argv[1]);
      const units = createUnits({ env: { PATH: process.env.PATH } });
      const listing = await units.tools.list();
      const counted = await units.tools.count({ file: "marker.txt" });
      const bad = await units.tools.count({}).catch((e) => e.code);
      process.stdout.write(JSON.stringify({ listing, counted, bad }));
    `;
    const entry = pathToFileURL(join(project.outDir, "bundle/index.js")).href;
    // Run from elsewhere: the working directory comes from the manifest, not the caller.
    const out = JSON.parse(runNode(script, repoRoot, entry)) as Record<string, string>;
    expect(out).toEqual({ listing: "marker.txt\n", counted: "3 marker.txt\n", bad: "INPUT_INVALID" });
  });

  it("has declarations that type-check with a consumer", async () => {
    // An ES module package, as a consumer of generated ESM code is.
    const dir = join(await writeProject({ "package.json": '{ "type": "module" }' }), "typed");
    await writeBundle(bundled.files, { outDir: dir });
    await writeFile(join(dir, "bundle/consumer.ts"), CONSUMER);
    expect(typecheckBundle(dir)).toEqual([]);
    // The check can fail: a consumer calling an operation wrongly is reported.
    await writeFile(
      join(dir, "bundle/wrong.ts"),
      'import { createUnits } from "./index.js";\ncreateUnits().tools.count({ file: 1 });\n',
    );
    expect(typecheckBundle(dir).join("\n")).toMatch(/wrong\.ts:2:\d+ TS2322/);
  });

  it("reports a module it cannot bundle as BUNDLE_FAILED, without throwing", async () => {
    const broken = new Map(project.files);
    broken.set("index.ts", 'import { missing } from "./units/none/index.js";\nexport const x = missing;\n');
    const result = await bundleFiles(broken);
    expect(result.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(["error BUNDLE_FAILED"]);
    expect(result.files.has("bundle/index.js")).toBe(false);
  });

  // Emitted modules import only `unitc/runtime` and each other, and type every export: these two
  // codes guard against a bug in unitc's emitter, so the faults are put in through the file map.
  it("reports an export without a declared type as BUNDLE_DECLARATION, at the generated file's line", async () => {
    const untyped = new Map(project.files);
    const index = project.files.get("index.ts") ?? "";
    untyped.set("index.ts", `${index}export function twice(n: number) {\n  return n * 2;\n}\n`);
    const result = await bundleFiles(untyped, { outDir: "/work/out" });
    expect(formatDiagnostics(result.diagnostics)).toBe(
      [
        `/work/out/index.ts:${index.split("\n").length}:17 error BUNDLE_DECLARATION Function must have an explicit return type annotation with --isolatedDeclarations.`,
        "  hint: this is a bug in unitc: please report it with the unit that causes it",
      ].join("\n"),
    );
  });

  it("reports a rollup warning as BUNDLE_WARNING, naming the generated file, and still bundles", async () => {
    const stray = new Map(project.files);
    stray.set("index.ts", `import "left-pad";\n${project.files.get("index.ts") ?? ""}`);
    const result = await bundleFiles(stray, { outDir: "/work/out" });
    expect(formatDiagnostics(result.diagnostics)).toBe(
      [
        `/work/out/index.ts warning BUNDLE_WARNING "left-pad" is imported by "index.ts", but could not be resolved – treating it as an external dependency.`,
        "  hint: the bundle was still built; a warning about generated code is a bug in unitc: please report it with the unit that causes it",
      ].join("\n"),
    );
    expect(result.files.get("bundle/index.js")).toMatch(/^import 'left-pad';$/m);
  });
});

describe("the committed example bundle", () => {
  it("type-checks, its Code Mode declarations through their own tsconfig", async () => {
    const entries = await readdir(join(repoRoot, "generated/basic/.code-mode"));
    expect(entries).toContain("tsconfig.json");
    expect(typecheckBundle(join(repoRoot, "generated/basic"))).toEqual([]);
  });
});
