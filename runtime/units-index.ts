/**
 * `units-index.json`, written beside `manifest.json` at compile time: each unit's ID, kind, name,
 * description and exposure, and each operation's names, one-line summary and call signature. The
 * commands that only name things (`unitc list`, `search`, `inspect`'s headers, shell completion) read
 * it instead of the manifest, whose schemas make it many times larger (3.3 MB for GitHub REST, tens of
 * milliseconds to read in a new process). It records the manifest's size in bytes: a summary beside a
 * manifest of another size is stale, and the reader falls back to the manifest itself. This module
 * only reads (it loads nothing else); `units-index-build.ts` makes the summary.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Exposure, Manifest } from "./manifest.js";

/** The summary's file name, beside the manifest. */
export const UNITS_INDEX_FILE = "units-index.json";

/** Bumped when the summary changes incompatibly; another format is ignored like a stale one. */
export const UNITS_INDEX_FORMAT = 1;

/** One operation as the summary holds it. */
export interface IndexedOperation {
  name: string;
  tsName: string;
  /** The description's first line (as `search_tools` hits show it). */
  summary: string;
  /** `name(input: …): Promise<…>`, without the `units.<id>.` prefix. */
  signature: string;
}

/** One unit as the summary holds it. */
export interface IndexedUnit {
  id: string;
  kind: string;
  name: string;
  description: string;
  exposure: Exposure;
  operations: IndexedOperation[];
}

/** The whole summary. */
export interface UnitsIndex {
  format: typeof UNITS_INDEX_FORMAT;
  /** The size in bytes of the `manifest.json` this summary was made from. */
  manifestBytes: number;
  settings: Manifest["settings"];
  units: IndexedUnit[];
}

function isIndex(data: Partial<UnitsIndex> | null, manifestBytes: number): data is UnitsIndex {
  return (
    data?.format === UNITS_INDEX_FORMAT &&
    data.manifestBytes === manifestBytes &&
    typeof data.settings === "object" &&
    data.settings !== null &&
    Array.isArray(data.units) &&
    data.units.every((unit) => typeof unit?.id === "string" && Array.isArray(unit.operations))
  );
}

/**
 * The summary beside the manifest at `manifestPath`, or undefined when it is missing, unreadable,
 * of another format, or made from a manifest of another size (callers then read the manifest).
 */
export function readUnitsIndex(manifestPath: string): UnitsIndex | undefined {
  try {
    const manifestBytes = statSync(manifestPath).size;
    const data = JSON.parse(readFileSync(join(dirname(manifestPath), UNITS_INDEX_FILE), "utf8"));
    return isIndex(data, manifestBytes) ? data : undefined;
  } catch {
    return undefined;
  }
}
