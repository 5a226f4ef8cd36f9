/**
 * A checked-out project's commands run on this machine only once its command set is trusted. Through
 * the built CLI, without the suite's own trust: `compile` (its discovery starts a stdio MCP server;
 * with nothing changed and the server's listing fresh in the build cache it starts nothing and is answered),
 * `serve` and `call` refuse with PROJECT_UNTRUSTED and start nothing; read-only commands work;
 * `unitc trust --yes` (or `--trust` for one run) lets them run; a changed command set is refused again.
 */
import { existsSync, rmSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { isolatedEnv, runBuilt } from "../cli/setup-support.js";
import { cleanupProjects, writeProject } from "../support/project.js";

afterAll(cleanupProjects);

const FIXTURE = fileURLToPath(new URL("../fixtures/mcp/fixture-server.mjs", import.meta.url));

/** Makes every MCP listing in the build cache under `cacheHome` older than any `toolCacheTtlMs`. */
async function expireListings(cacheHome: string): Promise<void> {
  const folder = join(cacheHome, "unitc", "mcp");
  const names = await readdir(folder);
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) {
    const entry = JSON.parse(await readFile(join(folder, name), "utf8")) as Record<string, unknown>;
    await writeFile(join(folder, name), JSON.stringify({ ...entry, fetchedAt: 0 }));
  }
}

/** Writes `name` in the working folder, from a `node -e` script. */
const touch = (name: string) => `require("node:fs").writeFileSync(${JSON.stringify(name)}, "ran");`;

function config(greeting: string): string {
  return JSON.stringify({
    version: 1,
    mcpServers: {
      evil: { name: "Evil", description: "Test tools.", command: process.execPath, args: ["./server.mjs"] },
    },
    cliTools: {
      tools: {
        name: "Tools",
        description: "Greets.",
        actions: {
          hello: {
            description: "Say hello.",
            command: process.execPath,
            args: ["-e", `${touch("cli-marker")} console.log(${JSON.stringify(greeting)});`],
          },
        },
      },
    },
  });
}

describe("project trust", () => {
  it("refuses to run an untrusted project's commands, runs them once trusted, and asks again on a change", async () => {
    const dir = await writeProject({
      ".units/config.json": config("hi"),
      // The fixture starts its server when it is the main script: it is made to look like one.
      ".units/server.mjs": `import { writeFileSync } from "node:fs";\nwriteFileSync("mcp-marker", "ran");\nprocess.argv[1] = ${JSON.stringify(FIXTURE)};\nawait import(${JSON.stringify(FIXTURE)});\n`,
    });
    const { UNITC_TRUST: _suite, ...env } = await isolatedEnv(dir);
    const markers = [join(dir, ".units/mcp-marker"), join(dir, ".units/cli-marker")];
    const ran = () => markers.filter((m) => existsSync(m)).map((m) => m.slice(dir.length + 1));
    const clear = () => {
      for (const m of markers) rmSync(m, { force: true });
    };
    const unitc = (...args: string[]) => runBuilt([...args, "--user-config", "none"], dir, env);
    const refused = (run: { code: number; stderr: string }, command: string) => {
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toContain(`unitc ${command}: PROJECT_UNTRUSTED`);
      expect(run.stderr).toContain("unitc trust");
      expect(run.stderr).toContain("--trust");
      expect(run.stderr).not.toMatch(/\n\s+at /);
    };

    expect((await unitc("validate")).code).toBe(0);
    refused(await unitc("compile"), "compile");
    expect(ran()).toEqual([]);

    // Trust for one run: the server is started for discovery.
    const once = await unitc("compile", "--trust");
    expect(once.code, once.stderr).toBe(0);
    expect(ran()).toEqual([".units/mcp-marker"]);
    clear();
    // Nothing changed since and the server's listing is fresh in the build cache: the record answers,
    // nothing is started, so no trust is asked for.
    const answered = await unitc("compile");
    expect(answered.code, answered.stderr).toBe(0);
    expect(answered.stderr).toContain("nothing changed since the last compile");
    expect(ran()).toEqual([]);
    // Once the listing has expired, checking it would start the server: refused.
    await expireListings(env.XDG_CACHE_HOME as string);
    refused(await unitc("compile"), "compile");
    expect(ran()).toEqual([]);

    // Read-only commands work on the untrusted project and start nothing.
    for (const args of [
      ["list"],
      ["inspect", "tools"],
      ["search", "hello"],
      ["validate", "--user-config", "none"],
    ]) {
      const read = await runBuilt(args, dir, env);
      expect(read.code, `${args.join(" ")}: ${read.stderr}`).toBe(0);
    }
    refused(await unitc("call", "tools.hello"), "call");
    refused(await unitc("call", "evil.add", "a=1", "b=2"), "call");
    refused(await unitc("serve"), "serve");
    expect(ran()).toEqual([]);

    // Without a terminal and without --yes nothing is recorded; the commands are shown in full.
    const status = await unitc("trust", "--status");
    expect(status.code).toBe(1);
    expect(status.stdout).toContain("not trusted on this machine");
    const shown = await unitc("trust");
    expect(shown.code).toBe(1);
    expect(shown.stdout).toContain("evil: stdio MCP server evil");
    expect(shown.stdout).toContain("tools: CLI action hello");
    expect(shown.stdout).toContain("./server.mjs");
    expect((await unitc("trust", "--status")).code).toBe(1);

    const trusted = await unitc("trust", "--yes");
    expect(trusted.code, trusted.stderr).toBe(0);
    expect((await unitc("trust", "--status")).stdout).toContain("trusted on this machine");
    const call = await unitc("call", "tools.hello");
    expect(call.code, call.stderr).toBe(0);
    expect(call.stdout).toContain("hi");
    expect(ran()).toEqual([".units/cli-marker"]);
    clear();
    // (Its tool listing comes from the build cache now: whether the server starts again is the cache's.)
    const compiled = await unitc("compile", "--force");
    expect(compiled.code, compiled.stderr).toBe(0);
    const served = await unitc("serve");
    expect(served.stderr).not.toContain("PROJECT_UNTRUSTED");
    expect(served.code, served.stderr).toBe(0);
    clear();

    // A changed command set is not trusted: compile refuses, and so do the calls of a bundle
    // compiled from it (for one run) until it is trusted again.
    await writeFile(join(dir, ".units/config.json"), config("changed"));
    const changed = await unitc("trust", "--status");
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain("changed since they were trusted");
    refused(await unitc("compile"), "compile");
    expect(ran()).toEqual([]);
    expect((await unitc("compile", "--trust")).code).toBe(0);
    clear();
    refused(await unitc("call", "tools.hello"), "call");
    refused(await unitc("serve"), "serve");
    expect(ran()).toEqual([]);
    expect((await unitc("trust", "--yes")).code).toBe(0);
    const again = await unitc("call", "tools.hello");
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain("changed");
    expect(JSON.parse(await readFile(join(dir, "generated/manifest.json"), "utf8")).units).toHaveLength(2);
  }, 180_000);

  it("trusts what unitc init writes, but not commands the folder already held", async () => {
    const fresh = await writeProject({});
    const { UNITC_TRUST: _suite, ...env } = await isolatedEnv(fresh);
    expect((await runBuilt(["init"], fresh, env)).code).toBe(0);
    expect((await runBuilt(["trust", "--status", "--user-config", "none"], fresh, env)).code).toBe(0);

    const cloned = await writeProject({
      ".units/extra.md": `---\nname: Extra\ndescription: More.\ncliTools:\n  actions:\n    run: { command: "./run.sh" }\n---\n`,
    });
    const init = await runBuilt(["init"], cloned, env);
    expect(init.code).toBe(0);
    expect(init.stderr).toContain("npx unitc trust");
    const status = await runBuilt(["trust", "--status", "--user-config", "none"], cloned, env);
    expect(status.code).toBe(1);
  });
});
