/** `unitc compile` in-process, against real projects in temp folders and the committed example output. */
import { existsSync } from "node:fs";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { runUnitc } from "../support/cli.js";
import { cleanupProjects, writeProject } from "../support/project.js";

afterEach(cleanupProjects);

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

const CONFIG = {
  version: 1,
  httpApis: {
    notes: {
      name: "Notes",
      description: "Notes service.",
      baseUrl: "http://127.0.0.1:9/api",
      auth: { type: "none" },
      actions: {
        listNotes: { method: "GET", path: "/notes", description: "List notes." },
      },
    },
  },
};

const TOOLS_UNIT = `---
name: Tools
description: Local tools.
cliTools:
  actions:
    echo:
      description: Print a word.
      command: echo
      args: ["$input.word"]
---
# Tools
`;

/** A project with an HTTP unit (config.json) and a CLI unit (tools.md). */
function project(extra: Record<string, string> = {}): Promise<string> {
  return writeProject({
    ".units/config.json": JSON.stringify(CONFIG, null, 2),
    ".units/tools.md": TOOLS_UNIT,
    ...extra,
  });
}

async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

const compileArgs = (dir: string, ...more: string[]) => [
  "compile",
  "--project",
  dir,
  "--out",
  join(dir, "out"),
  "--user-config",
  "none",
  ...more,
];

describe("unitc compile", () => {
  it("writes the bundle, then reports 0 written on a second run", async () => {
    const dir = await project();
    const first = await runUnitc(compileArgs(dir), dir);
    expect(first).toMatchObject({ code: 0, stdout: "" });
    expect(first.stderr).toMatch(
      /^compiled 2 units \(2 operations\) to out: \d+ written, 0 unchanged, 0 removed\n$/,
    );
    expect(await filesIn(join(dir, "out"))).toEqual([
      ".code-mode/console.d.ts",
      ".code-mode/tsconfig.json",
      ".code-mode/units.d.ts",
      ".code-mode/units/notes.d.ts",
      ".code-mode/units/tools.d.ts",
      "index.ts",
      "manifest-offsets.json",
      "manifest.json",
      "package.json",
      "search-index.json",
      "units-index.json",
      "units/notes/describe-index.json",
      "units/notes/describe.txt",
      "units/notes/index.ts",
      "units/notes/types.ts",
      "units/tools/describe-index.json",
      "units/tools/describe.txt",
      "units/tools/index.ts",
      "units/tools/types.ts",
    ]);
    // --force compiles again (no build record consulted) and compares every file.
    const second = await runUnitc(compileArgs(dir, "--force"), dir);
    expect(second.code).toBe(0);
    expect(second.stderr).toBe(
      "compiled 2 units (2 operations) to out: 0 written, 19 unchanged, 0 removed\n",
    );
    // Without it, the build record shows nothing changed.
    const third = await runUnitc(compileArgs(dir), dir);
    expect(third.stderr).toBe(
      "compiled 2 units (2 operations) to out: 0 written, 19 unchanged, 0 removed (nothing changed since the last compile)\n",
    );
  });

  it("--check on fresh output exits 0 and says it is up to date", async () => {
    const dir = await project();
    await runUnitc(compileArgs(dir), dir);
    const check = await runUnitc(compileArgs(dir, "--check", "--force"), dir);
    expect(check).toEqual({ code: 0, stdout: "", stderr: "out is up to date (2 units, 2 operations)\n" });
    const recorded = await runUnitc(compileArgs(dir, "--check"), dir);
    expect(recorded).toEqual({
      code: 0,
      stdout: "",
      stderr: "out is up to date (2 units, 2 operations; nothing changed since the last compile)\n",
    });
  });

  it("--check after a unit changed exits 1, lists what differs and writes nothing", async () => {
    const dir = await project();
    await runUnitc(compileArgs(dir), dir);
    // The operation's description is its method's comment, in types.ts.
    const index = join(dir, "out/units/tools/types.ts");
    const before = await readFile(index, "utf8");
    const mtime = (await stat(index)).mtimeMs;
    await writeFile(join(dir, ".units/tools.md"), TOOLS_UNIT.replace("Print a word.", "Print one word."));
    const check = await runUnitc(compileArgs(dir, "--check"), dir);
    expect(check.code).toBe(1);
    const lines = check.stdout.trimEnd().split("\n");
    expect(lines).toContain("out/units/tools/types.ts: changed");
    expect(lines).toContain("out/manifest.json: changed");
    // After the files, each operation whose schema or description changed is named.
    expect(lines.at(-1)).toBe("tools.echo: description changed");
    expect(lines.slice(0, -1).every((line) => /^out\/\S+: changed$/.test(line))).toBe(true);
    expect(lines.some((line) => line.includes("units/notes/"))).toBe(false);
    expect(check.stderr).toMatch(/^out is out of date: \d+ file\(s\) differ; run unitc compile\n$/);
    expect(await readFile(index, "utf8")).toBe(before);
    expect((await stat(index)).mtimeMs).toBe(mtime);
  });

  it("--check lists added and removed files", async () => {
    const dir = await project();
    await runUnitc(compileArgs(dir), dir);
    await writeFile(join(dir, ".units/more.md"), TOOLS_UNIT.replace("Local tools.", "More tools."));
    await writeFile(join(dir, ".units/config.json"), JSON.stringify({ version: 1 }));
    const check = await runUnitc(compileArgs(dir, "--check"), dir);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("out/units/more/index.ts: added\n");
    expect(check.stdout).toContain("out/units/notes/index.ts: removed\n");
    expect(existsSync(join(dir, "out/units/more"))).toBe(false);
  });

  it("writes nothing for a project with an invalid unit, and exits 1 with the error's place", async () => {
    const dir = await project({
      ".units/broken.md": "---\nname: Broken\ndescription: Broken.\nhttpApi:\n  baseUrl: 42\n---\n",
    });
    const result = await runUnitc(compileArgs(dir), dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^\.units\/broken\.md:\d+:\d+ error [A-Z_]+ /m);
    expect(result.stderr).toBe(
      "compiled 2 units (2 operations), but the project has errors: nothing written (--partial writes the units that compiled)\n",
    );
    expect(existsSync(join(dir, "out"))).toBe(false);
  });

  it("with --partial, compiles the valid units of a project with an invalid one, and exits 1", async () => {
    const dir = await project({
      ".units/broken.md": "---\nname: Broken\ndescription: Broken.\nhttpApi:\n  baseUrl: 42\n---\n",
    });
    const result = await runUnitc(compileArgs(dir, "--partial"), dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^\.units\/broken\.md:\d+:\d+ error [A-Z_]+ /m);
    expect(existsSync(join(dir, "out/units/tools/index.ts"))).toBe(true);
    expect(existsSync(join(dir, "out/units/notes/index.ts"))).toBe(true);
    expect(existsSync(join(dir, "out/units/broken"))).toBe(false);
    expect(result.stderr).toMatch(
      /^compiled 2 units \(2 operations\) to out: 19 written, 0 unchanged, 0 removed\n$/,
    );
  });

  it("writes to <project>/generated by default", async () => {
    const dir = await project();
    const result = await runUnitc(["compile", "--project", dir, "--user-config", "none"], repoRoot);
    expect(result.code).toBe(0);
    expect(existsSync(join(dir, "generated/manifest.json"))).toBe(true);
    const cwdRun = await runUnitc(["compile", "--user-config", "none"], dir);
    expect(cwdRun.stderr).toContain(" to generated: 0 written, 19 unchanged");
  });

  it("prints 'nothing compiled' and exits 1 when every unit is invalid", async () => {
    const dir = await writeProject({
      ".units/broken.md": "---\nname: Broken\ndescription: Broken.\nhttpApi:\n  baseUrl: 42\n---\n",
    });
    const result = await runUnitc(compileArgs(dir), dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^\.units\/broken\.md:\d+:\d+ error /m);
    expect(result.stderr).toContain("nothing compiled");
    expect(existsSync(join(dir, "out"))).toBe(false);
  });

  it("refuses an output folder holding foreign files, exits 1 and claims nothing was compiled into it", async () => {
    const dir = await project({ "out/notes.txt": "mine\n" });
    for (const more of [[], ["--check"]]) {
      const result = await runUnitc(compileArgs(dir, ...more), dir);
      expect(result.code).toBe(1);
      expect(result.stdout).toContain("error OUT_DIR_NOT_OURS");
      expect(result.stderr).not.toMatch(/up to date|compiled 2 units/);
      expect(result.stderr).toContain("nothing written to out");
    }
    expect(await filesIn(join(dir, "out"))).toEqual(["notes.txt"]);
  });

  it("exits 2 on an unknown flag, naming it", async () => {
    const dir = await project();
    const result = await runUnitc([...compileArgs(dir), "--frobnicate"], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option --frobnicate");
    expect(existsSync(join(dir, "out"))).toBe(false);
  });
});

describe("the committed example output (the drift gate)", () => {
  it("compile --check --bundle over examples/basic matches generated/basic", async () => {
    const argv = [
      "compile",
      "--project",
      "examples/basic",
      "--out",
      "generated/basic",
      "--user-config",
      "none",
    ];
    const result = await runUnitc([...argv, "--bundle", "--check"], repoRoot);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe("generated/basic is up to date (4 units, 7 operations)\n");
    expect(result.code).toBe(0);
  });
});
