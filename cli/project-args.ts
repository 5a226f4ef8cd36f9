/** The flags that name a project, shared by `validate`, `compile` and `dev` (light: no compiler). */
import { resolve } from "node:path";
import type { CliIO } from "./io.js";

export const projectArgs = {
  project: { type: "string", description: "Project folder (holds .units/)", valueHint: "DIR" },
  config: {
    type: "string",
    description: "Project config file (its folder is the units root)",
    valueHint: "FILE",
  },
  "user-config": {
    type: "string",
    description: "User config file, or 'none' (default $XDG_CONFIG_HOME/units/config.json)",
    valueHint: "FILE",
  },
} as const;

/** Turns the shared project flags into load options. */
export function projectOptions(
  io: CliIO,
  args: { project?: string; config?: string; "user-config"?: string },
) {
  const userConfig = args["user-config"];
  return {
    projectDir: resolve(io.cwd, args.project ?? "."),
    ...(args.config ? { configFile: resolve(io.cwd, args.config) } : {}),
    userConfigFile:
      userConfig === "none" ? (false as const) : userConfig ? resolve(io.cwd, userConfig) : undefined,
    env: io.env,
  };
}
