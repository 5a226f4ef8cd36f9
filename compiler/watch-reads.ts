/**
 * What changed on disk since a watch build read it. An edit can land while the build runs, or before
 * the watcher listens (the first build, a spec a unit has just named), and one event can stand for
 * several writes: the build then read half a file and no later event says so. Comparing what was
 * read with what is there now after each build catches every such edit, without waiting for writes
 * to settle.
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
