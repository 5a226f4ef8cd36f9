/** Runs the built `unitc` as a real process with a home of its own (storage, configs) for setup tests. */
import { execFile } from "node:child_process";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { BUILT_CLI } from "../support/built-cli.js";
import { suiteTrust } from "../support/trust-env.js";

export interface ProcessRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment of a run: PATH, a HOME and XDG folders under `dir`, the suite's trust, plus `extra`. */
export async function isolatedEnv(
  dir: string,
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  const home = join(dir, ".home");
  await mkdir(home, { recursive: true });
  return {
    PATH: `${join(dir, "bin")}:${process.env.PATH ?? ""}`,
    HOME: home,
    XDG_CONFIG_HOME: join(home, "config"),
    XDG_DATA_HOME: join(home, "data"),
    XDG_STATE_HOME: join(home, "state"),
    XDG_CACHE_HOME: join(home, "cache"),
    ...suiteTrust(),
    ...extra,
  };
}

/** `unitc <args>` run by the built CLI in `cwd`, with `input` on its stdin (closed at once otherwise). */
export function runBuilt(
  args: readonly string[],
  cwd: string,
  env: Record<string, string>,
  input = "",
): Promise<ProcessRun> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [BUILT_CLI, ...args], { cwd, env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
    child.stdin?.end(input);
  });
}
