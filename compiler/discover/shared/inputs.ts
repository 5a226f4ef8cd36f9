/**
 * The local files a unit's discovery reads (specs, `$ref`ed files, schemas, operation documents),
 * with a hash of the text it read, recorded while it runs. Watch mode watches them, and a unit is
 * rediscovered only when its config or one of them changed.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { resolve } from "node:path";
import { MISSING, textHash } from "../../shared/file-hashes.js";

interface Reads {
  files: Map<string, string>;
  remote: boolean;
}

const current = new AsyncLocalStorage<Reads>();

/**
 * Notes that the unit being discovered read `file` and got `text` (absent: the file was missing or
 * unreadable). Outside {@link trackInputs} it does nothing.
 */
export function recordInput(file: string, text?: string): void {
  current.getStore()?.files.set(resolve(file), text === undefined ? MISSING : textHash(text));
}

/**
 * Notes that the unit being discovered depends on something outside the project's files (a fetched
 * or cached document, an MCP server): its outcome may change with nothing local changing.
 */
export function recordRemote(): void {
  const reads = current.getStore();
  if (reads) reads.remote = true;
}

/** Runs `work`, returning its value, the files it recorded (path → hash of what was read), and whether it reached anything remote. */
export async function trackInputs<T>(
  work: () => Promise<T>,
): Promise<{ value: T; inputs: Map<string, string>; remote: boolean }> {
  const reads: Reads = { files: new Map(), remote: false };
  const value = await current.run(reads, work);
  const inputs = new Map([...reads.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { value, inputs, remote: reads.remote };
}
