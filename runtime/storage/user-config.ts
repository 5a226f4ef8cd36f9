/**
 * The one reader of the user config's serving and storage settings: `userConfigOf` turns a config's
 * value into the typed `serve`, `storage`, `namespaceAliases` and serving settings that `unitc serve`,
 * the CLI's storage commands, the compiler's resolved settings and agent code (`createUnits`) read.
 * The CLI validates the whole file with the compiler's loader first and hands the value here; the
 * runtime never loads the compiler, so for agent code it reads the file (found where the CLI finds it,
 * `$XDG_CONFIG_HOME/unitc/config.json`, else `~/.config/unitc/config.json`) as the strict JSON it is
 * and leaves the storage fields to the store's own checks when it opens (each a code and a hint).
 */
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Serve, UnitsConfig } from "../contract/config-types.generated.js";
import type { Exposure } from "../contract/manifest.js";
import { userConfigPath } from "../shared/user-dirs.js";
import type { UserServingSettings } from "../shared/user-settings.js";
import { configuredSettings, type StorageSettings } from "./configured.js";
import { StoreError } from "./shared/types.js";

/** `namespaceAliases` from the user config. */
export interface NamespaceAliases {
  local?: string;
  upstreams?: Record<string, string>;
}

/** What serving and storage read of a user config, typed. */
export interface UserConfig {
  /** `serve`: HTTP serving defaults (`{}` when it has none). */
  serve: Serve;
  /** `storage`, as written (relative paths not yet resolved), when it has one. */
  storage?: StorageSettings;
  /** `namespaceAliases`: labels of the units served from this instance and from upstreams. */
  aliases?: NamespaceAliases;
  /** Its `options.exposure` and search limits, laid over the bundles served. */
  settings?: UserServingSettings;
  /** The config file's folder: relative paths in `serve` and `storage` start there. */
  dir?: string;
}

/** The serving and storage settings of a user config's `value` (the file at `dir`, when it has one). */
export function userConfigOf(value: UnitsConfig, dir?: string): UserConfig {
  const settings: UserServingSettings = {};
  const exposure = value.options?.exposure;
  if (exposure !== undefined) settings.exposure = exposure as Exposure;
  for (const key of ["defaultSearchLimit", "maxSearchLimit"] as const)
    if (value[key] !== undefined) settings[key] = value[key];
  return {
    serve: value.serve ?? {},
    ...(value.namespaceAliases ? { aliases: value.namespaceAliases as NamespaceAliases } : {}),
    ...(value.storage ? { storage: value.storage } : {}),
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
    ...(dir !== undefined ? { dir } : {}),
  };
}

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
  // Not validated here: the store checks its own fields when it opens.
  return configuredSettings(storage, dirname(path));
}
