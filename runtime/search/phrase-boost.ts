/**
 * The exact-phrase and proximity lift of the search ranking: an operation whose name or summary has
 * the query's words in its own order, or its neighbouring words close together, ranks first.
 */
import { RANKING, type Ranking } from "./rank.js";

/**
 * 1 + `ranking.phrase` when the query's words (`sets`, one per word: its term and its synonyms)
 * stand in its own order, side by side, in the operation's name or summary, plus
 * `ranking.proximity` × the share of its pairs of neighbouring words that stand together, either
 * way round and at most `ranking.window` words apart ("repositories of an organization",
 * "organization repositories", "delete a YouTube video" for "delete a video").
 */
export function phraseBoost(
  name: readonly number[],
  summary: readonly number[],
  sets: ReadonlyArray<ReadonlySet<number>>,
  ranking: Ranking = RANKING,
): number {
  if (sets.length < 2) return 1;
  const inOrder = (seq: readonly number[]) =>
    seq.some((_, start) => sets.every((set, k) => set.has(seq[start + k] as number)));
  let pairs = 0;
  for (let i = 0; i + 1 < sets.length; i++) {
    const a = sets[i] as ReadonlySet<number>;
    const b = sets[i + 1] as ReadonlySet<number>;
    const near = (seq: readonly number[]) =>
      seq.some((t, j) => {
        for (let k = j + 1; k <= j + ranking.window && k < seq.length; k++) {
          const other = seq[k] as number;
          if ((a.has(t) && b.has(other)) || (b.has(t) && a.has(other))) return true;
        }
        return false;
      });
    if (near(name) || near(summary)) pairs++;
  }
  const exact = inOrder(name) || inOrder(summary) ? ranking.phrase : 0;
  return 1 + exact + (ranking.proximity * pairs) / (sets.length - 1);
}
