/**
 * `unitc serve`'s second notice, from the build record's outputs: a file of the bundle changed,
 * added or removed by another hand since unitc wrote it is named (by its stamp, else its text), one
 * rewritten with the same text is not, and the line names a few and counts the rest. Over real
 * projects compiled in-process.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { changedOutputsLine } from "../../../cli/stale-bundle-notice.js";
import { build } from "../../../compiler/build.js";
import { staleOutputs, staleSources } from "../../../compiler/incremental/stale-bundle.js";
import { ownCacheDir, writeProject } from "../../support/project.js";
import { recordedBuild } from "../../support/recorded-build.js";
import { notesUnit } from "../../support/watch-units.js";

ownCacheDir();

async function compiled(): Promise<string> {
  const dir = await writeProject({
    ".units/config.json": JSON.stringify({ version: 1 }),
    ".units/notes.md": notesUnit("Notes."),
  });
  expect(await build(recordedBuild(dir))).toMatchObject({ status: "written", errors: false });
  return join(dir, "generated");
}

describe("the outputs of a bundle as the build record has them", () => {
  it("are all as written right after the compile", async () => {
    expect(await staleOutputs(await compiled())).toEqual([]);
  });

  it("name a file edited, one added and one removed since the compile, by their path in the bundle", async () => {
    const out = await compiled();
    const manifest = join(out, "manifest.json");
    await writeFile(manifest, (await readFile(manifest, "utf8")).replace("Notes.", "Notes, by hand."));
    await rm(join(out, "search-index.json"));
    await writeFile(join(out, "units", "notes", "extra.ts"), "export const extra = 1;\n");
    expect(await staleOutputs(out)).toEqual([
      { file: "manifest.json", change: "changed" },
      { file: "search-index.json", change: "removed" },
      { file: "units/notes/extra.ts", change: "added" },
    ]);
    // The sources did not change: the first notice says nothing.
    expect(await staleSources(out)).toEqual([]);
  });

  it("do not name a file rewritten with the text unitc wrote", async () => {
    const out = await compiled();
    const manifest = join(out, "manifest.json");
    await writeFile(manifest, await readFile(manifest, "utf8"));
    expect(await staleOutputs(out)).toEqual([]);
  });

  it("are not named after a partial compile with errors wrote the folder without recording it", async () => {
    const out = await compiled();
    const dir = join(out, "..");
    await writeFile(join(dir, ".units", "notes.md"), notesUnit("Notes, compiled."));
    await writeFile(join(dir, ".units", "broken.md"), "---\nname: Broken\n---\n");
    const partial = await build({ ...recordedBuild(dir), partial: true });
    expect(partial).toMatchObject({ status: "written", errors: true });
    expect(await staleOutputs(out)).toEqual([]);
    expect(await staleSources(out)).toEqual([]);
  });

  it("are unknown, so not named, when no compile recorded the folder", async () => {
    const dir = await writeProject({ "generated/manifest.json": "{}" });
    expect(await staleOutputs(join(dir, "generated"))).toEqual([]);
  });
});

describe("the line for outputs changed since unitc wrote them", () => {
  const out = "/p/generated";
  it("names each file and its change, and the command that writes them again", () => {
    const line = changedOutputsLine(
      out,
      [
        { file: "notes/index.ts", change: "changed" },
        { file: "search-index.json", change: "removed" },
      ],
      "/p",
    );
    expect(line).toBe(
      "notice: files of generated were changed since unitc wrote them: notes/index.ts changed, " +
        "search-index.json removed; it is served as it is: run `unitc compile` to write them again",
    );
  });

  it("names a few and counts the rest", () => {
    const many = Array.from({ length: 8 }, (_, i) => ({
      file: `u${i}/index.ts`,
      change: "changed" as const,
    }));
    const line = changedOutputsLine(out, many, "/p") ?? "";
    expect(line).toContain(
      "u0/index.ts changed, u1/index.ts changed, u2/index.ts changed, u3/index.ts changed, u4/index.ts changed and 3 more;",
    );
    expect(line).not.toContain("u5/");
  });

  it("is none when nothing changed", () => {
    expect(changedOutputsLine(out, [], "/p")).toBeUndefined();
  });
});
