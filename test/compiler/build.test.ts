/** `build()`: each outcome of one build, against real projects and output folders in temp folders. */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type BuildOptions, build } from "../../compiler/build.js";
import { cleanupProjects, writeProject } from "../support/project.js";

afterEach(cleanupProjects);

const CONFIG = {
  version: 1,
  httpApis: {
    notes: {
      name: "Notes",
      description: "Notes service.",
      baseUrl: "http://127.0.0.1:9/api",
      auth: { type: "none" },
      actions: { listNotes: { method: "GET", path: "/notes", description: "List notes." } },
    },
  },
};

const tools = (description: unknown) => `---
name: Tools
description: Local tools.
cliTools:
  actions:
    echo:
      description: ${JSON.stringify(description)}
      command: echo
      args: ["$input.word"]
---
# Tools
`;

/** A project with an HTTP unit (config.json) and a CLI unit (tools.md). */
async function project(): Promise<string> {
  return writeProject({ ".units/config.json": JSON.stringify(CONFIG), ".units/tools.md": tools("Echo.") });
}

const options = (dir: string, more: Partial<BuildOptions> = {}): BuildOptions => ({
  projectDir: dir,
  userConfigFile: false,
  outDir: join(dir, "out"),
  ...more,
});

const codes = (outcome: { diagnostics: { code: string }[] }) => outcome.diagnostics.map((d) => d.code);

describe("build()", () => {
  it("writes a new build: status written, the files written, no errors", async () => {
    const dir = await project();
    const outcome = await build(options(dir));
    expect(outcome).toMatchObject({ status: "written", errors: false, fromRecord: false, units: 2 });
    expect(outcome.failure).toBeUndefined();
    expect(outcome.written).toContain("manifest.json");
    expect(outcome.unchanged).toEqual([]);
    expect(outcome.result).toBeDefined();
    expect(JSON.parse(await readFile(join(dir, "out", "manifest.json"), "utf8")).generator).toBe("unitc");
  });

  it("answers up-to-date from the build record when nothing changed, compiling nothing", async () => {
    const dir = await project();
    const first = await build(options(dir, { record: true, reuseRecord: true }));
    expect(first).toMatchObject({ status: "written", fromRecord: false });
    const again = await build(options(dir, { record: true, reuseRecord: true }));
    expect(again).toMatchObject({ status: "up-to-date", fromRecord: true, units: 2, operations: 2 });
    expect(again.result).toBeUndefined();
    expect(again.recorded).toBeDefined();
    expect([...again.unchanged].sort()).toEqual([...first.written].sort());
    // Without reuseRecord the project is compiled again, and nothing differs.
    const forced = await build(options(dir, { record: true }));
    expect(forced).toMatchObject({ status: "written", fromRecord: false, written: [] });
  });

  it("check: up-to-date when nothing differs, would-change with the differences and drift", async () => {
    const dir = await project();
    await build(options(dir));
    const same = await build(options(dir, { check: true }));
    expect(same).toMatchObject({ status: "up-to-date", fromRecord: false, differences: [], errors: false });
    await writeFile(join(dir, ".units/tools.md"), tools("Echo a word back."));
    const before = await readFile(join(dir, "out", "manifest.json"), "utf8");
    const stale = await build(options(dir, { check: true }));
    expect(stale.status).toBe("would-change");
    expect(stale.differences).toContainEqual({ path: "manifest.json", change: "changed" });
    expect(stale.changedOperations.join("\n")).toContain("tools");
    expect(stale.written).toEqual([]);
    expect(await readFile(join(dir, "out", "manifest.json"), "utf8")).toBe(before);
  });

  it("fails with errors and writes nothing; says whether the last output stays", async () => {
    const dir = await project();
    await writeFile(join(dir, ".units/tools.md"), tools(42));
    const fresh = await build(options(dir));
    expect(fresh).toMatchObject({ status: "failed", failure: "errors", errors: true, lastOutputKept: false });
    expect(fresh.written).toEqual([]);
    expect(fresh.files).toBeUndefined();
    await writeFile(join(dir, ".units/tools.md"), tools("Echo."));
    await build(options(dir));
    const before = await readFile(join(dir, "out", "manifest.json"), "utf8");
    await writeFile(join(dir, ".units/tools.md"), tools(42));
    const kept = await build(options(dir));
    expect(kept).toMatchObject({ status: "failed", failure: "errors", lastOutputKept: true });
    expect(await readFile(join(dir, "out", "manifest.json"), "utf8")).toBe(before);
  });

  it("partial: writes the units that compiled and keeps the failed unit's last output", async () => {
    const dir = await project();
    await build(options(dir));
    await writeFile(join(dir, ".units/tools.md"), tools(42));
    const outcome = await build(options(dir, { partial: true }));
    expect(outcome).toMatchObject({ status: "written", errors: true, kept: ["tools"] });
    expect(outcome.failure).toBeUndefined();
  });

  it("partial with no unit compiled and none to keep fails as nothing-compiled", async () => {
    const dir = await writeProject({ ".units/tools.md": tools(42) });
    const outcome = await build(options(dir, { partial: true }));
    expect(outcome).toMatchObject({ status: "failed", failure: "nothing-compiled", errors: true });
  });

  it("fails as a write failure when the output folder holds files unitc did not write", async () => {
    const dir = await project();
    const foreign = await writeProject({ "mine.txt": "not unitc's" });
    const outcome = await build(options(dir, { outDir: foreign }));
    expect(outcome).toMatchObject({ status: "failed", failure: "write", errors: true, written: [] });
    expect(codes(outcome)).toContain("OUT_DIR_NOT_OURS");
    expect(await readFile(join(foreign, "mine.txt"), "utf8")).toBe("not unitc's");
  });
});
