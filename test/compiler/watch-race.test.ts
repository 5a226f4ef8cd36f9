/**
 * Watch mode racing editors, over real files and a real watcher: a file written in two parts around
 * the build that reads it, a rewrite that keeps the size and modification time, and a config file
 * that goes away and comes back. Each race is driven from the build's own report (`onBuild` runs
 * after the build read its files), never by timing; the tests assert what the last build saw.
 */

import { appendFileSync, utimesSync, writeFileSync } from "node:fs";
import { mkdir, readFile, rename, rm, truncate, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { MAX_SPEC_BYTES } from "../../compiler/discover/sources/fetch.js";
import {
  type ProjectWatcher,
  type WatchBuild,
  type WatchOptions,
  watchProject,
} from "../../compiler/watch.js";
import type { Manifest } from "../../runtime/contract/manifest.js";
import { parsedManifest } from "../support/manifest.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { petsSpec, petsUnit, pingUnit } from "../support/watch-units.js";

const unit = pingUnit;

/** An OpenAPI spec whose one operation returns objects with `field`. */
const spec = (field: string) =>
  petsSpec({
    summary: "List the pets.",
    schema: `{ type: array, items: { type: object, properties: { ${field}: { type: string } } } }`,
  });

const config = `${JSON.stringify({ version: 1 })}\n`;

const watchers: ProjectWatcher[] = [];
afterEach(async () => {
  await Promise.all(watchers.splice(0).map((w) => w.close()));
});
afterAll(cleanupProjects);

/** A watcher recording its builds; `during(n, work)` runs `work` as build n is reported. */
function startWatching(dir: string, options: Partial<WatchOptions> = {}) {
  const builds: WatchBuild[] = [];
  const hooks = new Map<number, () => void | Promise<void>>();
  const waiting: Array<(build: WatchBuild) => void> = [];
  const watcher = watchProject({
    projectDir: dir,
    outDir: join(dir, "generated"),
    userConfigFile: false,
    debounceMs: 10,
    ...options,
    async onBuild(build) {
      builds.push(build);
      await hooks.get(build.sequence)?.();
      waiting.shift()?.(build);
    },
  });
  watchers.push(watcher);
  return {
    watcher,
    builds,
    during: (sequence: number, work: () => void | Promise<void>) => hooks.set(sequence, work),
    /** Makes a change and waits for the build it causes. */
    change: async (work: () => Promise<void>) => {
      const built = new Promise<WatchBuild>((resolve) => waiting.push(resolve));
      await work();
      return built;
    },
  };
}

async function manifestOf(dir: string): Promise<Manifest> {
  return parsedManifest(await readFile(join(dir, "generated", "manifest.json"), "utf8"));
}

const described = async (dir: string, id: string) =>
  (await manifestOf(dir)).units.find((u) => u.id === id)?.description;

describe("watch mode and files written in several parts", () => {
  it("rebuilds when the first build read half a unit file and the rest landed before the watcher listened", async () => {
    const full = unit("Beta", "Written in two parts.");
    const cut = full.indexOf("httpApi");
    const dir = await writeProject({
      ".units/config.json": config,
      ".units/alpha.md": unit("Alpha", "First."),
      ".units/beta.md": full.slice(0, cut),
    });
    const { watcher, builds, during } = startWatching(dir);
    // The first build has read the first part; the rest lands before the watcher is set up.
    during(1, () => appendFileSync(join(dir, ".units/beta.md"), full.slice(cut)));
    const first = await watcher.ready;
    expect(first.ok).toBe(false);
    await watcher.idle();
    const last = builds.at(-1) as WatchBuild;
    expect(last, JSON.stringify(last.diagnostics)).toMatchObject({ ok: true, units: 2 });
    expect(await described(dir, "beta")).toBe("Written in two parts.");
  });

  it("rebuilds when a spec a unit newly names was half written as the build read it", async () => {
    const dir = await writeProject({
      ".units/config.json": config,
      ".units/alpha.md": unit("Alpha", "First."),
    });
    const { watcher, builds, during, change } = startWatching(dir);
    await watcher.ready;
    const full = spec("nickname");
    const cut = full.indexOf("  /pets:");
    // The spec's folder is not watched yet: the build that first reads the spec starts following it.
    await mkdir(join(dir, "specs"));
    await writeFile(join(dir, "specs/pets.yaml"), full.slice(0, cut));
    during(2, () => appendFileSync(join(dir, "specs/pets.yaml"), full.slice(cut)));
    const second = await change(() => writeFile(join(dir, ".units/pets.md"), petsUnit));
    expect(second.sequence).toBe(2);
    await watcher.idle();
    const last = builds.at(-1) as WatchBuild;
    expect(last, JSON.stringify(last.diagnostics)).toMatchObject({ ok: true, units: 2 });
    const pets = (await manifestOf(dir)).units.find((u) => u.id === "pets");
    expect(pets?.operations.map((o) => o.name)).toEqual(["listPets"]);
    expect(JSON.stringify(pets)).toContain("nickname");
  });

  it("rebuilds when the build record answered the first build and a unit was edited before the watcher listened", async () => {
    const dir = await writeProject({
      ".units/config.json": config,
      ".units/alpha.md": unit("Alpha", "First."),
    });
    const recorded = startWatching(dir, { record: true });
    expect((await recorded.watcher.ready).ok).toBe(true);
    await recorded.watcher.close();
    const { watcher, builds, during } = startWatching(dir, { record: true });
    during(1, () => writeFileSync(join(dir, ".units/alpha.md"), unit("Alpha", "Edited as dev started.")));
    expect((await watcher.ready).upToDate).toBe(true);
    await watcher.idle();
    expect(builds.at(-1)).toMatchObject({ ok: true, rebuilt: ["alpha"] });
    expect(await described(dir, "alpha")).toBe("Edited as dev started.");
  });

  it("builds once more, not again and again, for a file discovery names but does not read", async () => {
    const dir = await writeProject({
      ".units/config.json": config,
      ".units/pets.md": petsUnit.replace("../specs/pets.yaml", "../specs/huge.json"),
    });
    // Over the spec size limit, so discovery refuses it unread: what the build noted never equals
    // the file. Sparse: no disk is used.
    await mkdir(join(dir, "specs"));
    await writeFile(join(dir, "specs/huge.json"), "");
    await truncate(join(dir, "specs/huge.json"), MAX_SPEC_BYTES + 1);
    const { watcher, builds } = startWatching(dir);
    const first = await watcher.ready;
    expect(first.diagnostics.map((d) => d.code)).toEqual(["SPEC_UNREADABLE"]);
    await watcher.idle();
    await watcher.idle();
    expect(builds.map((build) => build.changes)).toEqual([[], [join(dir, "specs/huge.json")]]);
  });

  it("sees a rewrite that keeps the file's size and modification time (a coarse clock's same tick)", async () => {
    const dir = await writeProject({
      ".units/config.json": config,
      ".units/pets.md": petsUnit,
      "specs/pets.yaml": spec("name"),
    });
    const file = join(dir, "specs/pets.yaml");
    // One modification time for every version, as a file system with coarse times shows two saves.
    const tick = 1_700_000_000;
    // Both in one go: no build can start between the write and the times set back.
    const save = async (text: string) => {
      writeFileSync(file, text);
      utimesSync(file, tick, tick);
    };
    await utimes(file, tick, tick);
    const { watcher, change } = startWatching(dir);
    await watcher.ready;
    for (const field of ["nick", "iden", "name"]) {
      const build = await change(() => save(spec(field)));
      expect(build.ok).toBe(true);
      await watcher.idle();
      expect(JSON.stringify((await manifestOf(dir)).units), field).toContain(`"${field}"`);
    }
  });
});

describe("watch mode and a config file that goes away", () => {
  it("reports a config named with --config that was renamed away, keeps watching and recovers", async () => {
    const dir = await writeProject({
      ".units/config.json": config,
      ".units/alpha.md": unit("Alpha", "First."),
    });
    const file = join(dir, ".units/config.json");
    const { watcher, builds, change } = startWatching(dir, { configFile: file });
    expect((await watcher.ready).ok).toBe(true);
    // An editor's save: the old file renamed to a backup, the new one written a moment later.
    const gone = await change(() => rename(file, `${file}~`));
    expect(gone.ok).toBe(false);
    expect(gone.diagnostics).toEqual([
      expect.objectContaining({ code: "FILE_NOT_FOUND", severity: "error", file, hint: expect.any(String) }),
    ]);
    // Back with an edit. A build may read it half written; the last one reads it whole.
    await change(() => writeFile(file, `${JSON.stringify({ version: 1, defaultSearchLimit: 7 })}\n`));
    await watcher.idle();
    expect(builds.at(-1)?.ok).toBe(true);
    expect((await manifestOf(dir)).settings.defaultSearchLimit).toBe(7);
    expect(await described(dir, "alpha")).toBe("First.");
  });

  it("reads a user config deleted while watching as absent, and follows it when it is back", async () => {
    const userConfig = {
      version: 1,
      httpApis: {
        beta: {
          name: "Beta",
          description: "From the user config.",
          baseUrl: "http://127.0.0.1:9",
          auth: { type: "none" },
          actions: { ping: { method: "GET", path: "/ping", description: "Ping." } },
        },
      },
    };
    const dir = await writeProject({
      ".units/config.json": config,
      ".units/alpha.md": unit("Alpha", "First."),
      "home/unitc/config.json": `${JSON.stringify(userConfig)}\n`,
    });
    const user = join(dir, "home/unitc/config.json");
    const text = await readFile(user, "utf8");
    const { watcher, builds, change } = startWatching(dir, { userConfigFile: user, includeUserUnits: true });
    const ids = async () => (await manifestOf(dir)).units.map((u) => u.id);
    expect((await watcher.ready).ok).toBe(true);
    expect(await ids()).toEqual(["alpha", "beta"]);
    const gone = await change(() => rm(user));
    expect(gone, JSON.stringify(gone.diagnostics)).toMatchObject({ ok: true, diagnostics: [] });
    await watcher.idle();
    expect(await ids()).toEqual(["alpha"]);
    await change(() => writeFile(user, text));
    await watcher.idle();
    expect(builds.at(-1)?.ok).toBe(true);
    expect(await ids()).toEqual(["alpha", "beta"]);
  });
});
