/**
 * Waits for a `unitc serve` child process to say where it listens: the URL of its first
 * `listening on URL` line on stderr, or a rejection with everything it wrote if it exits first.
 */
import type { ChildProcess } from "node:child_process";

/** What a started server said: its URL and, read later, all it has written to stderr. */
export interface Listening {
  url: string;
  stderr: () => string;
}

/** Resolves once `child` logs `listening on URL`; rejects if it exits before. */
export function listening(child: ChildProcess): Promise<Listening> {
  let stderr = "";
  return new Promise<Listening>((resolve, reject) => {
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /listening on (\S+)/.exec(stderr);
      if (match?.[1]) resolve({ url: match[1], stderr: () => stderr });
    });
    child.once("exit", (code) => reject(new Error(`unitc serve exited with ${code}:\n${stderr}`)));
  });
}
