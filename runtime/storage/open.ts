/**
 * Opens the store the resolved `storage` config names. Secret-bearing fields (`connection`,
 * `credentials`) are `env:` or `file:` references; a literal in the config is refused, naming the
 * field and never echoing the value.
 */
import { resolveSecret, SecretReferenceError } from "../shared/references.js";
import { unitcDir } from "../shared/user-dirs.js";
import { openFilesystemStore } from "./filesystem/store.js";
import { openObjectStore } from "./object-store/open.js";
import { openPostgresStore } from "./postgresql/store.js";
import { isStorageProvider, providerNames, type StorageProvider } from "./providers.js";
import { type Store, StoreError } from "./shared/types.js";
import { openSqliteStore } from "./sqlite/store.js";
import { checkKeyConfigured } from "./vault-key.js";

/** The resolved `storage` config (schemas/config.schema.json $defs/storage). */
export interface StorageSettings {
  provider: StorageProvider;
  pollIntervalMs?: number;
  vaultKey?: string;
  /** Reference to the Ed25519 publisher key's seed (`unitc publish` signs heads with it). */
  publishKey?: string;
  /** The publisher key's public half; replicas take only heads it verifies. */
  publisherPublicKey?: string;
  path?: string;
  connection?: string;
  bucket?: string;
  region?: string;
  credentials?: string;
  endpoint?: string;
  forcePathStyle?: boolean;
}

/** How often a store is polled for changes when the config does not say. */
export const DEFAULT_POLL_INTERVAL_MS = 1000;

/** Opens one provider's store from its settings. */
export type StoreOpener = (
  settings: StorageSettings,
  env: Record<string, string | undefined>,
  pollIntervalMs: number,
) => Promise<Store>;

/**
 * One opener per provider of the config schema's union, so a provider added to the schema without
 * its opener (or an opener for a provider the schema lacks) does not compile.
 */
export const OPENERS: { readonly [P in StorageProvider]: StoreOpener } = {
  filesystem: (settings, env, pollIntervalMs) =>
    openFilesystemStore(settings.path ?? unitcDir("data", env), pollIntervalMs),
  sqlite: async (settings, _env, pollIntervalMs) => {
    if (!settings.path)
      throw badConfig("storage.path is required for the sqlite provider", "set storage.path");
    return openSqliteStore(settings.path, pollIntervalMs);
  },
  postgresql: async (settings, env, pollIntervalMs) => {
    const dsn = await secret(settings.connection, "storage.connection", env);
    // Refused before any connection: records sealed with a key only this machine has are lost.
    checkKeyConfigured(settings.provider, settings.vaultKey);
    return openPostgresStore(dsn, pollIntervalMs);
  },
  object_store: async (settings, env, pollIntervalMs) => {
    if (!settings.bucket || !settings.region)
      throw badConfig("storage.bucket and storage.region are required for object_store", "set both");
    checkKeyConfigured(settings.provider, settings.vaultKey);
    const credentials =
      settings.credentials === undefined
        ? undefined
        : await secret(settings.credentials, "storage.credentials", env);
    return openObjectStore(
      { ...settings, bucket: settings.bucket, region: settings.region, credentials },
      pollIntervalMs,
    );
  },
};

/** Opens the store `settings` describe (no settings: the filesystem store in the data folder). */
export async function openStore(
  settings: StorageSettings | undefined,
  env: Record<string, string | undefined>,
): Promise<Store> {
  const chosen: StorageSettings = settings ?? { provider: "filesystem" };
  const pollIntervalMs = chosen.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  // A config read from disk may name any provider; the lookup, not the type, decides.
  const provider: string = chosen.provider;
  if (!isStorageProvider(provider)) {
    throw badConfig(`unknown storage provider ${JSON.stringify(provider)}`, `use ${providerNames()}`);
  }
  return OPENERS[provider](chosen, env, pollIntervalMs);
}

/** Resolves an `env:` or `file:` reference field; a literal is refused, and never echoed. */
async function secret(
  value: string | undefined,
  field: string,
  env: Record<string, string | undefined>,
): Promise<string> {
  if (!value) throw badConfig(`${field} is required`, `set ${field} to env:NAME or file:/abs/path`);
  try {
    return await resolveSecret(value, { env, allow: ["env", "file"], field });
  } catch (error) {
    if (error instanceof SecretReferenceError) throw badConfig(error.message, error.hint);
    throw error;
  }
}

function badConfig(message: string, hint: string): StoreError {
  return new StoreError("STORAGE_BAD_CONFIG", message, hint);
}
