/**
 * Where a project's config files are (a module of its own: watch mode and the build record need the
 * paths without the loader).
 */
import { join, resolve } from "node:path";
import { userConfigPath } from "../../runtime/shared/user-dirs.js";

// The user config's place is the runtime's rule too (createUnits reads its storage), so it lives there.
export { currentOrLegacy, legacyUserConfigPath, userConfigPath } from "../../runtime/shared/user-dirs.js";

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
