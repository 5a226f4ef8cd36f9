// Scoring bench:search's evaluation: each query's rank of the operation it wants, tallied per set,
// part and split (top-1, top-3 with its 95% interval, top-10, MRR), and the table rows of the tallies.
import { evaluationQueries } from "./search-eval.mjs";

export function rate(part, whole) {
  return whole === 0 ? "–" : `${((part / whole) * 100).toFixed(1)}%`;
}

/**
 * The Wilson score interval (95%) of `hits` out of `n`, as shares: how far a split's rate could be
 * from the rate on all the queries people would ask, with this few queries.
 */
function wilson(hits, n) {
  const z = 1.96;
  const p = hits / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** Ranks every query; returns the figures per set and split, and the misses. */
export function evaluate(indexes, { split: only } = {}) {
  const rows = new Map();
  const misses = [];
  const tally = (key, rank) => {
    const row = rows.get(key) ?? { n: 0, top1: 0, top3: 0, top10: 0, rr: 0 };
    row.n++;
    if (rank === 0) row.top1++;
    if (rank >= 0 && rank < 3) row.top3++;
    if (rank >= 0) row.top10++;
    if (rank >= 0) row.rr += 1 / (rank + 1);
    rows.set(key, row);
  };
  for (const q of evaluationQueries()) {
    if (only !== undefined && q.heldOut !== (only === "held-out")) continue;
    const hits = indexes.get(q.set).query(q.query, 10);
    const rank = hits.findIndex((hit) => q.expected.includes(`${hit.unit}:${hit.operation}`));
    const split = q.heldOut ? "held-out" : "tuning";
    tally(`${q.set} ${split}`, rank);
    tally(`all ${split}`, rank);
    tally(`${q.part} part ${split}`, rank);
    // Written blind to the ranking: every part but the first.
    if (q.part !== "first") {
      tally(`blind ${split}`, rank);
      tally("blind both", rank);
    }
    if (rank < 0 || rank >= 3) {
      const got = hits.slice(0, 3).map((hit) => `${hit.unit}:${hit.operation}`);
      misses.push({
        split,
        line: `${q.set}: "${q.query}" wants ${q.expected.join(" | ")}; top 3: ${got.join(", ")}`,
      });
    }
  }
  return { rows, misses };
}

/** The table rows of `rows` (from {@link evaluate}) for `keys`, per split, labelled `label`. */
export function qualityRows(rows, label, keys) {
  const table = [];
  for (const split of ["tuning", "held-out", "both"]) {
    for (const key of keys) {
      const row = rows.get(`${key} ${split}`);
      if (!row) continue;
      const [low, high] = wilson(row.top3, row.n);
      const splitName = split === "both" ? "both splits" : `${split} split`;
      table.push({
        name: `search ${key}, ${label}, ${splitName} (${row.n} queries): top-1 / top-3 (its 95% interval) / top-10 / MRR`,
        value: `${rate(row.top1, row.n)} / ${rate(row.top3, row.n)} (${rate(low, 1)}–${rate(high, 1)}) / ${rate(row.top10, row.n)} / ${(row.rr / row.n).toFixed(3)}`,
        unit: "",
        target: key === "blind" && split !== "tuning" ? "top-3 ≥ 80%, top-10 ≥ 92%" : "",
      });
    }
  }
  return table;
}
