/**
 * How sure a search is of its best hit: the hit's score as a share of what the query's words could
 * score in this index (the sum of their idf, the most BM25 gives a word). A share under
 * {@link LOW_SHARE} is a low score: `search_tools` then names the units' operation groups, so an
 * agent can browse instead of guessing again.
 */
import type { ScoredTerm } from "./rank.js";

/**
 * Below this share the best hit is a guess. Measured on the evaluation's 598 tuning queries (npm run
 * bench:search): 63 fall under it, and for 44 of them (70%) the wanted operation is not in the top
 * 3; of the 535 above it, 49 (9%) miss. At 0.45, 110 fall under and only 54% of those miss.
 */
export const LOW_SHARE = 0.35;

/**
 * The most the query's groups of terms could score: per group the idf of its most frequent member
 * (a lower bound of the idf of all its members together), over `documents` documents, or that of a
 * typed member some author's hints have (`hinted`), which scores as itself there, when rarer.
 */
export function attainableScore(
  groups: ReadonlyArray<ReadonlyArray<ScoredTerm>>,
  frequency: (term: number) => number,
  documents: number,
  hinted: (term: number) => boolean = () => false,
): number {
  let sum = 0;
  for (const group of groups) {
    let df = Math.max(0, ...group.map((t) => frequency(t.id)));
    for (const t of group) if (t.kind === "typed" && hinted(t.id)) df = Math.min(df, frequency(t.id));
    sum += Math.log(1 + (documents - df + 0.5) / (df + 0.5));
  }
  return sum;
}
