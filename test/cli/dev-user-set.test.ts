/**
 * `unitc dev` follows a unit set of the user's own whose units root is outside the user config's
 * folder (`unitsRoot: ../../sets/tools`): a unit file added there, edited or removed is served as it
 * now is; so is one added to the units root of a set nested in a set config kept outside
 * (`configPath`), and a units root that does not exist when dev starts, made and removed later.
 * A real `unitc dev` child with the SDK's client over its stdio.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { eventually } from "../runtime/serve/support.js";
import { writeProject } from "../support/project.js";
import { devOverStdio, echoUnit, xdgFolders } from "../support/user-units.js";

const startDev = devOverStdio();

/** A unit of the set with a `say` action, and a `shout` action too when `more`. */
const setUnit = (name: string, word: string, more = false) =>
  echoUnit(name, word, "direct").replace(
    /---\n$/,
    more
      ? `    shout:\n      description: Shout ${word}.\n      command: echo\n      args: ["${word}!"]\n---\n`
      : "---\n",
  );

/** A project whose user config (in `home/unitc/`) holds `sets`, with `files` beside it. */
async function project(sets: Record<string, unknown>, files: Record<string, string>) {
  const dir = await writeProject({
    ".units/config.json": JSON.stringify({ version: 1 }),
    ".units/shared.md": echoUnit("Shared", "shared", "direct"),
    "home/unitc/config.json": JSON.stringify({ version: 1, unitSets: sets }),
    ...files,
  });
  return { dir, env: xdgFolders(dir) };
}

/** The set `tools` with its units root in `sets/tools/`, its own unit `alpha` in it. */
const rootSet = () =>
  project(
    { tools: { name: "Tools", description: "My tools.", unitsRoot: "../../sets/tools" } },
    { "sets/tools/alpha.md": setUnit("Alpha", "alpha") },
  );

describe("dev: a user unit set whose units root is outside the user config's folder", () => {
  it("serves a unit file added there, edited there and removed from there, and tells clients", async () => {
    const { dir, env } = await rootSet();
    const root = join(dir, "sets/tools");
    const served = await startDev(dir, env);
    let notified = 0;
    served.client.setNotificationHandler("notifications/tools/list_changed", () => {
      notified += 1;
    });
    expect(await served.tools()).toEqual(["search_tools", "shared__say", "tools__alpha__say"]);

    // Added: a second unit file in the set's units root.
    await writeFile(join(root, "beta.md"), setUnit("Beta", "beta"));
    await eventually(async () => (await served.tools()).includes("tools__beta__say"), 30_000);
    await eventually(() => notified > 0);

    // Edited: the first unit gains an action.
    const told = notified;
    await writeFile(join(root, "alpha.md"), setUnit("Alpha", "alpha", true));
    await eventually(async () => (await served.tools()).includes("tools__alpha__shout"), 30_000);
    await eventually(() => notified > told);

    // Removed: the second unit file is gone, and so are its tools.
    await rm(join(root, "beta.md"));
    await eventually(async () => !(await served.tools()).includes("tools__beta__say"), 30_000);
    expect(await served.tools()).toEqual([
      "search_tools",
      "shared__say",
      "tools__alpha__say",
      "tools__alpha__shout",
    ]);
  });

  it("serves a set whose units root is made while dev runs, and drops its units once it is removed", async () => {
    // Neither `sets/` nor `sets/tools/` exists yet; the user's own unit `mine` does.
    const { dir, env } = await project(
      { tools: { name: "Tools", description: "My tools.", unitsRoot: "../../sets/tools" } },
      { "home/unitc/mine.md": setUnit("Mine", "mine") },
    );
    const root = join(dir, "sets/tools");
    const served = await startDev(dir, env);
    let notified = 0;
    served.client.setNotificationHandler("notifications/tools/list_changed", () => {
      notified += 1;
    });
    expect(await served.tools()).toEqual(["mine__say", "search_tools", "shared__say"]);
    expect(served.stderr()).toContain("UNIT_SET_NOT_FOUND");

    // The units root appears, with a unit in it: served without a restart, and clients are told.
    await mkdir(root, { recursive: true });
    await writeFile(join(root, "alpha.md"), setUnit("Alpha", "alpha"));
    await eventually(async () => (await served.tools()).includes("tools__alpha__say"), 30_000);
    await eventually(() => notified > 0);
    expect(await served.tools()).toEqual(["mine__say", "search_tools", "shared__say", "tools__alpha__say"]);

    // Removed again: the set's units go, the rest are still served.
    const told = notified;
    await rm(join(dir, "sets"), { recursive: true });
    await eventually(async () => !(await served.tools()).includes("tools__alpha__say"), 30_000);
    await eventually(() => notified > told);
    expect(await served.tools()).toEqual(["mine__say", "search_tools", "shared__say"]);
  });

  it("serves a folder unit added to a nested set's units root, named by a set config kept outside", async () => {
    const { dir, env } = await project(
      { outer: { name: "Outer", description: "A set of sets.", configPath: "../../sets/config.json" } },
      {
        "sets/config.json": JSON.stringify({
          version: 1,
          unitSets: { inner: { name: "Inner", description: "Inner tools.", unitsRoot: "inner" } },
        }),
        "sets/inner/alpha.md": setUnit("Alpha", "alpha"),
      },
    );
    const served = await startDev(dir, env);
    expect(await served.tools()).toEqual(["outer__inner__alpha__say", "search_tools", "shared__say"]);

    // A folder unit this time: `beta/UNIT.md`, its folder made first.
    await mkdir(join(dir, "sets/inner/beta"));
    await writeFile(join(dir, "sets/inner/beta/UNIT.md"), setUnit("Beta", "beta"));
    await eventually(async () => (await served.tools()).includes("outer__inner__beta__say"), 30_000);
  });
});
