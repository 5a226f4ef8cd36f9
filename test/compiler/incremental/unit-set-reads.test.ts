/**
 * A unit set's files as the build record keeps them: what the compile read, never what they hold
 * once it is done. A set's unit file or config file edited, or a unit file added to its folder, while
 * the compile runs leaves no record saying "up to date": the next compile builds the new text, and a
 * set's config file edited since is named by `unitc serve`'s stale notice. Over real projects; the
 * edit is made from the compile's own progress hook, once the set was loaded.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { build } from "../../../compiler/build.js";
import { staleSources } from "../../../compiler/incremental/stale-bundle.js";
import { cleanupProjects, writeProject } from "../../support/project.js";
import { recordedBuild } from "../../support/recorded-build.js";
import { notesUnit, pingUnit } from "../../support/watch-units.js";

beforeAll(async () => {
  vi.stubEnv("UNITC_CACHE_DIR", await writeProject({}));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await cleanupProjects();
});

const set = { name: "Team", description: "The team's units.", unitsRoot: "../team" };

/** A project whose only unit set's folder `team/` holds the Notes unit and a config with the Ping unit. */
const project = () =>
  writeProject({
    ".units/config.json": JSON.stringify({ version: 1, unitSets: { team: set } }),
    "team/notes.md": notesUnit("Notes one."),
    "team/config.json": JSON.stringify({
      version: 1,
      httpApis: {
        ping: {
          name: "Ping",
          description: "Ping one.",
          baseUrl: "http://127.0.0.1:9",
          auth: { type: "none" },
          actions: { ping: { method: "GET", path: "/ping", description: "Ping." } },
        },
      },
    }),
  });

/** A recorded build that runs `edit` once, as the first unit's discovery starts (the set is loaded by then). */
async function buildEditing(dir: string, edit: () => Promise<void>) {
  let pending: Promise<void> | undefined;
  const built = await build({
    ...recordedBuild(dir),
    progress: {
      unitStarted: () => {
        pending ??= edit();
      },
    },
  });
  await pending;
  return built;
}

const manifestOf = (dir: string) => readFile(join(dir, "generated", "manifest.json"), "utf8");

describe("a unit set's files in the build record", () => {
  it("compile again after a set's unit file was edited while the compile ran", async () => {
    const dir = await project();
    const first = await buildEditing(dir, () =>
      writeFile(join(dir, "team", "notes.md"), notesUnit("Notes two.")),
    );
    expect(first).toMatchObject({ status: "written", errors: false });
    expect(await manifestOf(dir)).toContain("Notes one.");
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "written", fromRecord: false });
    expect(await manifestOf(dir)).toContain("Notes two.");
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "up-to-date", fromRecord: true });
  });

  it("compile again after a set's config file was edited while the compile ran", async () => {
    const dir = await project();
    const config = join(dir, "team", "config.json");
    const text = await readFile(config, "utf8");
    const first = await buildEditing(dir, () => writeFile(config, text.replace("Ping one.", "Ping two.")));
    expect(first).toMatchObject({ status: "written", errors: false });
    expect(await manifestOf(dir)).toContain("Ping one.");
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "written", fromRecord: false });
    expect(await manifestOf(dir)).toContain("Ping two.");
  });

  it("compile again after a set's config file was edited since the last compile", async () => {
    const dir = await project();
    const config = join(dir, "team", "config.json");
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "written" });
    await writeFile(config, (await readFile(config, "utf8")).replace("Ping one.", "Ping two."));
    // `unitc serve`'s notice reads the same record.
    expect(await staleSources(join(dir, "generated"))).toEqual([{ file: config, change: "changed" }]);
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "written", fromRecord: false });
    expect(await manifestOf(dir)).toContain("Ping two.");
  });

  it("compile again after a unit file was added to a set's folder while the compile ran", async () => {
    const dir = await project();
    const first = await buildEditing(dir, () => writeFile(join(dir, "team", "extra.md"), pingUnit("Extra")));
    expect(first).toMatchObject({ status: "written", errors: false });
    expect(await manifestOf(dir)).not.toContain("team__extra");
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "written", fromRecord: false });
    expect(await manifestOf(dir)).toContain("team__extra");
  });
});
