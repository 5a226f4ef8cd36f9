/**
 * Where a project's config files are (a module of its own: watch mode and the build record need the
 * paths without the loader).
 */
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** Where the user config lives: `$XDG_CONFIG_HOME/units/config.json`, else `~/.config/units/config.json`. */
export function userConfigPath(env: Record<string, string | undefined> = process.env): string {
  const base =
    env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.length > 0 ? env.XDG_CONFIG_HOME : join(homedir(), ".config");
  return join(base, "units", "config.json");
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
