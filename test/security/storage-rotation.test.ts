/**
 * Key rotation covers every sealed namespace: with a vault secret, an OAuth token and a registered
 * client stored, `unitc storage rotate-key` (the built CLI, a real process) moves all three to the new
 * key, `verify` opens them under the new key only and reports each namespace, `status` counts each,
 * and an export imported into another provider keeps the login. Runs over every provider.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TokenStore } from "../../runtime/auth/token-store.js";
import { SERVE_TOKEN_NAMESPACE } from "../../runtime/serve/auth/serve-token-record.js";
import { ServeTokens } from "../../runtime/serve/auth/serve-tokens.js";
import { openStore, type StorageSettings } from "../../runtime/storage/open.js";
import { vaultKey } from "../../runtime/storage/seal.js";
import type { Store } from "../../runtime/storage/shared/types.js";
import {
  homeCli,
  newKey,
  PROVIDERS,
  type Provider,
  providerSetup,
  type StorageHome,
  storageHome,
  storageServersForFile,
} from "../cli/storage-support.js";

const servers = storageServersForFile();

/** Runs `body` with the home's store open in this process under `keyText`. */
async function withTokens<T>(home: StorageHome, keyText: string, body: (tokens: TokenStore) => Promise<T>) {
  return withStore(home, keyText, (store) =>
    body(new TokenStore(store, vaultKey(Buffer.from(keyText, "base64url")))),
  );
}

/** Runs `body` with the home's store open in this process under `keyText`. */
async function withStore<T>(home: StorageHome, keyText: string, body: (store: Store) => Promise<T>) {
  const settings: StorageSettings = { ...home.storage };
  if (settings.provider === "filesystem" || settings.provider === "sqlite")
    settings.path = join(home.dir, settings.path as string);
  const store = await openStore(settings, { ...home.env, UNITC_TEST_VAULT_KEY: keyText });
  try {
    return await body(store);
  } finally {
    await store.close();
  }
}

const OTHER: Record<Provider, Provider> = {
  filesystem: "sqlite",
  sqlite: "postgresql",
  postgresql: "object_store",
  object_store: "filesystem",
};

describe("storage rotate-key covers every sealed namespace", () => {
  it.each(PROVIDERS)(
    "rotates the vault, OAuth tokens and registered clients; verify, status and export/import see all (%s)",
    async (provider) => {
      const oldKey = newKey();
      const home = await storageHome(await providerSetup(provider, servers(), oldKey));
      expect((await homeCli(home)(["secret", "set", "API_KEY"], "vault-value")).code).toBe(0);
      await withTokens(home, oldKey, async (tokens) => {
        expect(await tokens.write("github", "fp", { accessToken: "at-1", issuedAt: 1 }, undefined)).toBe(
          true,
        );
        await tokens.writeClient("github", { client_id: "registered", client_secret: "cs" });
      });

      const key = newKey();
      const current = homeCli(home, { UNITC_TEST_VAULT_KEY: key, UNITC_OLD_KEY: oldKey });
      const rotated = await current(["storage", "rotate-key", "--old", "env:UNITC_OLD_KEY"]);
      expect(rotated.code, rotated.stderr).toBe(0);
      expect(rotated.stdout).toMatch(/re-sealed 3 records .*; 0 were already/);

      const verified = await current(["storage", "verify"]);
      expect(verified.code, verified.stderr).toBe(0);
      for (const namespace of ["vault", "oauth", "oauth-client"])
        expect(verified.stdout).toContain(`${namespace}: 1 of 1 open and current`);
      expect(verified.stdout).toContain("3 of 3 records open");

      // Under the retired key nothing opens any more, in any namespace.
      const retired = await homeCli(home, { UNITC_TEST_VAULT_KEY: oldKey })(["storage", "verify"]);
      expect(retired.code).toBe(1);
      expect(retired.stdout).toContain("0 of 3 records open");
      for (const namespace of ["vault", "oauth", "oauth-client"])
        expect(retired.stdout).toContain(`${namespace}: 0 of 1 open and current`);
      expect(retired.stderr).toContain("VAULT_WRONG_KEY");

      const status = await current(["storage", "status", "--json"]);
      expect(JSON.parse(status.stdout).records).toEqual({ vault: 1, oauth: 1, "oauth-client": 1 });

      await withTokens(home, key, async (tokens) => {
        expect((await tokens.read("github"))?.tokens.accessToken).toBe("at-1");
        expect(await tokens.readClient("github")).toEqual({ client_id: "registered", client_secret: "cs" });
      });

      // The login survives a copy to another provider under the same key.
      const target = await storageHome(await providerSetup(OTHER[provider], servers(), key));
      const dump = join(home.dir, "dump.json");
      const exported = await current(["storage", "export", "--to", dump]);
      expect(exported.stdout, exported.stderr).toContain("exported 3 sealed records");
      const imported = await homeCli(target)(["storage", "import", dump]);
      expect(imported.stdout, imported.stderr).toContain("imported 3 sealed records");
      expect((await homeCli(target)(["storage", "verify"])).stdout).toContain("3 of 3 records open");
      await withTokens(target, key, async (tokens) => {
        expect((await tokens.read("github"))?.tokens.accessToken).toBe("at-1");
        expect(await tokens.readClient("github")).toEqual({ client_id: "registered", client_secret: "cs" });
      });
    },
    300_000,
  );

  it("keeps serve tokens working: their records are MACed again under the new key, a forged one stays refused", async () => {
    const oldKey = newKey();
    const home = await storageHome(await providerSetup("sqlite", servers(), oldKey));
    const created = await homeCli(home)(["serve", "token", "create", "ci"]);
    expect(created.code, created.stderr).toBe(0);
    const token = /unitc_st_[A-Za-z0-9_-]+/.exec(created.stdout + created.stderr)?.[0];
    expect(token).toBeDefined();
    // A record a storage writer made without any key: no rotation may bless it.
    await withStore(home, oldKey, async (store) => {
      const forged = { name: "forged", hash: "0".repeat(64), createdAt: 1, mac: "AAAA" };
      await store.put(
        { namespace: SERVE_TOKEN_NAMESPACE, name: "forged" },
        Buffer.from(JSON.stringify(forged)),
        {
          absent: true,
        },
      );
    });

    const key = newKey();
    const rotated = await homeCli(home, { UNITC_TEST_VAULT_KEY: key, UNITC_OLD_KEY: oldKey })([
      "storage",
      "rotate-key",
      "--old",
      "env:UNITC_OLD_KEY",
    ]);
    expect(rotated.code, rotated.stderr).toBe(0);
    expect(rotated.stdout).toContain("serve tokens: moved 1, 0 already under the current key");
    expect(rotated.stderr).toContain("serve token forged verifies under neither key");

    await withStore(home, key, async (store) => {
      const tokens = await ServeTokens.open(store, vaultKey(Buffer.from(key, "base64url")), {
        flushEveryMs: 60_000,
      });
      try {
        expect(tokens.check(token as string)?.id).toContain("ci");
      } finally {
        await tokens.close();
      }
    });
  }, 300_000);
});
