/**
 * What changed on disk since a watch build read it. An edit can land while the build runs, or before
 * the watcher listens (the first build, a spec a unit has just named), and one event can stand for
 * several writes: the build then read half a file and no later event says so. Comparing what was
 * read with what is there now after each build catches every such edit, without waiting for writes
 * to settle. The project's watcher and `unitc dev`'s watcher of the user's own units both use it.
 */
import type { BuildReads } from "./load/read-log.js";
import { listUnitFiles } from "./load/units-root.js";
import type { FileHashes } from "./shared/file-hashes.js";

/**
 * Each file whose text differs from the text the build read, and each units root that lists other
 * unit files than it did, with what is there now (a text hash, or the listing).
 */
export async function changedSinceRead(reads: BuildReads, hashes: FileHashes): Promise<Map<string, string>> {
  const changed = new Map<string, string>();
  const files = [...reads.files.keys()];
  const now = await hashes.all(files);
  files.forEach((file, i) => {
    const hash = now[i] as string;
    if (hash !== reads.files.get(file)) changed.set(file, hash);
  });
  await Promise.all(
    [...reads.roots].map(async ([root, listed]) => {
      const listing = (await listUnitFiles(root)).entries.map((entry) => entry.file).join("\n");
      if (listing !== listed.join("\n")) changed.set(root, `listing:${listing}`);
    }),
  );
  return changed;
}

/**
 * Compares what each build read with the disk, for one watcher: a path that differs is reported
 * once for each state it is found in (a file discovery notes but cannot read, a folder say, differs
 * every time), so a build that reads it again but cannot settle it does not rebuild forever.
 */
export class ReadBack {
  /** Paths reported, with what was there then. */
  readonly #reported = new Map<string, string>();

  /** The paths that differ from what `reads` noted and were not reported in the state they are in now. */
  async changed(reads: BuildReads, hashes: FileHashes): Promise<string[]> {
    const changed = await changedSinceRead(reads, hashes);
    for (const path of this.#reported.keys()) if (!changed.has(path)) this.#reported.delete(path);
    const fresh = [...changed].filter(([path, now]) => this.#reported.get(path) !== now);
    for (const [path, now] of fresh) this.#reported.set(path, now);
    return fresh.map(([path]) => path);
  }
}
