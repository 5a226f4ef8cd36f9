/**
 * Opens the store the resolved `storage` config names. Secret-bearing fields (`connection`) are
 * references resolved from `env`; a literal DSN in the config is refused, naming the field.
 */
import { isSecretReference, MissingVariableError, resolveReference } from "../references.js";
import { defaultDataFolder, openFilesystemStore } from "./filesystem/store.js";
import { openPostgresStore } from "./postgresql/store.js";
import { openSqliteStore } from "./sqlite/store.js";
import { type Store, StoreError } from "./types.js";

/** The resolved `storage` config (schemas/config.schema.json $defs/storage). */
export interface StorageSettings {
  provider: "filesystem" | "sqlite" | "postgresql" | "object_store";
  pollIntervalMs?: number;
  vaultKey?: string;
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
      return openFilesystemStore(chosen.path ?? defaultDataFolder(env), pollIntervalMs);
    case "sqlite":
      if (!chosen.path)
        throw badConfig("storage.path is required for the sqlite provider", "set storage.path");
      return openSqliteStore(chosen.path, pollIntervalMs);
    case "postgresql":
      return openPostgresStore(secret(chosen.connection, "storage.connection", env), pollIntervalMs);
    case "object_store":
      throw badConfig(
        "the object_store storage provider is not available in this build yet",
        "use filesystem, sqlite or postgresql for now",
      );
    default:
      throw badConfig(
        `unknown storage provider ${JSON.stringify(chosen.provider)}`,
        "use filesystem, sqlite or postgresql",
      );
  }
}

/** Resolves a reference field, refusing a literal (the value is never echoed). */
function secret(value: string | undefined, field: string, env: Record<string, string | undefined>): string {
  if (!value) throw badConfig(`${field} is required`, `set ${field} to env:NAME`);
  if (!isSecretReference(value)) {
    throw badConfig(
      `${field} must be a reference such as env:NAME, not an inline value`,
      `set ${field} to env:NAME`,
    );
  }
  try {
    return resolveReference(value, env);
  } catch (error) {
    if (error instanceof MissingVariableError) {
      throw badConfig(`${field}: ${error.message}`, `export ${error.variable} before starting unitc`);
    }
    throw error;
  }
}

function badConfig(message: string, hint: string): StoreError {
  return new StoreError("STORAGE_BAD_CONFIG", message, hint);
}
