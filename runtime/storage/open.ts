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
import { type Store, StoreError } from "./shared/types.js";
import { openSqliteStore } from "./sqlite/store.js";
import { checkKeyConfigured } from "./vault-key.js";

/** The resolved `storage` config (schemas/config.schema.json $defs/storage). */
export interface StorageSettings {
  provider: "filesystem" | "sqlite" | "postgresql" | "object_store";
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

/** Opens the store `settings` describe (no settings: the filesystem store in the data folder). */
export async function openStore(
  settings: StorageSettings | undefined,
  env: Record<string, string | undefined>,
): Promise<Store> {
  const chosen: StorageSettings = settings ?? { provider: "filesystem" };
  const pollIntervalMs = chosen.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  switch (chosen.provider) {
    case "filesystem":
      return openFilesystemStore(chosen.path ?? unitcDir("data", env), pollIntervalMs);
    case "sqlite":
      if (!chosen.path)
        throw badConfig("storage.path is required for the sqlite provider", "set storage.path");
      return openSqliteStore(chosen.path, pollIntervalMs);
    case "postgresql": {
      const dsn = await secret(chosen.connection, "storage.connection", env);
      // Refused before any connection: records sealed with a key only this machine has are lost.
      checkKeyConfigured(chosen.provider, chosen.vaultKey);
      return openPostgresStore(dsn, pollIntervalMs);
    }
    case "object_store": {
      if (!chosen.bucket || !chosen.region)
        throw badConfig("storage.bucket and storage.region are required for object_store", "set both");
      checkKeyConfigured(chosen.provider, chosen.vaultKey);
      const credentials =
        chosen.credentials === undefined
          ? undefined
          : await secret(chosen.credentials, "storage.credentials", env);
      return openObjectStore(
        { ...chosen, bucket: chosen.bucket, region: chosen.region, credentials },
        pollIntervalMs,
      );
    }
    default:
      throw badConfig(
        `unknown storage provider ${JSON.stringify(chosen.provider)}`,
        "use filesystem, sqlite, postgresql or object_store",
      );
  }
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
