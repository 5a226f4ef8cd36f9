/**
 * The storage providers, keyed by the config schema's `storage.provider` union, and where each keeps
 * its records: an embedded provider on this machine (it may make its own vault key), a shared one
 * read by every replica (it needs `storage.vaultKey`, since a key made on one machine would lock out
 * the others). Data only, so the compiler's config rules read it without loading a driver.
 */
import type { Storage } from "../contract/config-types.generated.js";

/** A `storage.provider` the config schema allows. */
export type StorageProvider = Storage["provider"];

/** Where each provider keeps its records; a provider added to the schema and not here does not compile. */
export const PROVIDER_REACH: { readonly [P in StorageProvider]: "embedded" | "shared" } = {
  filesystem: "embedded",
  sqlite: "embedded",
  postgresql: "shared",
  object_store: "shared",
};

/** Whether `provider` is one the schema allows (a config read from disk may name any string). */
export function isStorageProvider(provider: string): provider is StorageProvider {
  return Object.hasOwn(PROVIDER_REACH, provider);
}

/** Where `provider` keeps its records; undefined for a provider the schema does not allow. */
export function providerReach(provider: string): "embedded" | "shared" | undefined {
  return isStorageProvider(provider) ? PROVIDER_REACH[provider] : undefined;
}

/** The providers as a hint names them: `filesystem, sqlite, postgresql or object_store`. */
export function providerNames(): string {
  const names = Object.keys(PROVIDER_REACH);
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}
