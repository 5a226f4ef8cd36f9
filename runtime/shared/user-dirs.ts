/**
 * unitc's folders in the user's home, after the XDG base directory spec: config, data, state and
 * cache, each `<base>/unitc`, and where the user config is. They belong to the user alone: nothing
 * unitc reads back as code or secrets goes in a shared folder such as the system temp folder.
 * https://specifications.freedesktop.org/basedir-spec/latest/
 */
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

type Env = Record<string, string | undefined>;

const BASES = {
  data: ["XDG_DATA_HOME", ".local/share"],
  state: ["XDG_STATE_HOME", ".local/state"],
  cache: ["XDG_CACHE_HOME", ".cache"],
} as const;

/** The base folder of a kind (`$XDG_<KIND>_HOME`, else its default under the home folder). */
export function xdgBase(kind: keyof typeof BASES, env: Env = process.env): string {
  const [variable, fallback] = BASES[kind];
  return env[variable] || join(env.HOME || homedir(), fallback);
}

/** unitc's folder of a kind; the cache honours `UNITC_CACHE_DIR` first. */
export function unitcDir(kind: keyof typeof BASES, env: Env = process.env): string {
  if (kind === "cache" && env.UNITC_CACHE_DIR) return env.UNITC_CACHE_DIR;
  return join(xdgBase(kind, env), "unitc");
}

/** `$XDG_CONFIG_HOME`, else `~/.config`. */
function configHome(env: Env): string {
  return env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.length > 0
    ? env.XDG_CONFIG_HOME
    : join(homedir(), ".config");
}

/** The user config of older unitc versions (`~/.config/units/config.json`), read when it is the only one. */
export function legacyUserConfigPath(env: Env = process.env): string {
  return join(configHome(env), "units", "config.json");
}

/**
 * `current`, unless only `legacy` exists: unitc's folders used to be named `units`, and a user who
 * has only the old one keeps it until they move it.
 */
export function currentOrLegacy(current: string, legacy: string): string {
  return !existsSync(current) && existsSync(legacy) ? legacy : current;
}

/**
 * Where the user config lives: `$XDG_CONFIG_HOME/unitc/config.json`, else
 * `~/.config/unitc/config.json`. When only the older `units/config.json` exists, that one (the
 * compiler's loader says so with a notice). The CLI and the runtime both find it here.
 */
export function userConfigPath(env: Env = process.env): string {
  return currentOrLegacy(join(configHome(env), "unitc", "config.json"), legacyUserConfigPath(env));
}
