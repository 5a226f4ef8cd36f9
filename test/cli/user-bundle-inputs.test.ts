/**
 * What `unitc dev`'s watcher of the user's bundle follows beyond the user config's folder: the files
 * the last build read elsewhere, and those only (a file a later build no longer reads is dropped).
 * Real files and a real chokidar watcher.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { joinReads, OutsideInputs } from "../../cli/user-bundle-inputs.js";
import type { BuildReads } from "../../compiler/load/read-log.js";
import { eventually } from "../runtime/serve/support.js";
import { cleanupProjects, writeProject } from "../support/project.js";

const watchers: OutsideInputs[] = [];
afterEach(async () => {
  await Promise.all(watchers.splice(0).map((watcher) => watcher.close()));
  await cleanupProjects();
});

const readsOf = (files: string[], roots: string[] = []): BuildReads => ({
  files: new Map(files.map((file) => [file, "hash"])),
  roots: new Map(roots.map((root) => [root, []])),
});

describe("the files a user build read outside the user config's folder", () => {
  it("are followed until a build no longer reads them; the folder's own files and unitc's are left to others", async () => {
    const dir = await writeProject({
      "home/unitc/config.json": "{}",
      "home/unitc/near.yaml": "a: 1\n",
      "work/a/one.yaml": "a: 1\n",
      "work/b/two.yaml": "b: 1\n",
      "state/bundle/.units/config.json": "{}",
    });
    const [one, two, near] = ["work/a/one.yaml", "work/b/two.yaml", "home/unitc/near.yaml"].map((f) =>
      join(dir, f),
    ) as [string, string, string];
    const seen: string[] = [];
    const inputs = new OutsideInputs(join(dir, "home/unitc"), join(dir, "state/bundle"), (path) => {
      seen.push(path);
    });
    watchers.push(inputs);

    await inputs.follow(readsOf([one, two, near, join(dir, "state/bundle/.units/config.json")]));
    await writeFile(one, "a: 2\n");
    await eventually(() => seen.includes(one));

    // The next build reads `two` only: an edit to `one`, made first, is no longer heard; `two`'s is.
    await inputs.follow(readsOf([two, near]));
    seen.length = 0;
    await writeFile(one, "a: 3\n");
    await writeFile(near, "a: 2\n");
    await writeFile(two, "b: 2\n");
    await eventually(() => seen.includes(two));
    expect(new Set(seen)).toEqual(new Set([two]));
  });

  it("follow a unit set's units root elsewhere: a unit file added there is heard", async () => {
    const dir = await writeProject({ "home/unitc/config.json": "{}", "sets/tools/a.md": "---\n---\n" });
    const seen: string[] = [];
    const inputs = new OutsideInputs(join(dir, "home/unitc"), join(dir, "state/bundle"), (path) => {
      seen.push(path);
    });
    watchers.push(inputs);
    await inputs.follow(readsOf([], [join(dir, "sets/tools")]));
    await writeFile(join(dir, "sets/tools/b.md"), "---\n---\n");
    await eventually(() => seen.includes(join(dir, "sets/tools/b.md")));
  });

  it("follow a unit set's units root not made yet, from its nearest existing parent down", async () => {
    const dir = await writeProject({ "home/unitc/config.json": "{}" });
    const seen: string[] = [];
    const inputs = new OutsideInputs(join(dir, "home/unitc"), join(dir, "state/bundle"), (path) => {
      seen.push(path);
    });
    watchers.push(inputs);
    const root = join(dir, "sets/tools");
    await inputs.follow(readsOf([], [root]));
    await writeFile(join(dir, "notes.txt"), "beside the way down\n");
    // `sets/` is made: heard, as the way down to the root; followed again, the watcher moves to it.
    await mkdir(join(dir, "sets"));
    await eventually(() => seen.includes(join(dir, "sets")));
    await inputs.follow(readsOf([], [root]));
    await mkdir(root);
    await eventually(() => seen.includes(root));
    await inputs.follow(readsOf([], [root]));
    await writeFile(join(root, "a.md"), "---\n---\n");
    await eventually(() => seen.includes(join(root, "a.md")));
    // Unrelated entries beside the way down are not heard.
    expect(seen.filter((path) => !path.startsWith(join(dir, "sets")))).toEqual([]);
  });

  it("are compared as the parent read them first, then as the compile child read them", () => {
    const before: BuildReads = { files: new Map([["/u/config.json", "parent"]]), roots: new Map() };
    const child: BuildReads = {
      files: new Map([
        ["/u/config.json", "child"],
        ["/work/spec.yaml", "spec"],
      ]),
      roots: new Map([["/sets", ["/sets/a.md"]]]),
    };
    const joined = joinReads(before, child);
    expect([...joined.files]).toEqual([
      ["/u/config.json", "parent"],
      ["/work/spec.yaml", "spec"],
    ]);
    expect([...joined.roots]).toEqual([["/sets", ["/sets/a.md"]]]);
    expect(joinReads(before, undefined).files).toEqual(before.files);
  });
});
