// Author hints for bench:search: per API, the `searchHints` a team would add to its unit config
// (operation name → phrases) after seeing the evaluation's tuning misses, and only those. They live
// in bench/search-hints/<unit>.json and are written in the team's plain product vocabulary ("home
// tab", "void", "store credit"), each general to its operation, never a task's sentence; held-out
// tasks were never read to write them. The bench scores each API without and with them.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./support.mjs";

/** The hints written for unit `id` (operation name → phrases), or undefined for none. */
export function authorHints(id) {
  const file = join(root, "bench", "search-hints", `${id}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}

/** The unit's config entry with its author hints, as a team would write them in its config. */
export function hinted([key, entry], hints) {
  return [key, { ...entry, searchHints: hints }];
}

/**
 * Throws unless every hinted operation of the compiled manifest carries its hints: a key naming no
 * operation (a typo, a renamed operation) would leave hints unused and the row would say less than
 * it claims.
 */
export function checkHintsApplied(id, manifestPath, hints) {
  const [unit] = JSON.parse(readFileSync(manifestPath, "utf8")).units;
  const carried = new Map(unit.operations.map((op) => [op.name, op.searchHints ?? []]));
  for (const [operation, phrases] of Object.entries(hints)) {
    const got = carried.get(operation);
    if (got === undefined || !phrases.every((phrase) => got.includes(phrase))) {
      throw new Error(`${id}: the hints for ${operation} did not reach the compiled manifest`);
    }
  }
}
