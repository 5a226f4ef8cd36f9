import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { vaultKey } from "../../../runtime/storage/seal.js";
import { Vault } from "../../../runtime/storage/vault.js";
import { memoryStore } from "../../support/memory-store.js";

// The store under these tests is the in-memory stand-in for a real provider (test/support/memory-store.ts).
const newVault = (store = memoryStore(), key = vaultKey(randomBytes(32))) => ({
  store,
  key,
  vault: new Vault(store, key),
});

describe("Vault", () => {
  it("sets, gets, lists with dates and deletes secrets, keeping no plaintext in the store", async () => {
    const { store, vault } = newVault();
    await vault.set("github-token", "ghp_plaintext_value");
    await vault.set("api-key", "second-value");
    expect((await vault.get("github-token"))?.value).toBe("ghp_plaintext_value");
    const listed = await vault.list();
    expect(listed.map((s) => s.name)).toEqual(["api-key", "github-token"]);
    expect(listed[0]).not.toHaveProperty("value");
    expect(listed[0]?.createdAt).toBeTypeOf("number");
    for (const record of store.records.values()) {
      expect(Buffer.from(record.value).includes("plaintext")).toBe(false);
    }
    expect(await vault.delete("api-key")).toBe(true);
    expect(await vault.delete("api-key")).toBe(false);
    expect(await vault.get("api-key")).toBeUndefined();
  });

  it("keeps the first-set date when a secret is replaced", async () => {
    const { vault } = newVault();
    await vault.set("token", "one");
    const first = await vault.get("token");
    await new Promise((r) => setTimeout(r, 5));
    await vault.set("token", "two");
    const second = await vault.get("token");
    expect(second?.value).toBe("two");
    expect(second?.createdAt).toBe(first?.createdAt);
  });

  it("refuses a record copied over another secret's record", async () => {
    const { store, vault } = newVault();
    await vault.set("low", "harmless");
    await vault.set("high", "important");
    const low = store.records.get("vault\0low");
    const highKey = { namespace: "vault", name: "high" };
    store.records.set("vault\0high", { ...(low as NonNullable<typeof low>), key: highKey });
    await expect(vault.get("high")).rejects.toMatchObject({ code: "VAULT_CORRUPT" });
  });

  it("reports a vault opened with another key as a wrong key", async () => {
    const { store, key, vault } = newVault();
    await vault.set("token", "x");
    const other = new Vault(store, vaultKey(randomBytes(32)));
    await expect(other.get("token")).rejects.toMatchObject({
      code: "VAULT_WRONG_KEY",
      message: expect.stringContaining(`needs id ${key.id}`),
    });
  });

  it("rotates every secret to a new key, and a second run finishes a stopped one", async () => {
    const { store, key: oldKey, vault } = newVault();
    for (const name of ["a", "b", "c"]) await vault.set(name, `value-${name}`);
    const newKey = vaultKey(randomBytes(32));
    const rotated = new Vault(store, newKey);

    // Stop a rotation after its first record, before the index names it: the writes are the index
    // (moved to the new key), record a, then a's index entry, which fails.
    const put = store.put.bind(store);
    let writes = 0;
    store.put = async (...args) => {
      if (++writes === 3) throw new Error("the process stopped here");
      return put(...args);
    };
    await expect(rotated.rotate(oldKey)).rejects.toThrow("stopped");
    store.put = put;

    expect(await rotated.rotate(oldKey)).toEqual({ rotated: 2, skipped: 1 });
    expect(await rotated.rotate(oldKey)).toEqual({ rotated: 0, skipped: 3 });
    expect((await rotated.get("b"))?.value).toBe("value-b");
    await expect(vault.get("a")).rejects.toMatchObject({ code: "VAULT_WRONG_KEY" });
  });

  it("refuses a secret name the store could not keep", async () => {
    const { vault } = newVault();
    await expect(vault.set("../escape", "x")).rejects.toThrow("is not allowed");
  });
});
