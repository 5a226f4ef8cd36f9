/**
 * Rules a JSON Schema cannot state that a config and a unit file both apply: reserved IDs, IDs
 * unique in file order, and search limits in order.
 */
import { createDiagnostic, type Diagnostic } from "../codes/diagnostics.js";
import type { LoadedConfigFile } from "../load/documents.js";
import { RESERVED_IDS } from "../load/units-root.js";

/** A declared ID and where its key stands. */
export interface IdEntry {
  id: string;
  pointer: string;
  line: number;
  column: number;
}

/** Each entry whose ID an earlier one (in file order) already has, with that earlier entry. */
export function laterDuplicates(entries: IdEntry[]): Array<[entry: IdEntry, earlier: IdEntry]> {
  entries.sort((a, b) => a.line - b.line || a.column - b.column);
  const firstSeen = new Map<string, IdEntry>();
  const duplicates: Array<[IdEntry, IdEntry]> = [];
  for (const entry of entries) {
    const earlier = firstSeen.get(entry.id);
    if (earlier === undefined) firstSeen.set(entry.id, entry);
    else duplicates.push([entry, earlier]);
  }
  return duplicates;
}

/** `defaultSearchLimit` may not exceed `maxSearchLimit` when one object sets both. */
export function checkSearchLimits(
  settings: Record<string, unknown>,
  pointer: string,
  document: { sourceMap: LoadedConfigFile["sourceMap"] },
): Diagnostic[] {
  const { defaultSearchLimit, maxSearchLimit } = settings;
  if (typeof defaultSearchLimit !== "number" || typeof maxSearchLimit !== "number") return [];
  if (defaultSearchLimit <= maxSearchLimit) return [];
  return [
    createDiagnostic(
      "error",
      "SEARCH_LIMIT_ABOVE_MAX",
      `defaultSearchLimit (${defaultSearchLimit}) is greater than maxSearchLimit (${maxSearchLimit})`,
      document.sourceMap.locate(`${pointer}/defaultSearchLimit`),
      `lower defaultSearchLimit to at most ${maxSearchLimit}, or raise maxSearchLimit`,
    ),
  ];
}

/** A unit or child ID the units root keeps for itself is an error. */
export function checkReservedId(
  id: string,
  document: { sourceMap: LoadedConfigFile["sourceMap"] },
  pointer: string,
): Diagnostic[] {
  if (!RESERVED_IDS.has(id)) return [];
  return [
    createDiagnostic(
      "error",
      "RESERVED_ID",
      `"${id}" is reserved and cannot be a unit ID`,
      document.sourceMap.locateKey(pointer),
      "choose another ID",
    ),
  ];
}
