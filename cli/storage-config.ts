/**
 * The store and vault of the user config's `storage` (global only; the filesystem store in the data
 * folder when it has none), for `unitc secret`, `unitc storage` and the `vault:` references of
 * `unitc run` and `unitc serve`. The user config is found and validated as `serve` does it; the
 * runtime's `openConfiguredStorage` opens what it names. A store other than the one opened last is
 * announced once (`runtime/storage/last-store.ts`): secrets set before stay in the old one.
 */
import { resolve } from "node:path";
import { formatDiagnostics, hasErrors } from "../compiler/codes/diagnostics.js";
import type { CataloguedCode } from "../runtime/contract/codes/index.js";
import { loadUserServeConfig } from "../runtime/serve/start/settings.js";
import { OptionalPackageError } from "../runtime/shared/optional-package.js";
import { SecretReferenceError } from "../runtime/shared/references.js";
import {
  configuredSettings,
  type OpenedStorage,
  openConfiguredStorage,
} from "../runtime/storage/configured.js";
import { noteStoreUsed, type StoreIdentity } from "../runtime/storage/last-store.js";
import type { StorageSettings } from "../runtime/storage/open.js";
import { VaultError } from "../runtime/storage/seal.js";
import { StoreError } from "../runtime/storage/shared/types.js";
import { type CliIO, EXIT_ERRORS } from "./io.js";
import { projectArgs } from "./project-args.js";

export type { OpenedStorage } from "../runtime/storage/configured.js";

/** `--user-config`, for the commands that read only the user config. */
export const userConfigArg = { "user-config": projectArgs["user-config"] } as const;

/** The user config has errors, so its storage cannot be trusted; the message lists them. */
export class UserConfigError extends Error {
  readonly code: CataloguedCode<"USER_CONFIG_INVALID"> = "USER_CONFIG_INVALID";
  readonly hint = "fix the user config";
}

/** The `storage` settings of the user config named by `flag` (relative paths resolved from its folder). */
export async function storageSettings(io: CliIO, flag: string | undefined): Promise<StorageSettings> {
  const file = flag === "none" ? false : flag ? resolve(io.cwd, flag) : "";
  const user = await loadUserServeConfig(file, io.env);
  if (hasErrors(user.diagnostics)) {
    throw new UserConfigError(
      `the user config has errors:\n${formatDiagnostics(user.diagnostics, (f) => f)}`,
    );
  }
  return configuredSettings(user.storage, user.dir ?? io.cwd);
}

/**
 * Opens the configured store and its vault (the key resolved or, for embedded stores, made). When
 * the store is not the one unitc opened last, says so once on stderr; `track: false` (the export and
 * import that move records between stores) neither says it nor records the store.
 */
export async function openStorage(io: CliIO, flag: string | undefined, track = true): Promise<OpenedStorage> {
  const storage = await openConfiguredStorage(await storageSettings(io, flag), io.env);
  if (track) {
    const previous = await noteStoreUsed(storage.store, io.env);
    if (previous) io.stderr(switchNotice(previous, storage.store));
  }
  return storage;
}

/** The notice of a switch: both stores by provider and location, and how to move the records. */
function switchNotice(previous: StoreIdentity, current: StoreIdentity): string {
  const name = (store: StoreIdentity) => `${store.provider} ${store.location}`;
  return (
    `unitc: storage changed: unitc last used ${name(previous)}, the user config now names ${name(current)}; ` +
    "secrets and OAuth tokens set before are still in the old store\n" +
    "hint: to move them, run `unitc storage export --to FILE --user-config OLD.json` with a user config " +
    "naming the old storage, then `unitc storage import FILE`\n"
  );
}

/** True for the failures storage reports with a code and hint (never a stack trace). */
export function isStorageFailure(
  error: unknown,
): error is StoreError | VaultError | SecretReferenceError | UserConfigError | OptionalPackageError {
  return (
    error instanceof StoreError ||
    error instanceof OptionalPackageError ||
    error instanceof VaultError ||
    error instanceof SecretReferenceError ||
    error instanceof UserConfigError
  );
}

/** Prints a storage failure as `unitc <command>: CODE message` and its hint; false for other errors. */
export function reportStorageFailure(io: CliIO, command: string, error: unknown): boolean {
  if (!isStorageFailure(error)) return false;
  const hint = error.hint ? `\nhint: ${error.hint}` : "";
  io.stderr(`unitc ${command}: ${error.code} ${error.message}${hint}\n`);
  return true;
}

/**
 * Runs `body` with the configured storage open, reporting storage failures as exit 1; `track` as for
 * {@link openStorage}.
 */
export async function withStorage(
  io: CliIO,
  command: string,
  flag: string | undefined,
  setExit: (code: number) => void,
  body: (storage: OpenedStorage) => Promise<number>,
  track = true,
): Promise<void> {
  let storage: OpenedStorage | undefined;
  try {
    storage = await openStorage(io, flag, track);
    setExit(await body(storage));
  } catch (error) {
    if (!reportStorageFailure(io, command, error)) throw error;
    setExit(EXIT_ERRORS);
  } finally {
    await storage?.close();
  }
}
