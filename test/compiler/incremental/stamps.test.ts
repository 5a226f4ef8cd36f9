/**
 * The stamps behind the build record's "up to date": a rewrite that keeps the size and puts the
 * modification time back is compiled, a no-change compile writes nothing, and a stamp taken too close
 * to a change (within one tick of a coarse clock) is checked by the file's text, not trusted; `unitc
 * serve`'s stale-bundle notice reads the same stamps. Over real projects; the record's hash is
 * overwritten to stand in for a change no stamp shows.
 */
import { readdir, readFile, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { build } from "../../../compiler/build.js";
import { staleSources } from "../../../compiler/incremental/stale-bundle.js";
import { ownCacheDir, writeProject } from "../../support/project.js";
import { outputStates, recordedBuild } from "../../support/recorded-build.js";
import { notesUnit } from "../../support/watch-units.js";

const cacheDir = ownCacheDir();

/** Longer than the window in which a stamp is not trusted (RACY_MS in file-hashes.ts). */
const SETTLE_MS = 2_200;

async function project(): Promise<{ dir: string; unit: string }> {
  const dir = await writeProject({
    ".units/config.json": JSON.stringify({ version: 1 }),
    ".units/notes.md": notesUnit("Notes one."),
  });
  return { dir, unit: join(dir, ".units", "notes.md") };
}

/**
 * Overwrites the recorded hash of `file` in the build record that lists it: the record then tells of
 * a text the file does not hold, as after a change no stamp showed. Only a check of the file's text
 * sees it; a trusted stamp does not.
 */
async function forgeRecordedHash(file: string): Promise<void> {
  const folder = join(cacheDir(), "builds");
  for (const name of await readdir(folder)) {
    const path = join(folder, name);
    const record = JSON.parse(await readFile(path, "utf8"));
    if (!record.sources?.[file]) continue;
    record.sources[file].hash = "0".repeat(64);
    await writeFile(path, JSON.stringify(record));
    return;
  }
  throw new Error(`no build record lists ${file}`);
}

describe("the build record's stamps", () => {
  it("compile a unit file rewritten with the same size and its modification time put back", async () => {
    const { dir, unit } = await project();
    // A whole second, as `touch -d`, `tar x` or `rsync -t` set it: a later save can be put back to it.
    const tick = 1_700_000_000;
    await utimes(unit, tick, tick);
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "written" });
    // Settled, and checked once more: the record now trusts the unit file's stamp.
    await sleep(SETTLE_MS);
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "up-to-date", fromRecord: true });
    await writeFile(unit, notesUnit("Notes two."));
    await utimes(unit, tick, tick);
    // `unitc serve`'s notice reads the same stamps.
    expect(await staleSources(join(dir, "generated"))).toEqual([
      { file: unit, unit: "notes", change: "changed" },
    ]);

    const again = await build(recordedBuild(dir));
    expect(again).toMatchObject({ status: "written", fromRecord: false });
    expect(again.written).toContain("manifest.json");
    expect(await readFile(join(dir, "generated", "manifest.json"), "utf8")).toContain("Notes two.");
  });

  it("answer a no-change compile up to date, rewriting nothing, before and after the files settle", async () => {
    const { dir } = await project();
    const first = await build(recordedBuild(dir));
    expect(first).toMatchObject({ status: "written", errors: false });
    const before = await outputStates(join(dir, "generated"));
    const fresh = await build(recordedBuild(dir));
    expect(fresh).toMatchObject({ status: "up-to-date", fromRecord: true, written: [] });
    expect([...fresh.unchanged].sort()).toEqual([...first.written].sort());
    await sleep(SETTLE_MS);
    for (let i = 0; i < 2; i++)
      expect(await build(recordedBuild(dir))).toMatchObject({
        status: "up-to-date",
        fromRecord: true,
        written: [],
      });
    expect(await outputStates(join(dir, "generated"))).toEqual(before);
  });

  it("check a file whose stamp was taken within the racy window by its text, not its stamp", async () => {
    const { dir, unit } = await project();
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "written" });
    // The unit file was written just before the compile stamped it: its stamp cannot vouch for it.
    await forgeRecordedHash(unit);
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "written", fromRecord: false });
  });

  it("trust a settled stamp, whether a compile took it or a later check found the file settled", async () => {
    const { dir, unit } = await project();
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "written" });
    await sleep(SETTLE_MS);
    // Checked by its text this once; the record keeps its settled stamp from then on, and the forged
    // hash goes unnoticed, as it should (the fast path reads no file whose stamp is unchanged).
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "up-to-date", fromRecord: true });
    await forgeRecordedHash(unit);
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "up-to-date", fromRecord: true });

    // A compile that begins once the unit file has settled keeps its stamp too.
    await writeFile(
      join(dir, ".units", "config.json"),
      JSON.stringify({ version: 1, defaultSearchLimit: 4 }),
    );
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "written", fromRecord: false });
    await forgeRecordedHash(unit);
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "up-to-date", fromRecord: true });
  });
});
