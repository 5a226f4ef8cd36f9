/** `unitc list` over a copy of the committed example bundle. */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runUnitc } from "../support/cli.js";
import { cleanupProjects } from "../support/project.js";
import { exampleProject } from "./bundle-support.js";

let project: Awaited<ReturnType<typeof exampleProject>>;

beforeAll(async () => {
  project = await exampleProject();
});
afterAll(async () => {
  await project.close();
  await cleanupProjects();
});

describe("unitc list", () => {
  it("prints each unit's kind, exposure and operation count", async () => {
    const run = await runUnitc(["list"], project.dir);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const lines = run.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^UNIT\s+KIND\s+EXPOSURE\s+OPERATIONS\s+NAME$/);
    expect(lines).toContainEqual(expect.stringMatching(/^notes\s+http\s+code_mode\s+3\s+Notes$/));
    expect(lines).toHaveLength(5);
  });

  it("prints JSON with --json, reading the manifest --manifest names", async () => {
    const run = await runUnitc(
      ["list", "--json", "--manifest", join(project.dir, "generated/manifest.json")],
      "/",
    );
    expect(run.code).toBe(0);
    const units = JSON.parse(run.stdout) as Array<Record<string, unknown>>;
    expect(units.map((u) => u.id)).toEqual(["files", "notes", "weather__current", "weather__forecast"]);
    expect(units[0]).toEqual({
      id: "files",
      name: "Files",
      kind: "cli",
      exposure: "code_mode",
      operations: 2,
    });
  });

  it("reads the bundle's summary (units-index.json), and the manifest only when the summary is stale", async () => {
    const dir = join(project.dir, "summary");
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(project.dir, "generated/manifest.json"), join(dir, "manifest.json"));
    // The summary's operations are the search index's documents.
    copyFileSync(join(project.dir, "generated/search-index.json"), join(dir, "search-index.json"));
    const summary = JSON.parse(readFileSync(join(project.dir, "generated/units-index.json"), "utf8"));
    summary.units[0].name = "Files, as the summary names them";
    writeFileSync(join(dir, "units-index.json"), JSON.stringify(summary));
    const names = async () => {
      const run = await runUnitc(["list", "--json", "--manifest", join(dir, "manifest.json")], "/");
      expect(run).toMatchObject({ code: 0, stderr: "" });
      return (JSON.parse(run.stdout) as Array<{ name: string }>).map((unit) => unit.name);
    };
    expect((await names())[0]).toBe("Files, as the summary names them");
    writeFileSync(join(dir, "units-index.json"), JSON.stringify({ ...summary, manifestBytes: 1 }));
    expect(await names()).toEqual(["Files", "Notes", "Current weather", "Weather tools"]);
  });

  it("says what to do when there is no manifest (exit 1, no stack trace)", async () => {
    const run = await runUnitc(["list"], join(project.dir, "generated"));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^unitc list: cannot read manifest .*no such file\nhint: run unitc compile/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
