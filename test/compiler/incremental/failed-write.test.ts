/**
 * A compile whose write fails part-way (a folder where a file must go) ends with WRITE_FAILED naming
 * the file, never a stack trace, and leaves no build record: the folder then holds part of two
 * builds, and a record would vouch for outputs (and sources) no longer as it says. Once the path is
 * fixed the next compile writes the bundle and records it again. Over a real project, through the CLI.
 */
import { mkdir, readdir, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../../compiler/build.js";
import { staleBundle } from "../../../compiler/incremental/stale-bundle.js";
import { runUnitc } from "../../support/cli.js";
import { ownCacheDir, writeProject } from "../../support/project.js";
import { recordedBuild } from "../../support/recorded-build.js";
import { notesUnit } from "../../support/watch-units.js";

const cacheDir = ownCacheDir();

/** How many build records the cache holds. */
async function recordCount(): Promise<number> {
  return (await readdir(join(cacheDir(), "builds")).catch(() => [])).filter((name) => name.endsWith(".json"))
    .length;
}

describe("a compile whose write fails part-way", () => {
  it("says WRITE_FAILED naming the file, forgets the record, and writes everything once the path is fixed", async () => {
    const dir = await writeProject({
      ".units/config.json": JSON.stringify({ version: 1 }),
      ".units/notes.md": notesUnit("Notes one."),
    });
    const out = join(dir, "generated");
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "written", errors: false });
    expect(await recordCount()).toBe(1);
    const written = JSON.parse(await readFile(join(out, "manifest.json"), "utf8")).units;
    expect(written).toHaveLength(1);

    // A unit edited, and one of the files the next compile must write is now an empty folder.
    await writeFile(join(dir, ".units", "notes.md"), notesUnit("Notes two."));
    const blocked = "search-index.json";
    await rm(join(out, blocked));
    await mkdir(join(out, blocked));
    const failed = await runUnitc(["compile", "--project", dir, "--out", out, "--user-config", "none"], dir);
    expect(failed.code).toBe(1);
    const said = failed.stdout + failed.stderr;
    expect(failed.stdout).toContain(
      `generated/${blocked} error WRITE_FAILED cannot write ${join(out, blocked)}: a folder is in the way (EISDIR)`,
    );
    expect(said).not.toMatch(/\n\s+at /);

    // No record is left to vouch for the folder: serve's notices know nothing, and no compile is
    // answered from it.
    expect(await recordCount()).toBe(0);
    expect(await staleBundle(out)).toEqual({ sources: [], outputs: [] });

    await rmdir(join(out, blocked));
    const again = await build(recordedBuild(dir));
    expect(again).toMatchObject({ status: "written", errors: false, fromRecord: false });
    expect(again.written).toContain(blocked);
    expect(await readFile(join(out, "manifest.json"), "utf8")).toContain("Notes two.");
    expect(await recordCount()).toBe(1);
    expect(await build(recordedBuild(dir))).toMatchObject({ status: "up-to-date", fromRecord: true });
  });
});
