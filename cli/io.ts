/** The CLI's view of the outside world, injectable so tests run commands in-process. */
import { isatty } from "node:tty";
import { terminalText } from "../runtime/shared/terminal-text.js";

export interface CliIO {
  /** Standard output; under `runCli` every write passes `terminalText` (see `terminalIO`). */
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /**
   * The CLI's own escape sequences (colour, the progress line), written as they are; every part of
   * such text that is not the CLI's own must have passed `terminalText` first.
   */
  styled?: { stdout: (text: string) => void; stderr: (text: string) => void };
  cwd: string;
  env: Record<string, string | undefined>;
  /** Ends long-running commands (`serve`); without it they stop on SIGINT or SIGTERM. */
  signal?: AbortSignal;
  /** Reads all of standard input (`unitc run -`). */
  stdin?: () => Promise<string>;
  /** Reads standard input line by line (a login's pasted callback URL); stops when iteration ends. */
  stdinLines?: () => AsyncIterable<string>;
  /**
   * Whether stdout, stdin and stderr are terminals (colour, `dev`'s stdio warning, `compile`'s
   * progress line); false when unset.
   */
  stdoutIsTTY?: boolean;
  stdinIsTTY?: boolean;
  stderrIsTTY?: boolean;
  /**
   * `compile` builds in a worker thread, so running out of memory is reported by unit
   * (cli/compile-worker.ts): the executable's own streams only; a caller in process (a script that
   * swaps `fetch`, a test) keeps the build in its thread.
   */
  buildInWorker?: boolean;
}

/**
 * `io` with stdout and stderr passed through `terminalText`, the one boundary every printed line
 * crosses, so no text a downstream, spec or unit file wrote can reach the terminal as a control
 * sequence; `styled` keeps the unsanitised streams for the CLI's own sequences.
 */
export function terminalIO(io: CliIO): CliIO {
  const styled = io.styled ?? { stdout: io.stdout, stderr: io.stderr };
  return {
    ...io,
    stdout: (text) => io.stdout(terminalText(text)),
    stderr: (text) => io.stderr(terminalText(text)),
    styled,
  };
}

/** The real process streams. */
export function processIO(): CliIO {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
    env: process.env,
    // Loaded when read (`unitc run -` only): node:stream/consumers is a part of every command's start.
    stdin: async () => (await import("node:stream/consumers")).text(process.stdin),
    stdinLines: processLines,
    stdoutIsTTY: process.stdout.isTTY === true,
    // Asked of the descriptor: reading process.stdin.isTTY would open the stream in every command.
    stdinIsTTY: isatty(0),
    stderrIsTTY: process.stderr.isTTY === true,
    buildInWorker: true,
  };
}

/**
 * Standard input's lines; ending the iteration closes stdin as well, so a process that read a line
 * or two is not kept alive by it.
 */
function processLines(): AsyncIterable<string> {
  // Loaded when read (a pasted login callback only), as stdin above is.
  const { createInterface } = process.getBuiltinModule("node:readline");
  const lines = createInterface({ input: process.stdin, terminal: false });
  const iterator = lines[Symbol.asyncIterator]();
  const stop = async (): Promise<IteratorResult<string>> => {
    lines.close();
    process.stdin.destroy();
    return { done: true, value: undefined };
  };
  return { [Symbol.asyncIterator]: () => ({ next: () => iterator.next(), return: stop }) };
}

/**
 * Colour on stdout: `NO_COLOR` (any non-empty value) turns it off, `FORCE_COLOR` on (off when it is
 * 0 or false); otherwise only when stdout is a terminal, so piped output has no escape codes.
 */
export function wantsColor(io: Pick<CliIO, "env" | "stdoutIsTTY">): boolean {
  if (io.env.NO_COLOR) return false;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force !== "false";
  return io.stdoutIsTTY === true;
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
