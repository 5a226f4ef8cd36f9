/**
 * The project's own sources as they were before a compile: its units roots' listings and the stamp of
 * each config and unit file. The build record takes one before a compile and another after it; a
 * difference means a source changed while the compile ran, and nothing is recorded.
 */
import { dirname } from "node:path";
import { canonicalJson } from "../../runtime/shared/canonical.js";
import { type ConfigPathOptions, configFiles } from "../load/config-paths.js";
import { listUnitFiles } from "../load/units-root.js";
import { type Stamp, takeStamp } from "../shared/file-hashes.js";

/** What the project's own files were before a compile (see {@link snapshotSources}). */
export interface SourceSnapshot {
  roots: Record<string, string[]>;
  stamps: Record<string, Stamp>;
}

/** The unit files a units root lists now. */
export async function listRoot(root: string): Promise<string[]> {
  return (await listUnitFiles(root)).entries.map((entry) => entry.file);
}

/** The project's roots and files as they are now; taken before a compile, checked after it. */
export async function snapshotSources(options: ConfigPathOptions): Promise<SourceSnapshot> {
  const files = configFiles(options);
  const roots: Record<string, string[]> = {};
  const configs = [files.project, ...(files.user ? [files.user] : [])];
  const paths = [...configs];
  for (const config of configs) {
    const listed = await listRoot(dirname(config));
    roots[dirname(config)] = listed;
    paths.push(...listed);
  }
  const stamps: Record<string, Stamp> = {};
  for (const file of paths) stamps[file] = await takeStamp(file);
  return { roots, stamps };
}

/** The same roots and stamps, settled or not: nothing the snapshot saw changed in between. */
export function sameSnapshot(a: SourceSnapshot, b: SourceSnapshot): boolean {
  const plain = (s: SourceSnapshot) =>
    canonicalJson({ roots: s.roots, stamps: Object.entries(s.stamps).map(([file, t]) => [file, t.stamp]) });
  return plain(a) === plain(b);
}
