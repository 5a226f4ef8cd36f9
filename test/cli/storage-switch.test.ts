/**
 * A user who changes the user config's `storage` is told, once, that the secrets set before are still
 * in the old store and how to move them: real `unitc` processes over the filesystem and SQLite
 * stores in temp folders, the user config found through `XDG_CONFIG_HOME` as a user's is.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupProjects, writeProject } from "../support/project.js";
import { unitc } from "./storage-support.js";

afterAll(cleanupProjects);

/** A home with its own config and data folders; `configure` writes the user config's `storage`. */
async function home() {
  const dir = await writeProject({});
  const configDir = join(dir, "config", "unitc");
  await mkdir(configDir, { recursive: true });
  const env = { XDG_CONFIG_HOME: join(dir, "config"), XDG_DATA_HOME: join(dir, "data") };
  const configure = (storage?: Record<string, unknown>) =>
    writeFile(join(configDir, "config.json"), JSON.stringify(storage ? { storage } : {}));
  const run = (args: string[], stdin?: string) => unitc(args, dir, env, stdin);
  return { dir, configDir, env, configure, run };
}

const NOTICE = /storage changed/;

describe("switching the store", () => {
  it("names the old store and the new one once, and the advice moves the secrets", async () => {
    const h = await home();
    await h.configure();
    // First use ever: no record of an earlier store, so no notice.
    const set = await h.run(["secret", "set", "API_KEY"], "s3cr3t\n");
    expect(set.code).toBe(0);
    expect(set.stderr).not.toMatch(NOTICE);
    expect((await h.run(["secret", "list"])).stderr).not.toMatch(NOTICE);

    await h.configure({ provider: "sqlite", path: "store.db" });
    const switched = await h.run(["secret", "list"]);
    expect(switched.code).toBe(0);
    expect(switched.stdout).toBe("");
    const oldStore = `filesystem ${join(h.dir, "data", "unitc")}`;
    const newStore = `sqlite ${join(h.configDir, "store.db")}`;
    expect(switched.stderr).toContain(oldStore);
    expect(switched.stderr).toContain(newStore);
    expect(switched.stderr).toContain("unitc storage export --to FILE --user-config OLD.json");
    expect(switched.stderr).toContain("unitc storage import FILE");
    expect(switched.stderr.match(NOTICE)).toHaveLength(1);

    // Once per switch: the next run says nothing.
    const again = await h.run(["secret", "list"]);
    expect(again.stderr).not.toMatch(NOTICE);

    // The advice, followed: export with a config naming the old store, import into the new one.
    // Neither step counts as a switch.
    const old = join(h.dir, "old.json");
    await writeFile(old, "{}");
    const dump = join(h.dir, "dump.json");
    const exported = await h.run(["storage", "export", "--to", dump, "--user-config", old]);
    expect(exported.code).toBe(0);
    expect(exported.stderr).not.toMatch(NOTICE);
    const imported = await h.run(["storage", "import", dump]);
    expect(imported.code).toBe(0);
    expect(imported.stderr).not.toMatch(NOTICE);
    const moved = await h.run(["secret", "list"]);
    expect(moved.stdout).toMatch(/^API_KEY\t/);
    expect(moved.stderr).not.toMatch(NOTICE);
  });

  it("tells of a new location with the same provider", async () => {
    const h = await home();
    await h.configure({ provider: "sqlite", path: "a.db" });
    expect((await h.run(["secret", "set", "TOKEN"], "one\n")).stderr).not.toMatch(NOTICE);

    await h.configure({ provider: "sqlite", path: "b.db" });
    const switched = await h.run(["secret", "list", "--json"]);
    expect(JSON.parse(switched.stdout)).toEqual([]);
    expect(switched.stderr).toContain(`sqlite ${join(h.configDir, "a.db")}`);
    expect(switched.stderr).toContain(`sqlite ${join(h.configDir, "b.db")}`);
    expect((await h.run(["secret", "list"])).stderr).not.toMatch(NOTICE);
  });
});
