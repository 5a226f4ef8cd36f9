/**
 * The storage providers are closed registries keyed by the config schema's provider union: a
 * provider half-added (in the schema without its opener or its reach, or the other way round) does
 * not compile, which the `@ts-expect-error` lines below hold to when this file is type-checked. A
 * config naming a provider outside the union is still refused clearly when storage opens.
 */
import { describe, expect, it } from "vitest";
import { configuredSettings } from "../../../runtime/storage/configured.js";
import { OPENERS, openStore, type StoreOpener } from "../../../runtime/storage/open.js";
import {
  PROVIDER_REACH,
  providerNames,
  providerReach,
  type StorageProvider,
} from "../../../runtime/storage/providers.js";
import { checkKeyConfigured } from "../../../runtime/storage/vault-key.js";
import { typeErrorsIn } from "../../support/type-errors.js";

const refuse: StoreOpener = async () => {
  throw new Error("not a provider");
};
const { sqlite: _sqlite, ...withoutSqlite } = OPENERS;
// @ts-expect-error: the schema has sqlite, so a registry without its opener does not compile
const missing: typeof OPENERS = withoutSqlite;
const extra: typeof OPENERS = {
  ...OPENERS,
  // @ts-expect-error: redis is not in the schema, so neither is its opener
  redis: refuse,
};
// @ts-expect-error: every provider states where it keeps its records, object_store included
const reachMissing: typeof PROVIDER_REACH = {
  filesystem: "embedded",
  sqlite: "embedded",
  postgresql: "shared",
};

describe("the storage provider registries", () => {
  it("do not compile with a provider missing or added", () => {
    expect(typeErrorsIn(import.meta.filename)).toEqual([]);
    expect(Object.keys(missing)).not.toContain("sqlite");
    expect(Object.keys(extra)).toContain("redis");
    expect(Object.keys(reachMissing)).not.toContain("object_store");
  });

  it("key the same providers", () => {
    expect(Object.keys(OPENERS).sort()).toEqual(Object.keys(PROVIDER_REACH).sort());
    expect(providerNames()).toBe("filesystem, sqlite, postgresql or object_store");
  });

  it("refuse a provider outside the union when storage opens, naming the ones there are", async () => {
    const settings = configuredSettings({ provider: "redis" }, "/tmp");
    await expect(openStore(settings, {})).rejects.toMatchObject({
      code: "STORAGE_BAD_CONFIG",
      message: 'unknown storage provider "redis"',
      hint: "use filesystem, sqlite, postgresql or object_store",
    });
    expect(() => configuredSettings({}, "/tmp")).toThrow(
      expect.objectContaining({
        code: "STORAGE_BAD_CONFIG",
        hint: "set storage.provider to filesystem, sqlite, postgresql or object_store",
      }),
    );
  });

  it("let only a known embedded provider make its own vault key", () => {
    const reaches = (Object.keys(PROVIDER_REACH) as StorageProvider[]).map((p) => [p, providerReach(p)]);
    expect(reaches).toEqual([
      ["filesystem", "embedded"],
      ["sqlite", "embedded"],
      ["postgresql", "shared"],
      ["object_store", "shared"],
    ]);
    expect(() => checkKeyConfigured("sqlite", undefined)).not.toThrow();
    for (const provider of ["postgresql", "object_store", "redis"]) {
      expect(() => checkKeyConfigured(provider, undefined)).toThrow(
        expect.objectContaining({ code: "VAULT_NO_KEY" }),
      );
    }
    expect(() => checkKeyConfigured("redis", "env:KEY")).not.toThrow();
  });
});
