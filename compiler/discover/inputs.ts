/**
 * The local files a unit's discovery reads (specs, `$ref`ed files, schemas, operation documents),
 * with a hash of the text it read, recorded while it runs. Watch mode watches them, and a unit is
 * rediscovered only when its config or one of them changed.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { resolve } from "node:path";
import { MISSING, textHash } from "../file-hashes.js";

const current = new AsyncLocalStorage<Map<string, string>>();

/**
 * Notes that the unit being discovered read `file` and got `text` (absent: the file was missing or
 * unreadable). Outside {@link trackInputs} it does nothing.
 */
export function recordInput(file: string, text?: string): void {
  current.getStore()?.set(resolve(file), text === undefined ? MISSING : textHash(text));
}

/** Runs `work`, returning its value and the files it recorded (path → hash of what was read). */
export async function trackInputs<T>(
  work: () => Promise<T>,
): Promise<{ value: T; inputs: Map<string, string> }> {
  const files = new Map<string, string>();
  const value = await current.run(files, work);
  return { value, inputs: new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
}
