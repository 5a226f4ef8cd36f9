/**
 * Whether a compiled bundle is older than its sources (the unit files and config files the last
 * compile into its folder read, by its build record, as they are now), and whether its own files are
 * still as that compile wrote them. `unitc serve` says so when it starts, so a unit edited without
 * compiling again, or a bundle file edited by hand, is not served without a word.
 */
import { basename, dirname, resolve, sep } from "node:path";
import { listUnitFiles } from "../load/units-root.js";
import { type BuildRecord, outputFiles, recordedSourcesOf } from "./build-record.js";
import { checkState, type FileState } from "./file-states.js";
import { keepSettled } from "./record-file.js";

/** A source that differs from what the compile read, or an output from what it wrote. */
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
  return (await staleBundle(outDir)).sources;
}

/** What changed among the files of the bundle in `outDir` since the compile wrote them (see {@link staleBundle}). */
export async function staleOutputs(outDir: string): Promise<StaleOutput[]> {
  return (await staleBundle(outDir)).outputs;
}

/** An output file (relative to the output folder, `/` between folders) that is not as unitc wrote it. */
export interface StaleOutput {
  file: string;
  change: StaleSource["change"];
}

/**
 * What changed since the bundle in `outDir` was compiled, by its build record (read once): among its
 * sources, and among its own files (by the recorded stamp, a stat, else by the text unitc wrote;
 * one the folder holds that the record does not list is added). Nothing when there is no record.
 *
 * A file whose stamp was unsettled is read, and once it has settled and holds the recorded text, its
 * stamp is kept in the record (`keepSettled`), as a compile's check does: else every `unitc serve`
 * until the next compile would read the whole bundle again (GitHub REST's 5.77 MB). Serve may write
 * the record because what it keeps is what the check proved (a stamp taken before the text was read
 * and found as recorded, after the racy window), only over entries still as it read them; it never
 * vouches for a file it did not read, and a lost write costs one more read (git's `status` refreshes
 * its index the same way).
 */
export async function staleBundle(
  outDir: string,
): Promise<{ sources: StaleSource[]; outputs: StaleOutput[] }> {
  const record = await recordedSourcesOf(outDir);
  if (!record) return { sources: [], outputs: [] };
  const settled = { sources: {}, outputs: {} };
  const sources = await sourcesAgainst(record, settled.sources);
  const outputs = await outputsAgainst(outDir, record.outputs, settled.outputs);
  await keepSettled(outDir, record, settled);
  return { sources, outputs };
}

/** The recorded state of `file` checked (see `checkState`); a settled one is put in `settled`. */
async function changed(
  file: string,
  key: string,
  state: FileState,
  settled: Record<string, FileState>,
): Promise<boolean> {
  const found = await checkState(file, state);
  if (found !== "same" && found !== "changed") settled[key] = found;
  return found === "changed";
}

async function outputsAgainst(
  outDir: string,
  recorded: BuildRecord["outputs"],
  settled: Record<string, FileState>,
): Promise<StaleOutput[]> {
  const now = await outputFiles(resolve(outDir));
  const found: StaleOutput[] = now
    .filter((file) => !(file in recorded))
    .map((file) => ({ file, change: "added" }));
  const listed = new Set(now);
  for (const [file, state] of Object.entries(recorded)) {
    if (!listed.has(file)) found.push({ file, change: "removed" });
    else if (await changed(resolve(outDir, file), file, state, settled))
      found.push({ file, change: "changed" });
  }
  return found.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

async function sourcesAgainst(
  record: Pick<BuildRecord, "roots" | "sources">,
  settled: Record<string, FileState>,
): Promise<StaleSource[]> {
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
    if (!gone.has(file) && (await changed(file, file, state, settled))) add(file, "changed");
  }
  return found;
}
