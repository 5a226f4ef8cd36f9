/**
 * The states a watcher keeps of changed paths: a late report of a path still as the last build
 * found it asks for no build; any edit, deletion or new entry does, the same size and times included.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PathStates } from "../../compiler/watch-states.js";
import { cleanupProjects, writeProject } from "../support/project.js";

afterAll(cleanupProjects);

describe("PathStates", () => {
  it("asks for a build the first time, and not again while the paths are unchanged", async () => {
    const dir = await writeProject({ "a.md": "one", "b.md": "two" });
    const states = new PathStates();
    const paths = [join(dir, "a.md"), join(dir, "b.md")];
    expect(await states.update(paths)).toBe(true);
    expect(await states.update(paths)).toBe(false);
    expect(await states.update([paths[0] as string])).toBe(false);
  });

  it("asks for a build after an edit of the same size, a deletion and a return", async () => {
    const dir = await writeProject({ "a.md": "one" });
    const states = new PathStates();
    const file = join(dir, "a.md");
    await states.update([file]);
    await writeFile(file, "two");
    expect(await states.update([file])).toBe(true);
    await rm(file);
    expect(await states.update([file])).toBe(true);
    expect(await states.update([file])).toBe(false);
    await writeFile(file, "two");
    expect(await states.update([file])).toBe(true);
  });

  it("asks for a build when a folder gains an entry, and when one path of several changed", async () => {
    const dir = await writeProject({ "units/a/UNIT.md": "a", "b.md": "b" });
    const states = new PathStates();
    const folder = join(dir, "units/a");
    const other = join(dir, "b.md");
    await states.update([folder, other]);
    await mkdir(join(folder, "notes"));
    expect(await states.update([folder, other])).toBe(true);
    expect(await states.update([folder, other])).toBe(false);
  });
});
