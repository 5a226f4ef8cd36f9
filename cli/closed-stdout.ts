/**
 * A reader that stopped early (`unitc list | head -1`) ends the command quietly, with its exit code;
 * any other failure to write standard output is one line, never a stack trace. Serving over stdio
 * is left to its transport, which owns standard output.
 */

/** Ends the process quietly when standard output's reader has gone. */
export function endQuietlyOnClosedStdout(): void {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    process.stderr.write(`unitc: cannot write to standard output: ${error.message}\n`);
    process.exit(1);
  });
}
