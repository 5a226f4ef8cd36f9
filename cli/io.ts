/** The CLI's view of the outside world, injectable so tests run commands in-process. */
import { text } from "node:stream/consumers";

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Ends long-running commands (`serve`); without it they stop on SIGINT or SIGTERM. */
  signal?: AbortSignal;
  /** Reads all of standard input (`unitc run -`). */
  stdin?: () => Promise<string>;
}

/** The real process streams. */
export function processIO(): CliIO {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
    env: process.env,
    stdin: () => text(process.stdin),
  };
}

/** Resolves when `signal` aborts, or on SIGINT/SIGTERM when there is none. */
export function stopped(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal) {
      if (signal.aborted) resolve();
      else signal.addEventListener("abort", () => resolve(), { once: true });
      return;
    }
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
}

/** A wrong command line: reported with a pointer to `--help`, exit 2. */
export class UsageError extends Error {}

/** Exit codes: 0 clean, 1 the input has errors, 2 the command line is wrong, 3 a bug in unitc. */
export const EXIT_OK = 0;
export const EXIT_ERRORS = 1;
export const EXIT_USAGE = 2;
export const EXIT_INTERNAL = 3;
