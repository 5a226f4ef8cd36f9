/**
 * `unitc serve` and `unitc dev` serve the person's own units (their user config's) beside the
 * project's, from a bundle of their own in the state folder, while the project's committed bundle
 * holds the project's units only. Real `unitc` child processes, a real MCP client over stdio.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import type { Manifest } from "../../runtime/contract/manifest.js";
import { eventually } from "../runtime/serve/support.js";
import { runUnitc } from "../support/cli.js";
import { writeProject } from "../support/project.js";
import { echoUnit, stdioChildren, xdgFolders } from "../support/user-units.js";

const startChild = stdioChildren();

const unit = (name: string, word: string) => echoUnit(name, word, "direct");

/** A project with one unit, and a user config (in `home/unitc/`, the XDG layout) with another. */
async function project(): Promise<{ dir: string; userConfig: string; env: Record<string, string> }> {
  const dir = await writeProject({
    ".units/config.json": JSON.stringify({ version: 1 }),
    ".units/shared.md": unit("Shared", "shared"),
    "home/unitc/config.json": JSON.stringify({ version: 1 }),
    "home/unitc/mine.md": unit("Mine", "mine"),
  });
  const env = xdgFolders(dir);
  const compiled = await runUnitc(["compile"], dir, env);
  expect(compiled.code, compiled.stderr).toBe(0);
  return { dir, userConfig: join(dir, "home/unitc/config.json"), env };
}

/** Starts `unitc <argv>` with a client over its stdio; the tools it lists besides search_tools. */
async function start(dir: string, env: Record<string, string>, argv: string[]) {
  const served = await startChild(dir, env, argv);
  return { ...served, tools: async () => (await served.tools()).filter((n) => n !== "search_tools") };
}

const unitIds = async (dir: string) =>
  (JSON.parse(await readFile(join(dir, "generated/manifest.json"), "utf8")) as Manifest).units.map(
    (u) => u.id,
  );

const text = (result: unknown) =>
  ((result as { content: Array<{ text?: string }> }).content[0]?.text ?? "").trim();

describe("serve: the user's own units beside the project's", () => {
  it("serves both (user config found through XDG), calls the user's, and leaves the project's bundle alone", async () => {
    const { dir, env } = await project();
    const served = await start(dir, env, ["serve"]);
    expect(await served.tools()).toEqual(["mine__say", "shared__say"]);
    const said = await served.client.callTool({ name: "mine__say", arguments: {} });
    expect(text(said)).toContain("mine");
    expect(await unitIds(dir)).toEqual(["shared"]);
    const check = await runUnitc(["compile", "--check"], dir, env);
    expect(check.code, check.stdout + check.stderr).toBe(0);
  });

  it("--user-config FILE names the config; a project unit of the same ID wins over the user's", async () => {
    const { dir, env, userConfig } = await project();
    await writeFile(join(dir, "home/unitc/shared.md"), unit("Shared", "theirs"));
    const served = await start(dir, { XDG_STATE_HOME: env.XDG_STATE_HOME as string }, [
      "serve",
      "--user-config",
      userConfig,
    ]);
    expect(await served.tools()).toEqual(["mine__say", "shared__say"]);
    expect(text(await served.client.callTool({ name: "shared__say", arguments: {} }))).toBe("shared");
    await eventually(() =>
      served.stderr().includes("user unit shared is not served: the project's unit of that ID is"),
    );
  });

  it("--no-user-units and --user-config none serve the project's units only", async () => {
    const { dir, env } = await project();
    expect(await (await start(dir, env, ["serve", "--no-user-units"])).tools()).toEqual(["shared__say"]);
    expect(await (await start(dir, env, ["serve", "--user-config", "none"])).tools()).toEqual([
      "shared__say",
    ]);
  });

  it("starts no compile child when the user config declares no units (storage settings only)", async () => {
    const { dir, env } = await project();
    await writeFile(
      join(dir, "home/unitc/config.json"),
      JSON.stringify({ version: 1, storage: { provider: "filesystem", path: join(dir, "data") } }),
    );
    await rm(join(dir, "home/unitc/mine.md"));
    // A README beside the config is documentation, not a unit.
    await writeFile(join(dir, "home/unitc/README.md"), "# my unitc notes\n");
    const served = await start(dir, env, ["serve"]);
    expect(await served.tools()).toEqual(["shared__say"]);
    // The user's bundle folder is made only for a compile child; none ran.
    expect(existsSync(join(env.XDG_STATE_HOME as string, "unitc", "user-bundle"))).toBe(false);
    expect(served.stderr()).not.toContain("warning");
  });

  it("a user unit that fails to compile is named in a warning; the others are still served", async () => {
    const { dir, env } = await project();
    await writeFile(join(dir, "home/unitc/broken.md"), "---\nname: [oops\n---\n");
    const served = await start(dir, env, ["serve"]);
    expect(await served.tools()).toEqual(["mine__say", "shared__say"]);
    await eventually(() => /warning: user unit \S*broken\.md failed to compile/.test(served.stderr()));
    expect(text(await served.client.callTool({ name: "shared__say", arguments: {} }))).toBe("shared");
  });
});

describe("dev: the user's own units", () => {
  it("serves them beside the project's and follows edits to the user config's units", async () => {
    const { dir, env } = await project();
    const served = await start(dir, env, ["dev", "--transport", "stdio"]);
    expect(await served.tools()).toEqual(["mine__say", "shared__say"]);
    await mkdir(join(dir, "home/unitc"), { recursive: true });
    await writeFile(join(dir, "home/unitc/more.md"), unit("More", "more"));
    await eventually(async () => (await served.tools()).includes("more__say"), 20_000);
    expect(await unitIds(dir)).toEqual(["shared"]);
  });

  it("--no-user-units serves the project's units only", async () => {
    const { dir, env } = await project();
    const served = await start(dir, env, ["dev", "--transport", "stdio", "--no-user-units"]);
    expect(await served.tools()).toEqual(["shared__say"]);
  });
});

/** Resolves on the next `notifications/tools/list_changed` the client receives after it is called. */
function listChanges(client: Client): () => Promise<void> {
  const waiting: Array<() => void> = [];
  client.setNotificationHandler("notifications/tools/list_changed", () => {
    for (const resolve of waiting.splice(0)) resolve();
  });
  return () => new Promise<void>((resolve) => waiting.push(resolve));
}

/** A user config declaring its one unit in its own `cliTools` map, so deleting the file removes it. */
const configWithUnit = JSON.stringify({
  version: 1,
  cliTools: {
    kept: {
      name: "Kept",
      description: "Prints kept.",
      exposure: "direct",
      actions: { say: { description: "Print kept.", command: "echo", args: ["kept"] } },
    },
  },
});

describe("dev: the user's units follow the user config away and back", () => {
  it("stops serving them when the config is deleted or emptied, and serves them again once it is back", async () => {
    const { dir, env, userConfig } = await project();
    await rm(join(dir, "home/unitc/mine.md"));
    await writeFile(userConfig, configWithUnit);
    const served = await start(dir, env, ["dev", "--transport", "stdio"]);
    const nextChange = listChanges(served.client);
    expect(await served.tools()).toEqual(["kept__say", "shared__say"]);

    let changed = nextChange();
    await rm(userConfig);
    await changed;
    expect(await served.tools()).toEqual(["shared__say"]);
    await expect(served.client.callTool({ name: "kept__say", arguments: {} })).rejects.toThrow(
      "Unknown tool: kept__say",
    );

    changed = nextChange();
    await writeFile(userConfig, configWithUnit);
    await changed;
    expect(await served.tools()).toEqual(["kept__say", "shared__say"]);
    expect(text(await served.client.callTool({ name: "kept__say", arguments: {} }))).toBe("kept");

    // A config kept for its settings, its units taken out: no compile, and nothing of theirs served.
    changed = nextChange();
    await writeFile(userConfig, JSON.stringify({ version: 1 }));
    await changed;
    expect(await served.tools()).toEqual(["shared__say"]);
    expect(await unitIds(dir)).toEqual(["shared"]);
  });
});

describe("dev: a user config created after dev started", () => {
  it("follows its folder into being and serves its units once it appears", async () => {
    const dir = await writeProject({
      ".units/config.json": JSON.stringify({ version: 1 }),
      ".units/shared.md": unit("Shared", "shared"),
    });
    const env = xdgFolders(dir);
    expect((await runUnitc(["compile"], dir, env)).code).toBe(0);
    // Neither the config nor its folder (nor the XDG home above it) exists yet.
    expect(existsSync(join(dir, "home"))).toBe(false);
    const served = await start(dir, env, ["dev", "--transport", "stdio"]);
    const nextChange = listChanges(served.client);
    expect(await served.tools()).toEqual(["shared__say"]);

    // Waits on list_changed notifications (a project rebuild may send one too) until the unit is in.
    let changed = nextChange();
    await mkdir(join(dir, "home/unitc"), { recursive: true });
    await writeFile(join(dir, "home/unitc/config.json"), configWithUnit);
    while (!(await served.tools()).includes("kept__say")) {
      await changed;
      changed = nextChange();
    }
    expect(await served.tools()).toEqual(["kept__say", "shared__say"]);
    expect(text(await served.client.callTool({ name: "kept__say", arguments: {} }))).toBe("kept");
    expect(await unitIds(dir)).toEqual(["shared"]);
  });
});

describe("dev: a user rebuild that changes no unit", () => {
  it("sends no list_changed", async () => {
    const { dir, env, userConfig } = await project();
    const served = await start(dir, env, ["dev", "--transport", "stdio"]);
    const nextChange = listChanges(served.client);
    expect(await served.tools()).toEqual(["mine__say", "shared__say"]);
    let notified = 0;
    const count = (): Promise<void> =>
      nextChange().then(() => {
        notified++;
        return count();
      });
    void count();
    // The same config written again: rebuilt, nothing changed.
    const rebuilt = (stderr: string) => stderr.match(/serving the user's units anew/g)?.length ?? 0;
    const before = rebuilt(served.stderr());
    await writeFile(userConfig, JSON.stringify({ version: 1 }));
    await eventually(() => rebuilt(served.stderr()) > before, 20_000);
    expect(served.stderr()).toContain("serving the user's units anew (0 units changed)");
    // A real change next: its notification is the first one after the idle rebuild's (stdout is ordered).
    let changed = nextChange();
    await writeFile(join(dir, "home/unitc/more.md"), unit("More", "more"));
    while (!(await served.tools()).includes("more__say")) {
      await changed;
      changed = nextChange();
    }
    expect(notified).toBe(1);
  });
});
