/**
 * The built CLI (`dist/cli/main.cjs`, the package's bin), for tests that run `unitc` as a real child process. The
 * suite's global setup (test/support/global-setup.ts) builds dist/ first when it is stale.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository folder. */
export const REPO = fileURLToPath(new URL("../../", import.meta.url));

/** The built CLI's entry file. */
export const BUILT_CLI = join(REPO, "dist/cli/main.cjs");

/** A finished run of the built CLI: its exit code and what it printed. */
export interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the built CLI with `args` in `cwd` (the repository) and `env`, `stdin` piped in; resolves with
 * its exit code and output.
 */
export function runBuiltCli(
  args: readonly string[],
  env: Record<string, string> = { PATH: process.env.PATH ?? "" },
  cwd = REPO,
  stdin = "",
): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_CLI, ...args], {
      cwd,
      env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}
