/**
 * `unitc serve`'s check of a bundle against its build record: an output recorded unsettled (just
 * written) is read while its stamp could still hide a change, then once more after, and its settled
 * stamp is kept in the record, so every later check is a stat that reads no text; a same-size edit
 * whose stamp the record already holds (one tick of a coarse clock) is caught, before the window
 * closes and after. Over real projects; a forged hash in the record shows whether a text was read
 * (read, it is "changed"; trusted by its stamp, it is not).
 */
import { readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { build } from "../../../compiler/build.js";
import type { BuildRecord } from "../../../compiler/incremental/build-record.js";
import type { FileState } from "../../../compiler/incremental/file-states.js";
import { keepSettled } from "../../../compiler/incremental/record-file.js";
import { staleBundle, staleOutputs } from "../../../compiler/incremental/stale-bundle.js";
import { fileStamp } from "../../../compiler/shared/file-hashes.js";
import { ownCacheDir, writeProject } from "../../support/project.js";
import { recordedBuild } from "../../support/recorded-build.js";
import { notesUnit } from "../../support/watch-units.js";

const cacheDir = ownCacheDir();

/** Longer than the window in which a stamp is not trusted (RACY_MS in file-hashes.ts). */
const SETTLE_MS = 2_200;

async function compiled(): Promise<{ dir: string; out: string }> {
  const dir = await writeProject({
    ".units/config.json": JSON.stringify({ version: 1 }),
    ".units/notes.md": notesUnit("Notes."),
  });
  expect(await build(recordedBuild(dir))).toMatchObject({ status: "written", errors: false });
  return { dir, out: join(dir, "generated") };
}

/** The one build record of the project in `dir`, parsed, and the file it is kept in. */
async function recordOf(dir: string): Promise<{ path: string; record: BuildRecord }> {
  const folder = join(cacheDir(), "builds");
  for (const name of await readdir(folder)) {
    const path = join(folder, name);
    const record = JSON.parse(await readFile(path, "utf8")) as BuildRecord;
    if (Object.keys(record.sources ?? {}).some((file) => file.startsWith(dir))) return { path, record };
  }
  throw new Error(`no build record of ${dir}`);
}

/** Changes the recorded state of output `file` of the project in `dir` with `change`. */
async function editRecorded(dir: string, file: string, change: (state: FileState) => void): Promise<void> {
  const { path, record } = await recordOf(dir);
  change(record.outputs[file] as FileState);
  await writeFile(path, JSON.stringify(record));
}

const forgeHash = (dir: string, file: string) =>
  editRecorded(dir, file, (state) => {
    state.hash = "0".repeat(64);
  });

describe("serve's check of outputs recorded unsettled", () => {
  it("reads an untouched output once its stamp has settled, then trusts its stamp without reading it", async () => {
    const { dir, out } = await compiled();
    const manifest = join(out, "manifest.json");
    // Recorded unsettled, with the stamp taken at the write.
    expect((await recordOf(dir)).record.outputs["manifest.json"]).toEqual({
      stamp: await fileStamp(manifest),
      hash: expect.any(String),
      unsettled: true,
    });
    expect(await staleOutputs(out)).toEqual([]);
    await sleep(SETTLE_MS);
    // Read this once (it was stamped within the window), found as written, and kept settled.
    expect(await staleBundle(out)).toEqual({ sources: [], outputs: [] });
    expect((await recordOf(dir)).record.outputs["manifest.json"]).toEqual({
      stamp: await fileStamp(manifest),
      hash: expect.any(String),
    });
    // From now on a stat: a text no longer matching the record goes unread, so unnoticed.
    await forgeHash(dir, "manifest.json");
    expect(await staleOutputs(out)).toEqual([]);
    // A compile's check trusts the kept stamp too.
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "up-to-date", fromRecord: true });
  });

  it("reads an output whose text is checked each time while its stamp has not settled", async () => {
    const { dir, out } = await compiled();
    await forgeHash(dir, "manifest.json");
    for (let i = 0; i < 2; i++)
      expect(await staleOutputs(out)).toEqual([{ file: "manifest.json", change: "changed" }]);
  });

  it("catches a same-size edit whose stamp the record holds, within the racy window and after it", async () => {
    const { dir, out } = await compiled();
    const manifest = join(out, "manifest.json");
    const text = await readFile(manifest, "utf8");
    const { atime, mtime } = await stat(manifest);
    const edited = text.replace("Notes.", "Note!.");
    expect(edited.length).toBe(text.length);
    await writeFile(manifest, edited);
    await utimes(manifest, atime, mtime);
    // As if the edit had come within the tick of unitc's write: the record's stamp is the file's now.
    const now = await fileStamp(manifest);
    await editRecorded(dir, "manifest.json", (state) => {
      state.stamp = now;
    });
    expect(await staleOutputs(out)).toEqual([{ file: "manifest.json", change: "changed" }]);
    await sleep(SETTLE_MS);
    // The window is over and the stamp is still the one recorded: the text is read all the same.
    expect(await staleOutputs(out)).toEqual([{ file: "manifest.json", change: "changed" }]);
    expect(await staleOutputs(out)).toEqual([{ file: "manifest.json", change: "changed" }]);
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "written", written: ["manifest.json"] });
  });

  it("keeps no settled stamp over a record a compile wrote anew since the check read it", async () => {
    const { dir, out } = await compiled();
    await sleep(SETTLE_MS);
    const { path, record } = await recordOf(dir);
    const checked = record.outputs["manifest.json"] as FileState;
    // The next compile's record, another text for the manifest.
    await editRecorded(dir, "manifest.json", (state) => {
      state.hash = "1".repeat(64);
    });
    await keepSettled(
      out,
      { sources: {}, outputs: { "manifest.json": checked } },
      { sources: {}, outputs: { "manifest.json": { stamp: "s", hash: checked.hash } } },
    );
    expect(JSON.parse(await readFile(path, "utf8")).outputs["manifest.json"]).toEqual({
      ...checked,
      hash: "1".repeat(64),
    });
  });
});
