/**
 * Whether a compiled bundle is older than its sources (the unit files and config files the last
 * compile into its folder read, by its build record, as they are now), and whether its own files are
 * still as that compile wrote them. `unitc serve` says so when it starts, so a unit edited without
 * compiling again, or a bundle file edited by hand, is not served without a word.
 */
import { basename, dirname, resolve, sep } from "node:path";
import { listUnitFiles } from "../load/units-root.js";
import { fileStamp, fileTextHash } from "../shared/file-hashes.js";
import { type BuildRecord, outputFiles, recordedSourcesOf } from "./build-record.js";
import { checkState } from "./file-states.js";

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
 * The record is never written here: a stamp that had not settled is checked by its text each time.
 */
export async function staleBundle(
  outDir: string,
): Promise<{ sources: StaleSource[]; outputs: StaleOutput[] }> {
  const record = await recordedSourcesOf(outDir);
  if (!record) return { sources: [], outputs: [] };
  return { sources: await sourcesAgainst(record), outputs: await outputsAgainst(outDir, record.outputs) };
}

async function outputsAgainst(outDir: string, recorded: BuildRecord["outputs"]): Promise<StaleOutput[]> {
  const now = await outputFiles(resolve(outDir));
  const found: StaleOutput[] = now
    .filter((file) => !(file in recorded))
    .map((file) => ({ file, change: "added" }));
  const listed = new Set(now);
  for (const [file, state] of Object.entries(recorded)) {
    if (!listed.has(file)) found.push({ file, change: "removed" });
    else if ((await checkState(resolve(outDir, file), state)) === "changed")
      found.push({ file, change: "changed" });
  }
  return found.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

async function sourcesAgainst(record: Pick<BuildRecord, "roots" | "sources">): Promise<StaleSource[]> {
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
