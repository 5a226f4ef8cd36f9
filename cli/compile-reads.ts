/**
 * What one `unitc compile` read, for its JSON report's `reads`: the config and unit files, the local
 * specs, schemas and documents discovery read (each with the hash of the text read) and the units roots
 * listed. A tool that runs the compile in a child process (`unitc dev`'s watcher of the user's bundle)
 * learns from it exactly which files to follow, and what each held when this build read it.
 */
import type { BuildOutcome } from "../compiler/build.js";
import { addReads, type BuildReads, logReads } from "../compiler/load/read-log.js";

/**
 * Runs a build, noting what it reads in this thread, and adds what it read elsewhere: the worker's own
 * log (its thread's reads are not this one's), and the files discovery hashed as it read them (it
 * reads specs without the loader's log).
 */
export async function loggedBuild<T extends BuildOutcome | undefined>(work: () => Promise<T>): Promise<T> {
  const { value: outcome, reads } = await logReads(work);
  if (!outcome) return outcome;
  addReads(reads, outcome.reads);
  const discovered = outcome.result?.context.discovered?.inputHashes;
  addReads(reads, discovered ? { files: new Map(discovered), roots: new Map() } : undefined);
  return { ...outcome, reads };
}

/** The reads as JSON: paths in order, each file's hash (`missing` when absent), each root's unit files. */
export function readsJson(reads: BuildReads | undefined): {
  files: Record<string, string>;
  roots: Record<string, string[]>;
} {
  const ordered = <V>(map: ReadonlyMap<string, V> | undefined) =>
    Object.fromEntries([...(map ?? [])].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { files: ordered(reads?.files), roots: ordered(reads?.roots) };
}
