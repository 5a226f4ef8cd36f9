/**
 * An in-process CLI's output, captured: what it wrote to stdout and stderr, and its first stdout
 * write (a login's URL line), for tests that act on that line while the command still runs.
 */

/** The captured io for `runCli`, and what was written. */
export interface CapturedIO {
  io: {
    stdout: (text: string) => void;
    stderr: (text: string) => void;
    cwd: string;
    env: Record<string, string>;
  };
  /** The first stdout write. */
  firstLine: Promise<string>;
  stdout: () => string;
  stderr: () => string;
}

/** An io whose output is kept (stderr apart unless `mergeStderr`). */
export function captureIO(cwd: string, env: Record<string, string>, mergeStderr = false): CapturedIO {
  let stdout = "";
  let stderr = "";
  let onLine!: (line: string) => void;
  const firstLine = new Promise<string>((resolve) => {
    onLine = resolve;
  });
  return {
    io: {
      stdout: (text) => {
        stdout += text;
        onLine(text);
      },
      stderr: (text) => {
        if (mergeStderr) stdout += text;
        else stderr += text;
      },
      cwd,
      env,
    },
    firstLine,
    stdout: () => stdout,
    stderr: () => stderr,
  };
}
