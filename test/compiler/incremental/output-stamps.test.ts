/**
 * The build record's output files: one rewritten by another hand at the same size, its stamp
 * unchanged (a clock that did not tick between unitc's write and the other's, a modification time put
 * back), is compiled and written again, never "up to date"; an output's stamp is checked by the
 * text unitc wrote until it has settled, then trusted; one a watch build left alone without reading
 * it is checked by its text too. Over real projects; the record is edited to stand in for a clock
 * that did not tick.
 */
import { readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { build } from "../../../compiler/build.js";
import { fileStamp } from "../../../compiler/shared/file-hashes.js";
import { type WatchBuild, watchProject } from "../../../compiler/watch.js";
import { ownCacheDir, writeProject } from "../../support/project.js";
import { recordedBuild } from "../../support/recorded-build.js";
import { notesUnit } from "../../support/watch-units.js";

const cacheDir = ownCacheDir();

/** Longer than the window in which a stamp is not trusted (RACY_MS in file-hashes.ts). */
const SETTLE_MS = 2_200;

const project = () =>
  writeProject({
    ".units/config.json": JSON.stringify({ version: 1 }),
    ".units/notes.md": notesUnit("Notes one."),
  });

/** The build records in the cache, each with the file it is kept in. */
async function records(): Promise<Array<{ path: string; text: string }>> {
  const folder = join(cacheDir(), "builds");
  return Promise.all(
    (await readdir(folder)).map(async (name) => ({
      path: join(folder, name),
      text: await readFile(join(folder, name), "utf8"),
    })),
  );
}

/**
 * As if the clock had not ticked since `was` was taken: every stamp of `file`'s old state the
 * records hold reads as its stamp now (on a coarse clock, a rewrite within one tick leaves one stamp).
 */
async function sameTick(file: string, was: string): Promise<void> {
  const now = await fileStamp(file);
  for (const record of await records())
    if (record.text.includes(`"${was}"`))
      await writeFile(record.path, record.text.replaceAll(`"${was}"`, `"${now}"`));
}

/**
 * Overwrites the hash the record of the project in `dir` keeps of its output `path`: the record then
 * tells of a text the file does not hold.
 */
async function forgeOutputHash(dir: string, path: string): Promise<void> {
  for (const record of await records()) {
    const parsed = JSON.parse(record.text);
    const ours = Object.keys(parsed.sources ?? {}).some((file) => file.startsWith(dir));
    if (!ours || !parsed.outputs?.[path]?.hash) continue;
    parsed.outputs[path].hash = "0".repeat(64);
    await writeFile(record.path, JSON.stringify(parsed));
    return;
  }
  throw new Error(`no build record keeps the hash of ${path}`);
}

describe("the build record's output files", () => {
  it("write again an output rewritten with the same size and the same stamp", async () => {
    const dir = await project();
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "written" });
    const manifest = join(dir, "generated", "manifest.json");
    const text = await readFile(manifest, "utf8");
    const was = await fileStamp(manifest);
    const { atime, mtime } = await stat(manifest);
    // Another hand's edit (a `git checkout` of the folder, an editor's save): same size, time put back.
    const edited = text.replace("Notes one.", "Notes 1ne.");
    expect(edited.length).toBe(text.length);
    await writeFile(manifest, edited);
    await utimes(manifest, atime, mtime);
    await sameTick(manifest, was);

    const again = await build(recordedBuild(dir));
    expect(again).toMatchObject({ status: "written", fromRecord: false });
    expect(again.written).toEqual(["manifest.json"]);
    expect(await readFile(manifest, "utf8")).toBe(text);
  });

  it("check an output by its text until its stamp has settled, then trust its stamp", async () => {
    const dir = await project();
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "written" });
    // Stamped just after unitc wrote it: its text is checked (a forged hash would show here).
    await forgeOutputHash(dir, "manifest.json");
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "written", written: [] });
    await sleep(SETTLE_MS);
    // Checked by its text once more, found settled and unchanged: its stamp is kept from then on,
    // so the forged hash goes unnoticed (the fast path reads no output whose stamp is unchanged).
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "up-to-date", fromRecord: true });
    await forgeOutputHash(dir, "manifest.json");
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "up-to-date", fromRecord: true });
    // A rewrite by another hand changes the stamp: compiled and written again.
    const manifest = join(dir, "generated", "manifest.json");
    await writeFile(manifest, (await readFile(manifest, "utf8")).replace("Notes one.", "Notes 1ne."));
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "written", written: ["manifest.json"] });
  });

  it("check an output watch mode left alone, unread, by its text: another hand may have changed it", async () => {
    const dir = await project();
    const outDir = join(dir, "generated");
    const builds: Array<(build: WatchBuild) => void> = [];
    const next = () => new Promise<WatchBuild>((resolve) => builds.push(resolve));
    const watcher = watchProject({
      projectDir: dir,
      outDir,
      userConfigFile: false,
      debounceMs: 10,
      record: true,
      onBuild: (build) => builds.shift()?.(build),
    });
    try {
      expect(await watcher.ready).toMatchObject({ ok: true });
      // Edited by another hand; settled by the time the next build is recorded. That build writes
      // the files it knows changed, and leaves this one alone without reading it.
      const console = join(outDir, ".code-mode", "console.d.ts");
      const text = await readFile(console, "utf8");
      await writeFile(console, `${text}// edited\n`);
      await sleep(SETTLE_MS);
      const built = next();
      await writeFile(join(dir, ".units", "notes.md"), notesUnit("Notes two."));
      expect(await built).toMatchObject({ ok: true, written: expect.arrayContaining(["manifest.json"]) });
      expect((await built).written).not.toContain(".code-mode/console.d.ts");
      await watcher.close();
      const again = await build(recordedBuild(dir));
      expect(again).toMatchObject({
        status: "written",
        fromRecord: false,
        written: [".code-mode/console.d.ts"],
      });
      expect(await readFile(console, "utf8")).toBe(text);
    } finally {
      await watcher.close();
    }
  });
});
