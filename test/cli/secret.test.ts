/**
 * `unitc secret set|list|delete` as real processes against every provider: the value comes from
 * standard input only, and no command ever prints it.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openFilesystemStore } from "../../runtime/storage/filesystem/store.js";
import { Vault } from "../../runtime/storage/vault.js";
import { resolveVaultKey } from "../../runtime/storage/vault-key.js";
import { BUILT_CLI } from "../support/built-cli.js";
import { writeProject } from "../support/project.js";
import { PROVIDERS, providerSetup, storageHome, storageServersForFile, unitc } from "./storage-support.js";

const servers = storageServersForFile();

describe("unitc secret", () => {
  it.each(PROVIDERS)(
    "sets, lists and deletes secrets without printing a value (%s)",
    async (provider) => {
      const home = await storageHome(await providerSetup(provider, servers()));
      const secret = (args: string[], stdin?: string) =>
        unitc(["secret", ...args, "--user-config", home.config], home.dir, home.env, stdin);
      const value = `value-${randomBytes(8).toString("hex")}`;
      const outputs: string[] = [];
      const keep = <T extends { stdout: string; stderr: string }>(run: T): T => {
        outputs.push(run.stdout + run.stderr);
        return run;
      };

      expect(keep(await secret(["set", "API_KEY"], `${value}\n`))).toMatchObject({ code: 0 });
      expect(keep(await secret(["set", "OTHER"], "second\n"))).toMatchObject({ code: 0 });
      const first = JSON.parse(keep(await secret(["list", "--json"])).stdout) as {
        name: string;
        created: string;
      }[];
      expect(first.map((entry) => entry.name)).toEqual(["API_KEY", "OTHER"]);

      // Setting again keeps the first-set date.
      expect(keep(await secret(["set", "API_KEY"], "changed\n"))).toMatchObject({ code: 0 });
      const text = keep(await secret(["list"]));
      expect(text.stdout).toMatch(/^API_KEY\tcreated \S+\tupdated \S+\nOTHER\t/);
      expect(text.stdout).toContain(`created ${first[0]?.created}`);

      expect(keep(await secret(["delete", "OTHER"]))).toMatchObject({ code: 0 });
      const again = keep(await secret(["delete", "OTHER"]));
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("secret OTHER is not set");
      expect(JSON.parse((await secret(["list", "--json"])).stdout)).toHaveLength(1);
      for (const output of outputs) expect(output).not.toContain(value);
    },
    60_000,
  );

  it("on a terminal, reads the value at a prompt that does not echo it", async () => {
    const home = await storageHome(await providerSetup("filesystem", undefined));
    const command = [
      process.execPath,
      BUILT_CLI,
      "secret",
      "set",
      "TTY_SECRET",
      "--user-config",
      home.config,
    ];
    // script(1) gives the CLI a pseudo-terminal; the value is typed after the prompt appears.
    const child = spawn("script", ["-qec", command.map((part) => `'${part}'`).join(" "), "/dev/null"], {
      cwd: home.dir,
      env: { PATH: process.env.PATH ?? "", ...home.env },
    });
    let screen = "";
    child.stdout.on("data", (chunk: Buffer) => {
      screen += chunk.toString();
      if (screen.includes("(not shown): ") && !child.stdin.writableEnded)
        child.stdin.end("typed-hidden-value\r");
    });
    const code = await new Promise((done) => child.on("close", done));
    expect(code).toBe(0);
    expect(screen).toContain("secret TTY_SECRET set");
    expect(screen).not.toContain("typed-hidden-value");
    const store = await openFilesystemStore(join(home.dir, "store"), 1000);
    try {
      const key = await resolveVaultKey({
        provider: "filesystem",
        env: {},
        dataDir: join(home.dir, "store"),
      });
      expect((await new Vault(store, key).get("TTY_SECRET"))?.value).toBe("typed-hidden-value");
    } finally {
      await store.close();
    }
  });

  it("never takes a value from the command line, and refuses an empty one", async () => {
    const home = await storageHome(await providerSetup("filesystem", undefined));
    const inArgv = await unitc(
      ["secret", "set", "A", "the-value", "--user-config", home.config],
      home.dir,
      home.env,
    );
    expect(inArgv.code).toBe(2);
    expect(inArgv.stderr).toContain("never taken from the command line");
    const empty = await unitc(["secret", "set", "A", "--user-config", home.config], home.dir, home.env, "");
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain("no value for A");
    const bad = await unitc(
      ["secret", "set", "no/such name", "--user-config", home.config],
      home.dir,
      home.env,
      "x",
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("is not allowed");
    expect(bad.stderr).not.toContain("    at ");
  });

  it("reports a bad storage config with its code, the field, and no stack trace", async () => {
    const dir = await writeProject({});
    const config = join(dir, "user.json");
    await writeFile(
      config,
      JSON.stringify({ storage: { provider: "postgresql", connection: "postgresql://u:pw@h/db" } }),
    );
    const run = await unitc(["secret", "list", "--user-config", config], dir, { XDG_DATA_HOME: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("USER_CONFIG_INVALID");
    expect(run.stderr).toContain("connection");
    expect(run.stderr).not.toContain("pw@");
    expect(run.stderr).not.toContain("    at ");
    const unset = join(dir, "unset.json");
    await writeFile(
      unset,
      JSON.stringify({ storage: { provider: "postgresql", connection: "env:NOT_SET_HERE" } }),
    );
    const missing = await unitc(["secret", "list", "--user-config", unset], dir, { XDG_DATA_HOME: dir });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/STORAGE_BAD_CONFIG .*NOT_SET_HERE/);
  });
});
