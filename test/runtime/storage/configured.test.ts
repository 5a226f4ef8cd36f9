/**
 * The runtime's storage API on real SQLite files: `openConfiguredStorage` opens what a `storage`
 * block names (a secret one opening sets, the next reads), `userStorageSettings` finds the user
 * config where unitc looks, and the lazy storage a runtime uses turns a store that cannot open into
 * `STORAGE_UNAVAILABLE` with the store's own hint, for vault reads and OAuth tokens alike.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runtimeStorage } from "../../../runtime/calls/runtime-storage.js";
import { UnitError } from "../../../runtime/contract/errors.js";
import { openConfiguredStorage, userStorageSettings } from "../../../runtime/index.js";

const home = () => mkdtempSync(join(tmpdir(), "unitc-configured-"));

describe("openConfiguredStorage", () => {
  it("opens the store and vault a storage block names; a second opening reads what the first set", async () => {
    const dir = home();
    const env = { XDG_DATA_HOME: join(dir, "data") };
    const settings = { provider: "sqlite" as const, path: join(dir, "store.db") };
    const first = await openConfiguredStorage(settings, env);
    await first.vault.set("API_TOKEN", "canary-4a1b");
    await first.close();
    const second = await openConfiguredStorage(settings, env);
    expect((await second.vault.get("API_TOKEN"))?.value).toBe("canary-4a1b");
    expect(second.key.id).toBe(first.key.id);
    await second.close();
  });
});

describe("userStorageSettings", () => {
  it("reads storage from $XDG_CONFIG_HOME/unitc/config.json, a relative path from the file's folder", async () => {
    const dir = home();
    mkdirSync(join(dir, "config/unitc"), { recursive: true });
    writeFileSync(
      join(dir, "config/unitc/config.json"),
      '{ "storage": { "provider": "sqlite", "path": "s.db" } }',
    );
    const env = { XDG_CONFIG_HOME: join(dir, "config") };
    expect(await userStorageSettings(undefined, env)).toEqual({
      provider: "sqlite",
      path: join(dir, "config/unitc/s.db"),
    });
    // No user config where unitc looks: the filesystem store in the data folder, as the CLI opens.
    expect(await userStorageSettings(undefined, { XDG_CONFIG_HOME: join(dir, "none") })).toEqual({
      provider: "filesystem",
    });
  });

  it("refuses a named config that is missing or not JSON, naming the file", async () => {
    const dir = home();
    const broken = join(dir, "broken.json");
    writeFileSync(broken, "{ storage: ");
    await expect(userStorageSettings(broken, {})).rejects.toMatchObject({
      code: "STORAGE_BAD_CONFIG",
      message: `the user config ${broken} is not valid JSON`,
    });
    await expect(userStorageSettings(join(dir, "gone.json"), {})).rejects.toMatchObject({
      code: "STORAGE_BAD_CONFIG",
      message: expect.stringContaining("ENOENT"),
    });
  });
});

describe("a runtime's lazy storage", () => {
  it("is off with storage: false", () => {
    expect(runtimeStorage({ storage: false }, {})).toBeUndefined();
  });

  it("reports a store that cannot open as STORAGE_UNAVAILABLE with the store's hint", async () => {
    const keyless = runtimeStorage(
      { storage: { provider: "postgresql", connection: "env:DSN" } },
      { DSN: "x" },
    );
    const vault = await keyless?.vault.get("API_TOKEN").catch((error: unknown) => error);
    expect(vault).toBeInstanceOf(UnitError);
    expect(vault).toMatchObject({
      code: "STORAGE_UNAVAILABLE",
      message: expect.stringContaining("VAULT_NO_KEY"),
      details: { hint: expect.stringContaining("vaultKey") },
    });
    const auth = { type: "oauth2", flow: "client_credentials" } as never;
    const token = await keyless?.oauth.accessToken("reports", auth).catch((error: unknown) => error);
    expect(token).toMatchObject({ code: "STORAGE_UNAVAILABLE" });
    const dir = home();
    writeFileSync(join(dir, "broken.json"), "[");
    const broken = runtimeStorage({ userConfig: join(dir, "broken.json") }, {});
    await expect(broken?.vault.get("API_TOKEN")).rejects.toMatchObject({
      code: "STORAGE_UNAVAILABLE",
      message: expect.stringContaining("not valid JSON"),
    });
  });
});
