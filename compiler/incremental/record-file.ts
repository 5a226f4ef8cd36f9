/**
 * Where the build record of an output folder is kept (`<cache>/builds/`), reading it, and keeping in
 * it the stamps a check found settled: what both a compile's check and `unitc serve`'s write back.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { specCacheDir } from "../discover/sources/cache.js";
import { writeAtomically } from "../shared/write-atomically.js";
import type { FileState } from "./file-states.js";

/** The record's shape: a record of another format is not used (a full compile writes a new one). */
export const FORMAT = 4;

/** The states a record keeps: of the files the compile read, and of those it wrote. */
export interface RecordedStates {
  sources: Record<string, FileState>;
  outputs: Record<string, FileState>;
}

/** The file the record of the output folder `outDir` is kept in. */
export function recordFile(outDir: string): string {
  const name = createHash("sha256").update(resolve(outDir)).digest("hex").slice(0, 32);
  return join(specCacheDir("builds"), `${name}.json`);
}

/** The record of `outDir` when there is one of this {@link FORMAT}. */
export async function readRecordFile<T extends RecordedStates>(outDir: string): Promise<T | undefined> {
  try {
    const record = JSON.parse(await readFile(recordFile(outDir), "utf8")) as T & { format?: number };
    return record.format === FORMAT ? record : undefined;
  } catch {
    return undefined;
  }
}

const sameState = (a: FileState | undefined, b: FileState | undefined) =>
  a !== undefined &&
  b !== undefined &&
  a.stamp === b.stamp &&
  a.hash === b.hash &&
  a.unsettled === b.unsettled;

/**
 * Keeps in the record of `outDir` the `settled` states a check of `checked` found (files whose text
 * was read, found as recorded, and whose stamp has settled since), so the next check of each is a
 * stat. Best effort: else they are read again next time.
 *
 * The record is read again first, and an entry is replaced only while it is still the one checked: a
 * compile may have recorded the folder anew (or forgotten it) since. What is written only vouches for
 * a file by a stamp taken before its text was found to be the recorded one, so even a record that
 * comes back in the instant between that read and the write (a compile forgetting it, then failing)
 * vouches for nothing it does not hold: each of its files is checked by stamp or text as ever.
 */
export async function keepSettled(
  outDir: string,
  checked: RecordedStates,
  settled: RecordedStates,
): Promise<void> {
  if (Object.keys(settled.sources).length + Object.keys(settled.outputs).length === 0) return;
  const now = await readRecordFile(outDir);
  if (!now) return;
  let kept = false;
  for (const kind of ["sources", "outputs"] as const) {
    for (const [key, state] of Object.entries(settled[kind])) {
      if (!sameState(now[kind][key], checked[kind][key])) continue;
      now[kind][key] = state;
      kept = true;
    }
  }
  if (kept) await writeAtomically(recordFile(outDir), JSON.stringify(now)).catch(() => undefined);
}
