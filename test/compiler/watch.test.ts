/**
 * Watch mode over real files: every edit below is written to disk and the test waits for the
 * watcher's rebuild. Checks which units were rediscovered, what was written, that a broken edit
 * keeps the last good output, and that incremental builds equal cold ones.
 */

import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { watch } from "chokidar";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { BuildMemo } from "../../compiler/incremental/memo.js";
import { compile } from "../../compiler/index.js";
import { type ProjectWatcher, type WatchBuild, watchProject } from "../../compiler/watch.js";
import type { Manifest } from "../../runtime/contract/manifest.js";
import { parsedManifest } from "../support/manifest.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { petsSpec, petsUnit, pingUnit } from "../support/watch-units.js";

const unit = pingUnit;

const spec = (summary: string) => petsSpec({ summary, schema: '{ $ref: "./pet.yaml#/Pets" }' });

const petSchema = (field: string) => `Pets:
  type: array
  items:
    type: object
    properties:
      ${field}: { type: string }
`;

const openapiUnit = petsUnit;

const initialFiles = () => ({
  ".units/config.json": `${JSON.stringify({ version: 1 })}\n`,
  ".units/alpha.md": unit("Alpha", "First unit."),
  ".units/beta.md": unit("Beta", "Second unit."),
  ".units/pets.md": openapiUnit,
  "specs/pets.yaml": spec("List the pets."),
  "specs/pet.yaml": petSchema("name"),
});

/** A watcher whose builds can be awaited one at a time. */
async function startWatching(dir: string) {
  const builds: WatchBuild[] = [];
  const waiting: Array<(build: WatchBuild) => void> = [];
  const watcher = watchProject({
    projectDir: dir,
    outDir: join(dir, "generated"),
    userConfigFile: false,
    debounceMs: 10,
    onBuild(build) {
      if (process.env.DEBUG_WATCH)
        console.error("BUILD", build.sequence, build.ok, build.changes, build.rebuilt);
      builds.push(build);
      waiting.shift()?.(build);
    },
  });
  watchers.push(watcher);
  const first = await watcher.ready;
  const next = () => new Promise<WatchBuild>((resolve) => waiting.push(resolve));
  /** Makes a change and waits for the build it causes. */
  const change = async (work: () => Promise<void>) => {
    const built = next();
    await work();
    return built;
  };
  return { watcher, first, builds, change };
}

const watchers: ProjectWatcher[] = [];
afterEach(async () => {
  await Promise.all(watchers.splice(0).map((w) => w.close()));
});
afterAll(cleanupProjects);

async function manifestOf(dir: string): Promise<Manifest> {
  return parsedManifest(await readFile(join(dir, "generated", "manifest.json"), "utf8"));
}

describe("watchProject", () => {
  it("compiles at once, then rebuilds only what an edit touches", async () => {
    const dir = await writeProject(initialFiles());
    const { first, change } = await startWatching(dir);
    expect(first).toMatchObject({ sequence: 1, ok: true, units: 3, rebuilt: ["alpha", "beta", "pets"] });
    expect(first.written).toContain("manifest.json");

    // A new unit file.
    let build = await change(() => writeFile(join(dir, ".units/gamma.md"), unit("Gamma", "Third unit.")));
    expect(build).toMatchObject({ ok: true, units: 4, rebuilt: ["gamma"] });
    expect(build.written).toEqual(expect.arrayContaining(["units/gamma/index.ts", "manifest.json"]));
    expect(build.written).not.toContain("units/alpha/index.ts");
    expect((await manifestOf(dir)).units.map((u) => u.id)).toEqual(["alpha", "beta", "gamma", "pets"]);

    // A changed description: one unit rediscovered, its files and the manifest rewritten.
    build = await change(() => writeFile(join(dir, ".units/beta.md"), unit("Beta", "Second unit, edited.")));
    expect(build).toMatchObject({ ok: true, rebuilt: ["beta"] });
    expect(build.written).not.toContain("units/alpha/index.ts");
    expect((await manifestOf(dir)).units.find((u) => u.id === "beta")?.description).toBe(
      "Second unit, edited.",
    );

    // A file the OpenAPI spec refers to: only that unit is rediscovered.
    build = await change(() => writeFile(join(dir, "specs/pet.yaml"), petSchema("nickname")));
    expect(build).toMatchObject({ ok: true, rebuilt: ["pets"] });
    const pets = (await manifestOf(dir)).units.find((u) => u.id === "pets");
    expect(JSON.stringify(pets?.operations[0]?.outputSchema)).toContain("nickname");
    // OpenAPI types are openapi-typescript's, in spec-types.ts.
    expect(await readFile(join(dir, "generated/units/pets/spec-types.ts"), "utf8")).toContain("nickname");

    // A deleted unit: its files are removed.
    build = await change(() => rm(join(dir, ".units/alpha.md")));
    // The diagnostics in the message: a build racing this rm once failed with FILE_NOT_FOUND for alpha.md.
    expect(build, JSON.stringify(build.diagnostics)).toMatchObject({ ok: true, units: 3, rebuilt: [] });
    expect(build.removed).toContain("units/alpha/index.ts");
    expect((await manifestOf(dir)).units.map((u) => u.id)).toEqual(["beta", "gamma", "pets"]);
  });

  it("builds once for a deleted unit, though chokidar reports the deletion again later", async () => {
    const dir = await writeProject(initialFiles());
    const { watcher, builds, change } = await startWatching(dir);
    // chokidar holds an unlink back 100 ms (to spot an atomic save); the raw event starts the build.
    // A watcher of our own sees that late unlink at about the time the project's watcher does.
    const file = join(dir, ".units/alpha.md");
    const own = watch(file, { ignoreInitial: true });
    await new Promise<void>((done) => own.once("ready", () => done()));
    const late = new Promise<void>((done) => own.once("unlink", () => done()));
    try {
      const build = await change(() => rm(file));
      expect(build).toMatchObject({ ok: true, units: 2, rebuilt: [] });
      await late;
      // A later build would come within the debounce of the late unlink; wait well past it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await watcher.idle();
      expect(builds.map((b) => b.changes)).toEqual([[], [file]]);
    } finally {
      await own.close();
    }
  });

  it("keeps the last good output through a broken edit and recovers on the next good one", async () => {
    const dir = await writeProject(initialFiles());
    const { change } = await startWatching(dir);
    const good = await readFile(join(dir, "generated/manifest.json"), "utf8");

    const broken = await change(() =>
      writeFile(join(dir, ".units/beta.md"), "---\nname: Beta\ndescription: [unclosed\n---\n"),
    );
    expect(broken.ok).toBe(false);
    expect(broken.written).toEqual([]);
    const error = broken.diagnostics.find((d) => d.severity === "error");
    expect(error?.file).toBe(join(dir, ".units/beta.md"));
    expect(error?.line).toBeGreaterThan(0);
    expect(await readFile(join(dir, "generated/manifest.json"), "utf8")).toBe(good);

    const fixed = await change(() => writeFile(join(dir, ".units/beta.md"), unit("Beta", "Fixed.")));
    expect(fixed).toMatchObject({ ok: true, rebuilt: ["beta"] });
    expect((await manifestOf(dir)).units.find((u) => u.id === "beta")?.description).toBe("Fixed.");
  });

  it("follows folder units added and renamed, and a spec file that appears later", async () => {
    const dir = await writeProject({ ...initialFiles(), "specs/pets.yaml": "" });
    await rm(join(dir, "specs/pets.yaml"));
    const { first, change } = await startWatching(dir);
    expect(first.ok).toBe(false);
    expect(first.diagnostics.map((d) => d.code)).toContain("SPEC_UNREADABLE");

    // The missing spec appears: the watcher was watching its path.
    let build = await change(() => writeFile(join(dir, "specs/pets.yaml"), spec("List them.")));
    expect(build).toMatchObject({ ok: true, rebuilt: ["pets"] });

    build = await change(async () => {
      await mkdir(join(dir, ".units/delta"));
      await writeFile(join(dir, ".units/delta/UNIT.md"), unit("Delta", "A folder unit."));
    });
    expect(build.ok).toBe(true);
    expect((await manifestOf(dir)).units.map((u) => u.id)).toContain("delta");

    build = await change(() => rename(join(dir, ".units/delta"), join(dir, ".units/epsilon")));
    // A rename may arrive as two batches of events; wait until the manifest shows it.
    for (let i = 0; i < 5 && !(await manifestOf(dir)).units.some((u) => u.id === "epsilon"); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const ids = (await manifestOf(dir)).units.map((u) => u.id);
    expect(ids).toContain("epsilon");
    expect(ids).not.toContain("delta");
  });

  it("leaves no watcher or timer behind when closed", async () => {
    const dir = await writeProject(initialFiles());
    const before = process.getActiveResourcesInfo().filter((r) => r === "FSEventWrap" || r === "Timeout");
    const { watcher } = await startWatching(dir);
    expect(process.getActiveResourcesInfo().filter((r) => r === "FSEventWrap").length).toBeGreaterThan(
      before.filter((r) => r === "FSEventWrap").length,
    );
    await writeFile(join(dir, ".units/beta.md"), unit("Beta", "Changed just before close."));
    await watcher.close();
    // chokidar releases its fs.watch handles a moment after close resolves: allow up to 2 s.
    const active = () =>
      process.getActiveResourcesInfo().filter((r) => r === "FSEventWrap" || r === "Timeout").length;
    for (let i = 0; i < 40 && active() > before.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50).unref());
    }
    expect(active()).toBeLessThanOrEqual(before.length);
  });
});

describe("BuildMemo", () => {
  it("gives the same files and diagnostics as a cold compile after each edit", async () => {
    const dir = await writeProject(initialFiles());
    const memo = new BuildMemo();
    const edits: Array<() => Promise<void>> = [
      async () => undefined,
      () => writeFile(join(dir, ".units/alpha.md"), unit("Alpha", "Edited.")),
      () => writeFile(join(dir, "specs/pet.yaml"), petSchema("age")),
      () => writeFile(join(dir, ".units/beta.md"), "---\nname: [broken\n---\n"),
      () => writeFile(join(dir, ".units/beta.md"), unit("Beta", "Back.")),
      () =>
        writeFile(
          join(dir, ".units/config.json"),
          `${JSON.stringify({ version: 1, defaultSearchLimit: 7 })}\n`,
        ),
      () => rm(join(dir, "specs/pet.yaml")),
    ];
    for (const edit of edits) {
      await edit();
      const options = { projectDir: dir, outDir: join(dir, "generated"), userConfigFile: false as const };
      const [warm, cold] = [await compile({ ...options, memo }), await compile(options)];
      expect([...warm.files]).toEqual([...cold.files]);
      expect(warm.diagnostics).toEqual(cold.diagnostics);
    }
  });
});
