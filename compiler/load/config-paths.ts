/**
 * Where a project's config files are (a module of its own: watch mode and the build record need the
 * paths without the loader).
 */
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** `$XDG_CONFIG_HOME`, else `~/.config`. */
function configHome(env: Record<string, string | undefined>): string {
  return env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.length > 0
    ? env.XDG_CONFIG_HOME
    : join(homedir(), ".config");
}

/** The user config of older unitc versions (`~/.config/units/config.json`), read when it is the only one. */
export function legacyUserConfigPath(env: Record<string, string | undefined> = process.env): string {
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
 * loader says so with a notice).
 */
export function userConfigPath(env: Record<string, string | undefined> = process.env): string {
  return currentOrLegacy(join(configHome(env), "unitc", "config.json"), legacyUserConfigPath(env));
}

export interface ConfigPathOptions {
  projectDir: string;
  configFile?: string;
  userConfigFile?: string | false;
  env?: Record<string, string | undefined>;
}

/**
 * The project config file (`<project>/.units/config.json`, or the one named) and the user config file
 * (none when it is switched off). Each file's folder is its units root.
 */
export function configFiles(options: ConfigPathOptions): { project: string; user?: string } {
  const projectDir = resolve(options.projectDir);
  const project = options.configFile
    ? resolve(projectDir, options.configFile)
    : join(projectDir, ".units", "config.json");
  if (options.userConfigFile === false) return { project };
  return { project, user: options.userConfigFile ?? userConfigPath(options.env) };
}
