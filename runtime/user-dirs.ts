/**
 * unitc's folders in the user's home, after the XDG base directory spec: config, data, state and
 * cache, each `<base>/unitc`. They belong to the user alone: nothing unitc reads back as code or
 * secrets goes in a shared folder such as the system temp folder.
 * https://specifications.freedesktop.org/basedir-spec/latest/
 */
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
