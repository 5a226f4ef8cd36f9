/** Where the user config lives (a module of its own: the build record needs it without the loader). */
import { homedir } from "node:os";
import { join } from "node:path";

/** Where the user config lives: `$XDG_CONFIG_HOME/units/config.json`, else `~/.config/units/config.json`. */
export function userConfigPath(env: Record<string, string | undefined> = process.env): string {
  const base =
    env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.length > 0 ? env.XDG_CONFIG_HOME : join(homedir(), ".config");
  return join(base, "units", "config.json");
}
