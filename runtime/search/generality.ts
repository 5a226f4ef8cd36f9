/**
 * The generality lift of the search ranking: of two operations that match a query alike, the one
 * whose name or summary says no more than the query asks for is the general one, and ranks first.
 */
import { RANKING, type Ranking } from "./rank.js";

/**
 * 1 + `ranking.generality` × the larger share of the name's or the summary's terms the query asks for
 * (a word's synonyms count as the word).
 */
export function generality(
  name: readonly number[],
  summary: readonly number[],
  asked: ReadonlySet<number>,
  ranking: Ranking = RANKING,
): number {
  const share = (seq: readonly number[]) =>
    seq.length === 0 ? 0 : seq.filter((t) => asked.has(t)).length / seq.length;
  return 1 + ranking.generality * Math.max(share(name), share(summary));
}
