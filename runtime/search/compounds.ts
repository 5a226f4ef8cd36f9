/**
 * Two words a task writes apart that an API writes as one ("web hook" → webhook, "pay out" →
 * payout, "code space" → codespace): the query keeps the joined word beside each of the two, and
 * the index keeps it only where it has it, below the words as typed.
 */
import { stem } from "./stem.js";
import type { QueryTerm } from "./terms.js";

/**
 * Each pair of neighbouring words `keep` keeps: the stem of each word and the stem of the
 * two joined. The index keeps the joined stems it has, as alternatives of both words.
 */
export function compounds(
  words: readonly string[],
  keep: (word: string) => boolean,
): Array<[typed: string, joined: string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const [a, b] = [words[i] as string, words[i + 1] as string];
    if (!keep(a) || !keep(b) || !/^[a-z]+$/.test(a + b)) continue;
    const joined = stem(a + b);
    out.push([stem(a), joined], [stem(b), joined]);
  }
  return out;
}

/**
 * A group with the words its typed word makes with a neighbour, as alternatives of the kind
 * "compound": the index drops those it does not have.
 */
export function withCompounds(group: QueryTerm[], compounds: ReadonlyArray<[string, string]>): QueryTerm[] {
  const typed = group.find((t) => t.kind === "typed")?.term;
  const out = [...group];
  for (const [own, joined] of compounds) {
    if (own === typed && !out.some((t) => t.term === joined)) out.push({ term: joined, kind: "compound" });
  }
  return out;
}
