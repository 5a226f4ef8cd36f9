/**
 * The storage settings agent code uses when it names none: the `storage` of the user config, found
 * where the CLI finds it (`$XDG_CONFIG_HOME/unitc/config.json`, else `~/.config/unitc/config.json`),
 * or of a config file or object the caller names. The CLI validates the whole config with the
 * compiler's loader; the runtime never loads the compiler, so it reads the file as the strict JSON it
 * is and leaves the storage fields to the store's own checks when it opens (each a code and a hint).
 */
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { userConfigPath } from "../shared/user-dirs.js";
import { configuredSettings, type StorageSettings } from "./configured.js";
import { StoreError } from "./shared/types.js";

/** A user config: its path (a string or file URL), or its content (`storage` is what is read). */
export type UserConfigSource = string | URL | { storage?: StorageSettings | undefined };

/**
 * The storage settings of `source` (default: the user config where unitc looks; absent there is the
 * filesystem store in the data folder). A relative `storage.path` starts at the config file's folder,
 * or at the working folder for a config given as an object.
 */
export async function userStorageSettings(
  source: UserConfigSource | undefined,
  env: Record<string, string | undefined>,
): Promise<StorageSettings> {
  if (typeof source === "object" && !(source instanceof URL)) {
    return configuredSettings(source.storage, process.cwd());
  }
  const path =
    source === undefined
      ? userConfigPath(env)
      : source instanceof URL
        ? fileURLToPath(source)
        : resolve(source);
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? "unreadable";
    // No user config where unitc looks is fine: storage is then the one in the data folder.
    if (source === undefined && why === "ENOENT") return configuredSettings(undefined, dirname(path));
    throw new StoreError(
      "STORAGE_BAD_CONFIG",
      `the user config ${path} cannot be read (${why})`,
      "check the userConfig path given to createUnits",
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new StoreError(
      "STORAGE_BAD_CONFIG",
      `the user config ${path} is not valid JSON`,
      "fix the file; unitc validate names the problem and its line",
    );
  }
  const storage =
    typeof value === "object" && value !== null ? (value as { storage?: unknown }).storage : undefined;
  return configuredSettings(storage, dirname(path));
}
