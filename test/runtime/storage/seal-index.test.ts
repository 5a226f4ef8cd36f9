/**
 * The sealed namespaces' index: a write stopped before its index entry still reads, a secret set
 * again after a delete opens, a whole namespace put back (index and records together) is refused by
 * a store that read the newer index, and a namespace with records but no index is refused until it is
 * adopted by an import.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { logout } from "../../../runtime/auth/logout.js";
import { TokenStore } from "../../../runtime/auth/token-store.js";
import { OAuthTokens } from "../../../runtime/auth/tokens.js";
import type { AuthConfig } from "../../../runtime/contract/manifest.js";
import { exportStore, importDump } from "../../../runtime/storage/dump.js";
import { vaultKey } from "../../../runtime/storage/seal.js";
import { INDEX_NAMESPACE } from "../../../runtime/storage/seal-index.js";
import { Vault } from "../../../runtime/storage/vault.js";
import { memoryStore } from "../../support/memory-store.js";

// The store under these tests is the in-memory stand-in for a real provider (test/support/memory-store.ts).
const fresh = () => {
  const store = memoryStore();
  const key = vaultKey(randomBytes(32));
  return { store, key, vault: new Vault(store, key) };
};

describe("sealed namespace index", () => {
  it("reads a record whose writer stopped before raising its index entry", async () => {
    const { store, vault } = fresh();
    await vault.set("A", "one");
    const put = store.put.bind(store);
    store.put = async (key, value, expect) => {
      if (key.namespace === INDEX_NAMESPACE) throw new Error("the process stopped here");
      return put(key, value, expect);
    };
    await expect(vault.set("A", "two")).rejects.toThrow("stopped");
    store.put = put;
    expect((await vault.get("A"))?.value).toBe("two");
  });

  it("opens a secret set again after it was deleted", async () => {
    const { vault } = fresh();
    await vault.set("A", "one");
    expect(await vault.delete("A")).toBe(true);
    expect(await vault.get("A")).toBeUndefined();
    await vault.set("A", "again");
    expect((await vault.get("A"))?.value).toBe("again");
  });

  it("refuses a whole namespace put back, index and records, once the newer index was read", async () => {
    const { store, vault } = fresh();
    await vault.set("A", "old");
    const copy = new Map(store.records);
    await vault.set("A", "new");
    expect((await vault.get("A"))?.value).toBe("new");
    for (const [id, record] of copy) store.records.set(id, record);
    await expect(vault.get("A")).rejects.toMatchObject({ code: "VAULT_ROLLBACK" });
  });

  it("refuses records without an index until an import adopts them", async () => {
    const { store, key, vault } = fresh();
    await vault.set("A", "kept");
    for (const id of [...store.records.keys()])
      if (id.startsWith(`${INDEX_NAMESPACE}\0`)) store.records.delete(id);
    await expect(vault.get("A")).rejects.toMatchObject({ code: "VAULT_ROLLBACK" });
    await expect(vault.set("B", "x")).rejects.toMatchObject({ code: "VAULT_ROLLBACK" });
    const { dump, unindexed } = await exportStore(store, key);
    expect(unindexed).toEqual(["vault"]);
    expect(await importDump(store, dump, key)).toBe(1);
    expect((await vault.get("A"))?.value).toBe("kept");
  });

  it("logs out a token record put back from an older copy without revoking it", async () => {
    const { store, key } = fresh();
    const tokens = new TokenStore(store, key);
    const issued = { accessToken: "at-1", issuedAt: 1 };
    await tokens.write("unit", "fp", issued, undefined);
    const copy = new Map(store.records);
    await tokens.write("unit", "fp", { ...issued, accessToken: "at-2" }, await tokens.read("unit"));
    const old = copy.get("oauth\0unit");
    if (old) store.records.set("oauth\0unit", old);
    await expect(tokens.read("unit")).rejects.toMatchObject({ code: "VAULT_ROLLBACK" });
    // No revocation request is made for it: the auth config names no reachable server.
    const auth = { type: "oauth2", flow: "authorization_code" } as unknown as AuthConfig;
    expect(await logout("unit", auth, new OAuthTokens(tokens, {}))).toEqual({
      removed: true,
      revocation: "skipped",
    });
    expect(await tokens.read("unit")).toBeUndefined();
  });
});
