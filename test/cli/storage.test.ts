/**
 * `unitc storage` as real processes against every provider: status, verify, migrate, rotate-key,
 * and export/import copying filesystem → sqlite → postgresql → object_store.
 */
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  homeCli,
  newKey,
  PROVIDERS,
  providerSetup,
  storageHome,
  storageServersForFile,
} from "./storage-support.js";

const servers = storageServersForFile();

describe("unitc storage", () => {
  it.each(PROVIDERS)(
    "status names provider, location, schema, key id and counts, no secret (%s)",
    async (provider) => {
      const home = await storageHome(await providerSetup(provider, servers()));
      const run = homeCli(home);
      await run(["secret", "set", "ONE"], "1");
      await run(["secret", "set", "TWO"], "2");
      const status = await run(["storage", "status", "--json"]);
      expect(status.code, status.stderr).toBe(0);
      const report = JSON.parse(status.stdout);
      expect(report).toMatchObject({ provider, reachable: true, writable: true, records: { vault: 2 } });
      expect(report.keyId).toMatch(/^[0-9a-f]{16}$/);
      expect(report.schemaVersion).toBe(provider === "filesystem" || provider === "object_store" ? null : 1);
      if (provider === "postgresql")
        expect(report.location).toMatch(/^postgresql:\/\/127\.0\.0\.1:\d+\/unitc_cli_/);
      else if (provider === "object_store")
        expect(report.location).toBe(`s3://${servers().objectStore.bucket}/${home.storage.path}/`);
      else expect(report.location).toContain(home.dir);
      const text = await run(["storage", "status"]);
      expect(text.stdout).toMatch(/^provider\s+\S+\nlocation/);
      for (const output of [status.stdout, text.stdout]) {
        expect(output).not.toContain("test-password");
        expect(output).not.toContain(home.env.UNITC_TEST_VAULT_KEY ?? "no key in env");
        expect(output).not.toContain("secretAccessKey");
      }
    },
    60_000,
  );

  it.each(PROVIDERS)(
    "verify opens every record; a wrong key exits 1 naming the record (%s)",
    async (provider) => {
      const key = newKey();
      const home = await storageHome(await providerSetup(provider, servers(), key));
      const run = homeCli(home);
      await run(["secret", "set", "GOOD"], "x");
      const ok = await run(["storage", "verify"]);
      expect(ok).toMatchObject({ code: 0 });
      expect(ok.stdout).toContain("1 of 1 records open");
      const wrong = await homeCli(home, { UNITC_TEST_VAULT_KEY: newKey() })(["storage", "verify"]);
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain("VAULT_WRONG_KEY record vault/GOOD");
      expect(wrong.stderr).toContain("wrong key (id");
    },
    60_000,
  );

  it.each(PROVIDERS)(
    "rotate-key re-seals every record to the current key, and is safe to run again (%s)",
    async (provider) => {
      const oldKey = newKey();
      const home = await storageHome(await providerSetup(provider, servers(), oldKey));
      await homeCli(home)(["secret", "set", "A"], "a");
      await homeCli(home)(["secret", "set", "B"], "b");
      const current = homeCli(home, { UNITC_TEST_VAULT_KEY: newKey(), UNITC_OLD_KEY: oldKey });
      expect((await current(["storage", "verify"])).code).toBe(1);
      const rotated = await current(["storage", "rotate-key", "--old", "env:UNITC_OLD_KEY"]);
      expect(rotated.code, rotated.stderr).toBe(0);
      expect(rotated.stdout).toMatch(/re-sealed 2 records .*; 0 were already/);
      const again = await current(["storage", "rotate-key", "--old", "env:UNITC_OLD_KEY"]);
      expect(again.stdout).toMatch(/re-sealed 0 records .*; 2 were already/);
      expect((await current(["storage", "verify"])).code).toBe(0);
      // A literal key is refused, also one that starts with "-" (base64url allows it), given as --old=KEY.
      for (const key of [oldKey, `-${oldKey.slice(1)}`]) {
        const literal = await current(["storage", "rotate-key", `--old=${key}`]);
        expect(literal.code, literal.stderr).toBe(1);
        expect(literal.stderr).toContain("REFERENCE_LITERAL");
        expect(literal.stderr).not.toContain(key);
      }
    },
    60_000,
  );

  it("migrate runs the postgresql migrations once; other providers have nothing to do", async () => {
    const setup = await providerSetup("postgresql", servers());
    const home = await storageHome({ ...setup, migrate: false });
    const before = await homeCli(home)(["storage", "status", "--json"]);
    expect(before.code).toBe(1);
    expect(JSON.parse(before.stdout)).toMatchObject({
      reachable: false,
      error: { code: "STORAGE_NOT_MIGRATED" },
    });
    const first = await homeCli(home)(["storage", "migrate"]);
    expect(first.stdout).toMatch(/migrated from schema version 0 to 1/);
    expect(first.stdout).not.toContain("test-password");
    expect((await homeCli(home)(["storage", "migrate"])).stdout).toContain("already at schema version 1");
    expect((await homeCli(home)(["storage", "status"])).code).toBe(0);
    for (const provider of ["filesystem", "sqlite"] as const) {
      const other = await storageHome(await providerSetup(provider, undefined));
      const run = await homeCli(other)(["storage", "migrate"]);
      expect(run).toMatchObject({ code: 0 });
      expect(run.stdout).toContain("nothing to do");
    }
  });

  it("export and import copy sealed records filesystem → sqlite → postgresql → object_store", async () => {
    const key = newKey();
    const fs = await storageHome(await providerSetup("filesystem", servers(), key));
    const sqlite = await storageHome(await providerSetup("sqlite", servers(), key));
    const postgresql = await storageHome(await providerSetup("postgresql", servers(), key));
    const bucket = await storageHome(await providerSetup("object_store", servers(), key));
    const plaintext = "round-trip-plaintext-value";
    await homeCli(fs)(["secret", "set", "CARRIED"], plaintext);
    await homeCli(fs)(["secret", "set", "ALSO"], "also");
    let from = fs;
    for (const to of [sqlite, postgresql, bucket]) {
      const dump = join(from.dir, "dump.json");
      const exported = await homeCli(from)(["storage", "export", "--to", dump]);
      expect(exported.stdout, exported.stderr).toContain("exported 2 sealed records");
      expect(await readFile(dump, "utf8")).not.toContain(plaintext);
      expect((await stat(dump)).mode & 0o777).toBe(0o600);
      const imported = await homeCli(to)(["storage", "import", dump]);
      expect(imported.stdout, imported.stderr).toContain("imported 2 sealed records");
      from = to;
    }
    expect(
      JSON.parse((await homeCli(bucket)(["secret", "list", "--json"])).stdout).map(
        (e: { name: string }) => e.name,
      ),
    ).toEqual(["ALSO", "CARRIED"]);
    expect((await homeCli(bucket)(["storage", "verify"])).stdout).toContain("2 of 2 records open");

    // A dump lands only where its records open: under another key nothing is written.
    const stranger = await storageHome(await providerSetup("sqlite", undefined, newKey()));
    const refused = await homeCli(stranger)(["storage", "import", join(fs.dir, "dump.json")]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("wrong key (id");
    expect(JSON.parse((await homeCli(stranger)(["secret", "list", "--json"])).stdout)).toEqual([]);
    const missing = await homeCli(stranger)(["storage", "import", "no-such-dump.json"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("cannot be read (ENOENT)");
  }, 240_000);
});
