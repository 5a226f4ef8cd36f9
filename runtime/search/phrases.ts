/**
 * Phrasal verbs and idioms in a query read as the one verb they mean ("give a customer their money
 * back" → refund), before its words are stemmed and grouped (`terms.ts`). The phrases are
 * {@link PHRASES}.
 */
import { PHRASES, STOP_WORDS } from "./words.js";

/** Most words a `*` of a phrase lets come between, stop words not counted. */
const PHRASE_GAP = 3;

/** A phrase's first word → its words after the first, whether a gap may come before each, and its verb. */
const PHRASE_HEADS = (() => {
  const map = new Map<string, Array<{ rest: string[]; gaps: boolean[]; verb: string }>>();
  for (const [phrase, verb] of PHRASES) {
    const [head, ...tokens] = phrase.split(" ");
    const rest: string[] = [];
    const gaps: boolean[] = [];
    for (const token of tokens) {
      if (token === "*") gaps[rest.length] = true;
      else {
        gaps[rest.length] ??= false;
        rest.push(token);
      }
    }
    map.set(head as string, [...(map.get(head as string) ?? []), { rest, gaps, verb }]);
  }
  return map;
})();

/**
 * The words with each phrase of {@link PHRASES} read as its verb, in the place of its first word.
 * Linear: a phrase looks at most a few words ahead, and each word folds into one phrase at most.
 */
export function foldPhrases(words: string[]): string[] {
  const taken = new Set<number>();
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (taken.has(i)) continue;
    const word = words[i] as string;
    const found = PHRASE_HEADS.get(word)
      ?.map((p) => ({ p, at: phraseAt(words, i, p, taken) }))
      .find((m) => m.at);
    if (!found?.at) {
      out.push(word);
      continue;
    }
    for (const at of found.at) taken.add(at);
    out.push(found.p.verb);
  }
  return out;
}

/** Where the words after a phrase's first stand, when they follow word `start` as the phrase allows. */
function phraseAt(
  words: string[],
  start: number,
  { rest, gaps }: { rest: string[]; gaps: boolean[] },
  taken: Set<number>,
): number[] | undefined {
  const at: number[] = [];
  let i = start;
  for (let k = 0; k < rest.length; k++) {
    const from = ++i;
    const here = () => words[i] === rest[k] && !taken.has(i);
    // A gap may hold a few words, stop words not counted (give a customer their money back); the
    // look ahead stops after a few words of any kind, so that folding stays linear.
    let skipped = 0;
    while (gaps[k] && i < words.length && !here() && i - from < 4 * PHRASE_GAP) {
      if (!STOP_WORDS.has(words[i] as string) && ++skipped > PHRASE_GAP) return undefined;
      i++;
    }
    if (!here()) return undefined;
    at.push(i);
  }
  return at;
}
