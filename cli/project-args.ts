/** The flags that name a project, shared by `validate`, `compile` and `dev` (light: no compiler). */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import { discoverProject } from "./find-project.js";
import { type CliIO, UsageError } from "./io.js";

export const projectArgs = {
  project: {
    type: "string",
    description: "Project folder (holds .units/; default: the nearest one from here upward)",
    valueHint: "DIR",
  },
  config: {
    type: "string",
    description: "Project config file (its folder is the units root)",
    valueHint: "FILE",
  },
  "user-config": {
    type: "string",
    description: "User config file, or 'none' (default $XDG_CONFIG_HOME/unitc/config.json)",
    valueHint: "FILE",
  },
} as const;

/** `--include-user-units`, for the commands that write a bundle (`compile`, `dev`). */
export const includeUserUnitsArg = {
  "include-user-units": {
    type: "boolean",
    description: "Compile the user config's units into this bundle too (default: project units only)",
  },
} as const;

/**
 * The project folder: the one `--project` names, the working folder when `--config` names the config,
 * else the nearest folder from the working folder upward that holds `.units/` (PROJECT_NOT_FOUND
 * without one; `orHere` makes it the working folder instead, for commands that create the project).
 */
function projectDirOf(io: CliIO, args: { project?: string; config?: string }, orHere: boolean): string {
  if (args.project !== undefined || args.config !== undefined) return resolve(io.cwd, args.project ?? ".");
  if (orHere) {
    try {
      return discoverProject(io);
    } catch {
      return io.cwd;
    }
  }
  return discoverProject(io);
}

/**
 * Turns the shared project flags into load options. A project folder that is not there is a wrong
 * command line (exit 2), not an empty project: nothing is validated, and nothing written there.
 */
export function projectOptions(
  io: CliIO,
  args: { project?: string; config?: string; "user-config"?: string; "include-user-units"?: boolean },
  orHere = false,
) {
  const userConfig = args["user-config"];
  const projectDir = projectDirOf(io, args, orHere);
  if (!statSync(projectDir, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`project folder ${projectDir} does not exist or is not a folder`);
  return {
    projectDir,
    ...(args.config ? { configFile: resolve(io.cwd, args.config) } : {}),
    userConfigFile:
      userConfig === "none" ? (false as const) : userConfig ? resolve(io.cwd, userConfig) : undefined,
    env: io.env,
    ...(args["include-user-units"] === true ? { includeUserUnits: true } : {}),
  };
}
