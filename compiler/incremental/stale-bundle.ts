/**
 * Whether a compiled bundle is older than its sources: the unit files and config files the last
 * compile into its folder read (its build record), as they are now. `unitc serve` says so when it
 * starts, so a unit edited without compiling again is not served as it was without a word.
 */
import { basename, dirname, sep } from "node:path";
import { listUnitFiles } from "../load/units-root.js";
import { fileStamp, fileTextHash } from "../shared/file-hashes.js";
import { type BuildRecord, recordedSourcesOf } from "./build-record.js";

/** A source that differs from what the compile read. */
export interface StaleSource {
  file: string;
  /** The unit the file belongs to; none for a config file. */
  unit?: string;
  change: "changed" | "added" | "removed";
}

/** The unit a unit file (`<id>.md` or `<id>/UNIT.md`) declares. */
function unitOfFile(file: string): string {
  return basename(file) === "UNIT.md" ? basename(dirname(file)) : basename(file).replace(/\.md$/, "");
}

/** The unit whose file or folder holds `file`, when it lies in one of the recorded units roots. */
function unitOf(file: string, roots: BuildRecord["roots"]): string | undefined {
  for (const [root, files] of Object.entries(roots)) {
    if (files.includes(file)) return unitOfFile(file);
    if (!file.startsWith(root + sep)) continue;
    const folder = file.slice(root.length + 1).split(sep)[0] as string;
    if (files.includes(`${root}${sep}${folder}${sep}UNIT.md`)) return folder;
  }
  return undefined;
}

/**
 * What changed among the sources of the bundle in `outDir` since it was compiled, by its build
 * record; empty when nothing did, or when there is no record to compare with (then nothing is known).
 */
export async function staleSources(outDir: string): Promise<StaleSource[]> {
  const record = await recordedSourcesOf(outDir);
  if (!record) return [];
  const found: StaleSource[] = [];
  const add = (file: string, change: StaleSource["change"], unit = unitOf(file, record.roots)) =>
    found.push({ file, change, ...(unit !== undefined ? { unit } : {}) });
  for (const [root, files] of Object.entries(record.roots)) {
    const now = (await listUnitFiles(root)).entries.map((entry) => entry.file);
    for (const file of now) if (!files.includes(file)) add(file, "added", unitOfFile(file));
    for (const file of files) if (!now.includes(file)) add(file, "removed", unitOfFile(file));
  }
  const gone = new Set(found.map((source) => source.file));
  for (const [file, state] of Object.entries(record.sources)) {
    if (gone.has(file) || (await fileStamp(file)) === state.stamp) continue;
    if ((await fileTextHash(file)) !== state.hash) add(file, "changed");
  }
  return found;
}
