/**
 * What the config and unit files held when a build read them, and what each units root listed, noted
 * as the loader reads: after the build, watch mode compares them with the disk, so an edit that
 * landed while the build ran, or before its watcher listened, is never left unbuilt; the build record
 * keeps them as read, so it never vouches for a text the build did not see.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { resolve } from "node:path";
import { MISSING, textHash } from "../shared/file-hashes.js";

/** Files read (path → hash of the text read, {@link MISSING} when absent) and units roots listed. */
export interface BuildReads {
  files: Map<string, string>;
  /** Units root → the unit files it listed, in the listing's order. */
  roots: Map<string, string[]>;
}

const current = new AsyncLocalStorage<BuildReads>();

/**
 * Runs `work`, noting what the loader reads while it runs. The first view of a path is kept: a path
 * read twice in one build (a units root listed for the build record, then by the loader) is
 * compared from the earliest, so any change since the build began to read it builds again. Within
 * a log already running (a recorded build in watch mode), `work` notes into that one: both see
 * every read.
 */
export async function logReads<T>(work: () => Promise<T>): Promise<{ value: T; reads: BuildReads }> {
  const running = current.getStore();
  if (running) return { value: await work(), reads: running };
  const reads: BuildReads = { files: new Map(), roots: new Map() };
  const value = await current.run(reads, work);
  return { value, reads };
}

/** Notes that `file` was read and held `text` (undefined: it was not there). Outside {@link logReads}, nothing. */
export function noteFileRead(file: string, text: string | undefined): void {
  const reads = current.getStore();
  if (reads && !reads.files.has(resolve(file)))
    reads.files.set(resolve(file), text === undefined ? MISSING : textHash(text));
}

/** Notes that `file` held the text of `hash` when checked (the build record's answer). Outside {@link logReads}, nothing. */
export function noteFileHash(file: string, hash: string): void {
  const reads = current.getStore();
  if (reads && !reads.files.has(resolve(file))) reads.files.set(resolve(file), hash);
}

/** Notes that the units root `root` listed `files`. Outside {@link logReads}, nothing. */
export function noteListing(root: string, files: readonly string[]): void {
  const reads = current.getStore();
  if (reads && !reads.roots.has(resolve(root))) reads.roots.set(resolve(root), [...files]);
}

/** Adds to `into` each path of `from` it lacks: the first view of a path is the one compared later. */
export function addReads(into: BuildReads, from: BuildReads | undefined): void {
  for (const [file, hash] of from?.files ?? []) if (!into.files.has(file)) into.files.set(file, hash);
  for (const [root, listed] of from?.roots ?? []) if (!into.roots.has(root)) into.roots.set(root, listed);
}
