/** Runs `unitc serve` in-process (the real CLI command) until stopped, for tests of the served endpoint. */
import { fileURLToPath } from "node:url";
import { runCli } from "../../cli/index.js";
import { suiteTrust } from "./trust-env.js";

/** The repository root: the working directory of CLI runs unless told otherwise. */
export const REPO = fileURLToPath(new URL("../../", import.meta.url));

export interface RunningServe {
  stderr: () => string;
  stdout: () => string;
  /** Resolves with the URL once it listens, or "" when the command ends first. */
  url: Promise<string>;
  /** Stops the command; resolves with its exit code. */
  stop: () => Promise<number>;
}

/** Runs `unitc serve …argv` with `env` (plus PATH), in `cwd`. */
export function runServe(
  argv: string[],
  env: Record<string, string | undefined> = {},
  cwd: string = REPO,
): RunningServe {
  let stderr = "";
  let stdout = "";
  let found: (url: string) => void = () => undefined;
  const url = new Promise<string>((resolve) => {
    found = resolve;
  });
  const controller = new AbortController();
  const done = runCli(["serve", ...argv], {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
      const match = /listening on (\S+)/.exec(stderr);
      if (match?.[1]) found(match[1]);
    },
    cwd,
    env: { PATH: process.env.PATH, ...suiteTrust(), ...env },
    signal: controller.signal,
  });
  void done.then(() => found(""));
  return {
    stderr: () => stderr,
    stdout: () => stdout,
    url,
    stop: async () => {
      controller.abort();
      return done;
    },
  };
}
