/**
 * `units-index.json`, written beside `manifest.json` at compile time: each unit's ID, kind, name,
 * description, exposure and operation count. Each operation's names, one-line summary and call
 * signature are the search index's documents (`search-index.json`, written with it), read from there
 * so a bundle holds them once. `unitc list` and `search` read the summary alone; shell completion
 * joins in the operations. Either way the manifest, whose schemas make it many times larger (3.3 MB
 * for GitHub REST, tens of milliseconds to read in a new process), is not read. The summary records
 * the manifest's size in bytes: a summary beside a manifest of another size, or one whose operation
 * counts the search index does not match, is stale, and the reader falls back to the manifest
 * itself. This module only reads (it loads no other code of weight); `units-index-build.ts` makes it.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Exposure, Manifest } from "../contract/manifest.js";
import { readBesideManifest } from "../contract/manifest-sidecar.js";
import { isPacked, unpackDocuments } from "./packed.js";

/** The summary's file name, beside the manifest. */
export const UNITS_INDEX_FILE = "units-index.json";

/** The search index's file, beside the manifest: its documents are the operations. */
export const SEARCH_INDEX_FILE = "search-index.json";

/** Bumped when the summary changes incompatibly; another format is ignored like a stale one. */
export const UNITS_INDEX_FORMAT = 2;

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

/** One unit as the file holds it: its operations are counted, and listed by the search index. */
export type StoredUnit = Omit<IndexedUnit, "operations"> & { operationCount: number };

/** The whole summary, operations joined in. */
export interface UnitsIndex {
  format: typeof UNITS_INDEX_FORMAT;
  /** The size in bytes of the `manifest.json` this summary was made from. */
  manifestBytes: number;
  settings: Manifest["settings"];
  units: IndexedUnit[];
}

function isStored(value: unknown, manifestBytes: number): value is UnitsSummary {
  const data = value as Partial<UnitsSummary> | null;
  return (
    data?.format === UNITS_INDEX_FORMAT &&
    data.manifestBytes === manifestBytes &&
    typeof data.settings === "object" &&
    data.settings !== null &&
    Array.isArray(data.units) &&
    data.units.every((unit) => typeof unit?.id === "string" && Number.isSafeInteger(unit.operationCount))
  );
}

/** The summary as the file holds it: units with their operation counts. */
export type UnitsSummary = Omit<UnitsIndex, "units"> & { units: StoredUnit[] };

/** A search index document: one operation. */
interface SearchDocument {
  unit: string;
  operation: string;
  tsName: string;
  summary: string;
  signature: string;
}

/** The search index's documents grouped by unit, or undefined when they are not there as expected. */
function operationsByUnit(file: string): Map<string, IndexedOperation[]> | undefined {
  const data = JSON.parse(readFileSync(file, "utf8")) as { documents?: unknown } | null;
  const documents = isPacked(data) ? unpackDocuments(data) : data?.documents;
  if (!Array.isArray(documents)) return undefined;
  const byUnit = new Map<string, IndexedOperation[]>();
  for (const doc of documents as SearchDocument[]) {
    if (typeof doc?.unit !== "string" || typeof doc.tsName !== "string") return undefined;
    const list = byUnit.get(doc.unit) ?? [];
    if (list.length === 0) byUnit.set(doc.unit, list);
    list.push({ name: doc.operation, tsName: doc.tsName, summary: doc.summary, signature: doc.signature });
  }
  return byUnit;
}

/**
 * The summary beside the manifest at `manifestPath` as the file holds it (units and operation
 * counts, enough for `unitc list` and `search`), or undefined when it is missing, unreadable, of
 * another format, or made from a manifest of another size (callers then read the manifest).
 */
export function readUnitsSummary(manifestPath: string): UnitsSummary | undefined {
  return readBesideManifest(manifestPath, UNITS_INDEX_FILE, isStored);
}

/**
 * The summary with each unit's operations joined in from the search index beside it, or undefined
 * when either is missing, unreadable, stale, or they disagree on a unit's operations.
 */
export function readUnitsIndex(manifestPath: string): UnitsIndex | undefined {
  const summary = readUnitsSummary(manifestPath);
  if (!summary) return undefined;
  try {
    const byUnit = operationsByUnit(join(dirname(manifestPath), SEARCH_INDEX_FILE));
    if (!byUnit) return undefined;
    const units: IndexedUnit[] = [];
    for (const { operationCount, ...unit } of summary.units) {
      const operations = byUnit.get(unit.id) ?? [];
      if (operations.length !== operationCount) return undefined;
      units.push({ ...unit, operations });
    }
    return { ...summary, units };
  } catch {
    return undefined;
  }
}
