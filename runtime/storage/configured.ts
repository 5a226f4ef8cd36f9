/**
 * Opens the storage a config names: the store and its vault, the key resolved or, for the embedded
 * providers, made. The CLI (`unitc secret`, `unitc storage`, the `vault:` references of `unitc call`,
 * `run` and `serve`) and agent code (`createUnits`) both open storage here, so a secret set with
 * `unitc secret set` is read the same way from either. The drivers load only when storage is opened.
 */
import { isAbsolute, resolve } from "node:path";
import { unitcDir } from "../shared/user-dirs.js";
import type { StorageSettings } from "./open.js";
import type { VaultKey } from "./seal.js";
import { type Store, StoreError } from "./shared/types.js";
import type { Vault } from "./vault.js";

export type { StorageSettings } from "./open.js";

/** An open store and its vault; `close` closes the store. */
export interface OpenedStorage {
  settings: StorageSettings;
  store: Store;
  vault: Vault;
  /** The key new records are sealed with. */
  key: VaultKey;
  close(): Promise<void>;
}

/**
 * The `storage` of a user config as settings: the filesystem store in the data folder when it has
 * none, and a relative `path` resolved from `dir` (the config file's folder).
 */
export function configuredSettings(storage: unknown, dir: string): StorageSettings {
  if (storage === undefined) return { provider: "filesystem" };
  if (typeof storage !== "object" || storage === null || Array.isArray(storage)) {
    throw new StoreError(
      "STORAGE_BAD_CONFIG",
      "storage is not an object",
      'write storage as an object such as { "provider": "sqlite", "path": "store.db" }',
    );
  }
  const settings = storage as StorageSettings;
  if (typeof settings.provider !== "string") {
    throw new StoreError(
      "STORAGE_BAD_CONFIG",
      "storage has no provider",
      "set storage.provider to filesystem, sqlite, postgresql or object_store",
    );
  }
  // object_store's path is a key prefix in the bucket, not a file path: it is left as written.
  if (settings.path && settings.provider !== "object_store" && !isAbsolute(settings.path)) {
    return { ...settings, path: resolve(dir, settings.path) };
  }
  return settings;
}

/** Where the embedded providers keep their generated vault key. */
function keyFolder(settings: StorageSettings, env: Record<string, string | undefined>): string {
  if (settings.provider === "filesystem") return settings.path ?? unitcDir("data", env);
  return unitcDir("data", env);
}

/**
 * Opens the store `settings` describe (the user config's `storage`, relative paths already resolved)
 * and its vault. Failures are `StoreError`s or `VaultError`s with a code and a hint (a shared store
 * with no `vaultKey` is refused before any connection).
 */
export async function openConfiguredStorage(
  settings: StorageSettings,
  env: Record<string, string | undefined> = process.env,
): Promise<OpenedStorage> {
  const [{ openStore }, { resolveVaultKey }, { Vault }] = await Promise.all([
    import("./open.js"),
    import("./vault-key.js"),
    import("./vault.js"),
  ]);
  const store = await openStore(settings, env);
  try {
    const key = await resolveVaultKey({
      provider: settings.provider,
      ...(settings.vaultKey ? { vaultKey: settings.vaultKey } : {}),
      env,
      dataDir: keyFolder(settings, env),
    });
    return { settings, store, vault: new Vault(store, key), key, close: () => store.close() };
  } catch (error) {
    await store.close();
    throw error;
  }
}
