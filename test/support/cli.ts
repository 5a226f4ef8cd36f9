/** Runs the CLI in-process with captured output. */
import { runCli } from "../../cli/index.js";
import type { CliIO } from "../../cli/io.js";
import { suiteTrust } from "./trust-env.js";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `unitc <argv>` with `cwd` as the working directory and `env` (empty by default) plus the
 * suite's trust in its projects, unless `env` sets `UNITC_TRUST` itself (to undefined, to take it out).
 */
export async function runUnitc(
  argv: readonly string[],
  cwd: string,
  env: Record<string, string | undefined> = {},
  terminal: Pick<CliIO, "stdoutIsTTY" | "stdinIsTTY" | "stderrIsTTY"> = {},
): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const io: CliIO = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    cwd,
    env: { ...suiteTrust(), ...env },
    ...terminal,
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}
