// What bench/search-fit.mjs searches over and scores with: the ranking's constants it may move (each
// with its bounds and step sizes), the tuning queries dealt into cross-validation folds, and the
// objective a fold is scored by.
import { evaluationQueries, fnv1a } from "./search-eval.mjs";

/** How many folds the tuning queries are dealt into. */
export const FOLDS = 5;

/**
 * The objective, per query, averaged over a fold: top-3 first (the target), with a little of MRR
 * and top-10 so that a move that lifts a query from 9th to 4th, or from 2nd to 1st, counts for
 * something without outweighing one that brings a query into the top 3.
 */
export const OBJECTIVE = { top3: 1, mrr: 0.2, top10: 0.2 };

/** The objective's value of a query found at `rank` (0 first; -1 not in the top 10). */
export function worth(rank) {
  if (rank < 0) return 0;
  return (rank < 3 ? OBJECTIVE.top3 : 0) + OBJECTIVE.mrr / (rank + 1) + OBJECTIVE.top10;
}

// A weight scales a term's frequency: steps multiply it. A share (b, a kind's weight, a factor kept)
// lies between bounds: steps add to it.
// Three step sizes each way, the largest to leave a plateau a small step cannot.
const scaled = (min, max) => ({ min, max, times: [0.25, 0.5, 0.8, 1.25, 2, 4] });
const shifted = (min, max, small, large) => ({
  min,
  max,
  plus: [-2 * large, -large, -small, small, large, 2 * large],
});

/**
 * Constants never moved. `kind.typed` is the unit the other kinds are weighed in (scaling every
 * weight at once is what `k1` does). The author hints' field: bench/search-hints/ was written from
 * the tuning split's misses, so every fold's queries are ones the hints were written for, and
 * weighing the hints on them would score how well the hints fit those queries, not the ranking.
 */
export const FIXED = new Set(["kind.typed", "weight.hints", "b.hints"]);

/** The constants moved, in the order tried, each with its bounds and steps. */
export function space(ranking) {
  const entries = [];
  for (const field of Object.keys(ranking.weight)) entries.push([`weight.${field}`, scaled(0.02, 6)]);
  entries.push(["k1", scaled(0.2, 4)]);
  for (const field of Object.keys(ranking.b)) entries.push([`b.${field}`, shifted(0, 1, 0.1, 0.25)]);
  for (const kind of Object.keys(ranking.kind)) entries.push([`kind.${kind}`, shifted(0, 1, 0.1, 0.2)]);
  entries.push(
    ["generality", shifted(0, 2, 0.1, 0.25)],
    ["depth", shifted(0.8, 1, 0.01, 0.03)],
    ["scope", shifted(0.3, 1, 0.05, 0.15)],
    ["conflict", shifted(0.1, 1, 0.1, 0.2)],
    ["place", shifted(0.3, 1, 0.05, 0.15)],
    ["one", shifted(1, 2, 0.05, 0.15)],
    ["phrase", shifted(0, 2, 0.1, 0.25)],
    ["proximity", shifted(0, 2, 0.1, 0.25)],
    ["window", { min: 1, max: 4, plus: [-2, -1, 1, 2] }],
  );
  return entries.filter(([path]) => !FIXED.has(path)).map(([path, range]) => ({ path, ...range }));
}

/** The value at `path` ("weight.name", "k1") of `ranking`. */
export function valueAt(ranking, path) {
  return path.split(".").reduce((object, key) => object[key], ranking);
}

/** A copy of `ranking` with `value` at `path`. */
export function withValue(ranking, path, value) {
  const copy = structuredClone(ranking);
  const keys = path.split(".");
  const last = keys.pop();
  keys.reduce((object, key) => object[key], copy)[last] = value;
  return copy;
}

/** The values a constant may move to from `value`: each step, kept within bounds, rounded, new. */
export function candidates(entry, value) {
  const moved = entry.times ? entry.times.map((t) => value * t) : entry.plus.map((p) => value + p);
  const kept = moved
    .map((v) => Math.round(Math.min(entry.max, Math.max(entry.min, v)) * 1000) / 1000)
    .filter((v) => v !== value);
  return [...new Set(kept)];
}

/**
 * The tuning split's queries (never a held-out one), each with its `fold`: stratified by part and
 * set (each stratum dealt round the folds in hash order, the deal carrying on from one stratum to
 * the next), so every fold has its share of every part and API. `blind`: only the parts written
 * blind to the ranking (every part but the first).
 */
export function foldedQueries({ blind } = { blind: false }) {
  const strata = new Map();
  for (const q of evaluationQueries()) {
    if (q.heldOut || (blind && q.part === "first")) continue;
    const key = `${q.part} ${q.set}`;
    strata.set(key, [...(strata.get(key) ?? []), q]);
  }
  const queries = [];
  let dealt = 0;
  for (const key of [...strata.keys()].sort()) {
    const stratum = strata.get(key).map((q) => ({ ...q, order: fnv1a(`${q.set}\u0000${q.query}`) }));
    stratum.sort((a, b) => a.order - b.order || (a.query < b.query ? -1 : 1));
    for (const q of stratum) queries.push({ ...q, fold: dealt++ % FOLDS });
  }
  return queries;
}
