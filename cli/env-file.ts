/**
 * `--env-file FILE` for the commands that resolve `env:` references (serve, dev, run, call, auth,
 * doctor): the file's variables join the environment, and a variable already set in the environment
 * wins, as with Node's own `--env-file`. The values are never printed.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseEnv } from "node:util";
import { type CliIO, UsageError } from "./io.js";

export const envFileArg = {
  "env-file": {
    type: "string",
    description: "Read variables for env: references from this file (KEY=value lines, like .env)",
    valueHint: "FILE",
  },
} as const;

/** `io` with the variables of `file` (relative to the working folder) added to its environment. */
export function withEnvFile(io: CliIO, file: string | undefined): CliIO {
  if (file === undefined) return io;
  const path = resolve(io.cwd, file);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    throw new UsageError(`--env-file ${file}: cannot read ${path}`);
  }
  const fromFile = parseEnv(text) as Record<string, string>;
  return { ...io, env: { ...fromFile, ...io.env } };
}
