/**
 * Units from a person's own user config stay out of the project's committed bundle unless asked
 * for (`--include-user-units`); `validate` still checks them.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Manifest } from "../../runtime/contract/manifest.js";
import { runUnitc } from "../support/cli.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { echoUnit } from "../support/user-units.js";

afterEach(cleanupProjects);

const unit = (name: string, word: string) => echoUnit(name, word);

async function project(): Promise<{ dir: string; userConfig: string }> {
  const dir = await writeProject({
    ".units/config.json": JSON.stringify({ version: 1 }),
    ".units/shared.md": unit("Shared", "shared"),
    "home/unitc/config.json": JSON.stringify({ version: 1, defaultSearchLimit: 7 }),
    "home/unitc/mine.md": unit("Mine", "mine"),
  });
  return { dir, userConfig: join(dir, "home/unitc/config.json") };
}

const unitIds = async (dir: string) =>
  (JSON.parse(await readFile(join(dir, "generated/manifest.json"), "utf8")) as Manifest).units.map(
    (u) => u.id,
  );

describe("user units and the project bundle", () => {
  it("compile writes the project's units only, and the user config's search limits stay out of the bundle", async () => {
    const { dir, userConfig } = await project();
    const run = await runUnitc(["compile", "--user-config", userConfig], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(await unitIds(dir)).toEqual(["shared"]);
    const manifest = JSON.parse(await readFile(join(dir, "generated/manifest.json"), "utf8")) as Manifest;
    // The user's defaultSearchLimit (7) applies when they serve; the committed bundle keeps the project's.
    expect(manifest.settings.defaultSearchLimit).toBe(20);
  });

  it("--include-user-units compiles them in, and is not answered from the previous build record", async () => {
    const { dir, userConfig } = await project();
    expect((await runUnitc(["compile", "--user-config", userConfig], dir)).code).toBe(0);
    const run = await runUnitc(["compile", "--user-config", userConfig, "--include-user-units"], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(await unitIds(dir)).toEqual(["mine", "shared"]);
  });

  it("a project unit replaces the user's unit of the same ID, and says so", async () => {
    const { dir, userConfig } = await project();
    await writeFile(join(dir, "home/unitc/shared.md"), unit("Shared", "mine"));
    const run = await runUnitc(["compile", "--user-config", userConfig, "--include-user-units"], dir);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'info USER_UNIT_REPLACED unit "shared" replaces the user-level unit of the same ID',
    );
    expect(await unitIds(dir)).toEqual(["mine", "shared"]);
  });

  it("validate checks the user's units too", async () => {
    const { dir, userConfig } = await project();
    await writeFile(join(dir, "home/unitc/broken.md"), "---\nname: [oops\n---\n");
    const run = await runUnitc(["validate", "--user-config", userConfig], dir);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain("broken.md");
    expect((await runUnitc(["compile", "--user-config", userConfig], dir)).code).toBe(0);
  });
});
