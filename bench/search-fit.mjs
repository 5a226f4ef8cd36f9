// Fits the ranking's constants (RANKING in runtime/search/rank.ts) to the tuning split
// (`npm run bench:search-fit`, after `npm run build` and one `npm run bench:search` to compile the
// manifests it reads). Coordinate ascent: each constant in turn tries a few steps (search-fit-space.mjs);
// under 5-fold cross-validation over the tuning queries, each fold picks the step best on the other
// four, and the move is kept only when those picks raise the mean of the held-aside folds (and no more
// folds lose than gain). The units are ranked without and with their author hints, as
// bench/search-tune.mjs ranks them; no held-out query is ever ranked. Deterministic: the same build and manifests print the same moves.
// `--plain`: fit without the hinted units (twice as fast); `--rounds N`: at most N passes (3);
// `--blind`: fit to the parts written blind to the ranking alone (not the first); `--verbose`: also
// each constant's best move not kept.
import { SearchIndex } from "../dist/runtime/search/index.js";
import { RANKING } from "../dist/runtime/search/rank.js";
import {
  candidates,
  FOLDS,
  foldedQueries,
  OBJECTIVE,
  space,
  valueAt,
  withValue,
  worth,
} from "./search-fit-space.mjs";
import { indexData } from "./search-tune.mjs";
import { isMain } from "./support.mjs";

/** A gain smaller than this is a tie (sums of floating-point worths). */
const EPSILON = 1e-9;
/**
 * The least mean held-aside gain kept: about what one query brought into the top 3 in one variant
 * adds to the mean of five folds of some 330. Smaller gains are reciprocal ranks shuffled below the
 * top 3, which no agent notices and which would move constants for nothing.
 */
const MIN_GAIN = 0.0005;

/** Ranks every query under a ranking, on each variant's indexes: rank per variant × query (-1 missed). */
function ranker(variants, queries) {
  const cache = new Map();
  let evaluations = 0;
  const rank = (ranking) => {
    const key = JSON.stringify(ranking);
    const known = cache.get(key);
    if (known) return known;
    evaluations++;
    const ranks = new Int8Array(variants.length * queries.length);
    variants.forEach((data, v) => {
      const indexes = new Map([...data].map(([name, index]) => [name, SearchIndex.load(index, ranking)]));
      queries.forEach((q, i) => {
        const hits = indexes.get(q.set).query(q.query, 10);
        ranks[v * queries.length + i] = hits.findIndex((hit) =>
          q.expected.includes(`${hit.unit}:${hit.operation}`),
        );
      });
    });
    cache.set(key, ranks);
    return ranks;
  };
  return { rank, count: () => evaluations };
}

/** Per fold, the sum of the objective over its queries (every variant), and how many it holds. */
function foldSums(ranks, queries) {
  const sums = new Float64Array(FOLDS);
  const counts = new Int32Array(FOLDS);
  for (let k = 0; k < ranks.length; k++) {
    const { fold } = queries[k % queries.length];
    sums[fold] += worth(ranks[k]);
    counts[fold]++;
  }
  return { sums, counts };
}

const total = (values) => values.reduce((a, b) => a + b, 0);
/** The objective on every fold but `k` (what fold k's pick is chosen by). */
const training = ({ sums, counts }, k) => (total(sums) - sums[k]) / (total(counts) - counts[k]);
/** The objective on fold `k` alone. */
const heldAside = ({ sums, counts }, k) => sums[k] / counts[k];

/**
 * One constant's best move from `current` (undefined when it has no step in bounds), `kept` or not:
 * each fold's pick is the step best on the other folds (or none, when no step beats staying there);
 * the move is kept when the picks' gains on their held-aside folds average at least MIN_GAIN with no
 * more folds losing than gaining, and it is then the step best on every fold together.
 */
function move(entry, current, rank, queries) {
  const base = foldSums(rank(current), queries);
  const tried = candidates(entry, valueAt(current, entry.path)).map((value) => {
    const ranking = withValue(current, entry.path, value);
    return { value, ranking, scores: foldSums(rank(ranking), queries) };
  });
  if (tried.length === 0) return undefined;
  const gains = [];
  for (let k = 0; k < FOLDS; k++) {
    let pick;
    for (const t of tried) if (!pick || training(t.scores, k) > training(pick.scores, k)) pick = t;
    const better = pick && training(pick.scores, k) > training(base, k) + EPSILON;
    gains.push(better ? heldAside(pick.scores, k) - heldAside(base, k) : 0);
  }
  const gain = total(gains) / FOLDS;
  let best;
  for (const t of tried) if (!best || total(t.scores.sums) > total(best.scores.sums)) best = t;
  // A mean carried by one or two folds while the others lose is chance: most folds must not lose.
  const up = gains.filter((g) => g > EPSILON).length;
  const down = gains.filter((g) => g < -EPSILON).length;
  const inSample = (total(best.scores.sums) - total(base.sums)) / total(base.counts);
  const kept = gain >= MIN_GAIN && up >= down && inSample > EPSILON;
  return { ...best, gains, gain, inSample, kept };
}

/** Top-1 / top-3 / top-10 / MRR of the ranks of the queries `keep` accepts. */
function figures(ranks, queries, variant, keep) {
  let n = 0;
  const hits = { top1: 0, top3: 0, top10: 0, rr: 0 };
  queries.forEach((q, i) => {
    if (!keep(q)) return;
    const r = ranks[variant * queries.length + i];
    n++;
    if (r === 0) hits.top1++;
    if (r >= 0 && r < 3) hits.top3++;
    if (r >= 0) hits.top10++;
    if (r >= 0) hits.rr += 1 / (r + 1);
  });
  const pct = (x) => `${((x / n) * 100).toFixed(1)}%`;
  return `${pct(hits.top1)} / ${pct(hits.top3)} / ${pct(hits.top10)} / ${(hits.rr / n).toFixed(3)} (${n})`;
}

/** An objective difference in points (hundredths), signed; a zero prints unsigned. */
function points(x) {
  const text = (x * 100).toFixed(2);
  return Number(text) === 0 ? "0.00" : `${x > 0 ? "+" : ""}${text}`;
}

/** The ascent: passes over every constant until one moves none, at most `rounds`. */
function ascend(rank, queries, { rounds, verbose }) {
  let current = structuredClone(RANKING);
  const foldGains = new Float64Array(FOLDS);
  for (let round = 1; round <= rounds; round++) {
    let moved = 0;
    for (const entry of space(current)) {
      const found = move(entry, current, rank, queries);
      if (!found || !(found.kept || verbose)) continue;
      const folds = found.gains.map(points).join(", ");
      console.log(
        `round ${round}: ${found.kept ? "" : "(not kept) "}${entry.path} ${valueAt(current, entry.path)} → ${found.value}: held-aside gain ${points(found.gain)} (folds ${folds}; in-sample ${points(found.inSample)})`,
      );
      if (!found.kept) continue;
      moved++;
      found.gains.forEach((g, k) => {
        foldGains[k] += g;
      });
      current = found.ranking;
    }
    if (moved === 0) break;
  }
  return { fitted: current, foldGains };
}

/** The fitted constants, to paste over RANKING's values, and the ones that changed. */
function printConstants(fitted) {
  console.log("\nconstants (paste the changed values into RANKING in runtime/search/rank.ts):");
  console.log(JSON.stringify(fitted, null, 2).replace(/"(\w+)":/g, "$1:"));
  for (const entry of space(RANKING)) {
    const [was, now] = [valueAt(RANKING, entry.path), valueAt(fitted, entry.path)];
    if (was !== now) console.log(`changed: ${entry.path} ${was} → ${now}`);
  }
}

if (isMain(import.meta.url)) {
  const started = performance.now();
  const plain = process.argv.includes("--plain");
  const roundsAt = process.argv.indexOf("--rounds");
  const rounds = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 3;
  const blind = process.argv.includes("--blind");
  const queries = foldedQueries({ blind });
  const names = plain ? ["without hints"] : ["without hints", "with author hints"];
  const variants = names.map((_, v) => indexData({ hints: v === 1 }));
  const { rank, count } = ranker(variants, queries);
  console.log(
    `objective per query: top-3 + ${OBJECTIVE.mrr} × reciprocal rank + ${OBJECTIVE.top10} × top-10, over ${queries.length} tuning queries × ${names.length} (${names.join(", ")}), ${FOLDS} folds`,
  );
  const before = rank(RANKING);
  const { fitted, foldGains } = ascend(rank, queries, {
    rounds,
    verbose: process.argv.includes("--verbose"),
  });
  const after = rank(fitted);
  console.log("\nheld-aside gain per fold, summed over the moves kept (objective points):");
  const spread = [...foldGains];
  console.log(
    `  ${spread.map(points).join(", ")}; mean ${points(total(spread) / FOLDS)}, min ${points(Math.min(...spread))}, max ${points(Math.max(...spread))}`,
  );
  for (let k = 0; k < FOLDS; k++) {
    const [was, now] = [before, after].map((ranks) => heldAside(foldSums(ranks, queries), k));
    console.log(
      `  fold ${k + 1}: objective ${was.toFixed(4)} → ${now.toFixed(4)} (with every move, in-sample)`,
    );
  }
  console.log("\ntuning split, top-1 / top-3 / top-10 / MRR (queries), before → after:");
  names.forEach((name, v) => {
    const rows = [["blind", (q) => q.part !== "first"]];
    if (!blind) rows.push(["all", () => true]);
    for (const [label, keep] of rows) {
      console.log(
        `  ${label}, ${name}: ${figures(before, queries, v, keep)} → ${figures(after, queries, v, keep)}`,
      );
    }
  });
  printConstants(fitted);
  console.log(`\n${count()} evaluations in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
