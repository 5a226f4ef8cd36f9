/**
 * The local files a unit's discovery reads (specs, `$ref`ed files, schemas, operation documents),
 * with a hash of the text it read, recorded while it runs. Watch mode watches them, and a unit is
 * rediscovered only when its config or one of them changed. An MCP unit's listing is recorded too:
 * the build record checks it again (see `mcp/refresh.ts`).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { McpConnection } from "../../../runtime/contract/manifest.js";
import { bytesHash, MISSING, textHash } from "../../shared/file-hashes.js";

/** An MCP listing a unit's discovery used, kept in the build record so a no-change compile can check it. */
export interface ServerListing {
  /** The listing's build-cache key (see `listingCacheKey`). */
  key: unknown;
  /** The hash of the listing as the build cache stores it. */
  hash: string;
  ttlMs: number;
  connection: McpConnection;
  unitId: string;
  baseDir: string;
  /** The bound on the listing's time that discovery applied, start included. */
  bound?: { ms: number; set: boolean };
}

interface Reads {
  files: Map<string, string>;
  /** The texts read, each with its hash, so the unit's source hash does not hash them again. */
  texts: Array<{ text: string; hash: string }>;
  remote: boolean;
  listings: ServerListing[];
}

const current = new AsyncLocalStorage<Reads>();

/**
 * Notes that the unit being discovered read `file` and got `text` (absent: the file was missing or
 * unreadable). Outside {@link trackInputs} it does nothing.
 */
export function recordInput(file: string, text?: string): void {
  if (!current.getStore()) return;
  noteRead(file, text, text === undefined ? MISSING : textHash(text));
}

/**
 * `file`'s text, read as UTF-8 (from `readFrom`, its real path, when given) and recorded as
 * {@link recordInput} records it, its hash taken from the bytes read (see `bytesHash`). Throws as
 * `readFile` does.
 */
export async function readInput(file: string, readFrom = file): Promise<string> {
  const bytes = await readFile(readFrom);
  const text = bytes.toString("utf8");
  if (current.getStore()) noteRead(file, text, bytesHash(bytes));
  return text;
}

function noteRead(file: string, text: string | undefined, hash: string): void {
  const reads = current.getStore();
  if (!reads) return;
  reads.files.set(resolve(file), hash);
  if (text !== undefined) reads.texts.push({ text, hash });
}

/** {@link textHash} of `text`, not made again when the unit being discovered read this very text. */
export function readTextHash(text: string): string {
  const known = current.getStore()?.texts.find((read) => read.text === text);
  return known ? known.hash : textHash(text);
}

/**
 * Notes that the unit being discovered depends on something outside the project's files (a fetched
 * or cached document, an MCP server): its outcome may change with nothing local changing.
 */
export function recordRemote(): void {
  const reads = current.getStore();
  if (reads) reads.remote = true;
}

/** Notes the MCP listing the unit being discovered used. Outside {@link trackInputs} it does nothing. */
export function recordListing(listing: ServerListing): void {
  current.getStore()?.listings.push(listing);
}

/**
 * Runs `work`, returning its value, the files it recorded (path → hash of what was read), whether it
 * reached anything remote, and the MCP listings it used.
 */
export async function trackInputs<T>(
  work: () => Promise<T>,
): Promise<{ value: T; inputs: Map<string, string>; remote: boolean; listings: ServerListing[] }> {
  const reads: Reads = { files: new Map(), texts: [], remote: false, listings: [] };
  const value = await current.run(reads, work);
  const inputs = new Map([...reads.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { value, inputs, remote: reads.remote, listings: reads.listings };
}
