/**
 * What a query says it does not want: the word a negation governs ("a plain, non-secret setting",
 * "commit without cloning", "a repo that isn't archived") names what the task excludes, so an
 * operation named for it does what the task does not want. The word still counts where an
 * operation's prose has it: descriptions say what an operation avoids in the same words ("saves a
 * card without charging it").
 */

/** Words that exclude the word after them. */
const CUES = new Set(["not", "no", "non", "without", "never", "except", "excluding"]);

/**
 * Negated contractions, split at the apostrophe (isn't → isn t). A modal's negation (can't, won't,
 * shouldn't) states a problem or a rule ("issue 50 can't start until 48 is done", "nobody can push
 * to main"): what follows it is what the task is about, not what it excludes.
 */
const CONTRACTED = new Set(["isn", "aren", "wasn", "weren", "don", "doesn", "didn"]);

/**
 * Words after a cue that make it exclude nothing: "not only", "not just", "no longer needed", "no
 * more", "no one can see" (a rule about who; its verb is what the task is about), "don't forget to".
 */
const IDIOMS = new Map<string, ReadonlySet<string>>([
  ["not", new Set(["only", "just", "sure", "until"])],
  ["no", new Set(["longer", "more", "one", "matter", "need"])],
  ["don", new Set(["forget"])],
  ["never", new Set(["mind"])],
]);

/** Verbs a negation passes over to the word it excludes ("doesn't have 2FA" excludes 2FA). */
const AUXILIARIES = new Set(["have", "has", "had", "get", "got"]);

/** "Other than X" excludes X as "except X" does. */
const TWO_WORD_CUES: ReadonlyArray<readonly [string, string]> = [["other", "than"]];

/**
 * The positions in `words` (a query's lower-case words, stop words in place, phrases folded) of the
 * words a negation excludes: each cue governs the next word `keep` keeps. "No X yet" excludes
 * nothing: X is to come, and making it is what the task is about ("a task on the board, no issue
 * yet" adds a draft issue).
 */
export function excludedWords(words: readonly string[], keep: (word: string) => boolean): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    const cue = cueAt(words, i);
    const next = words[i + cue];
    if (cue === 0 || next === undefined || IDIOMS.get(words[i] as string)?.has(next)) continue;
    for (let j = i + cue; j < words.length; j++) {
      if (!keep(words[j] as string) || AUXILIARIES.has(words[j] as string)) continue;
      // A cue after a cue ("not without") governs on its own turn.
      if (cueAt(words, j) === 0 && words[j + 1] !== "yet") out.add(j);
      break;
    }
  }
  return out;
}

/** How many words a negation cue at `i` takes (0 for none). */
function cueAt(words: readonly string[], i: number): number {
  const word = words[i] as string;
  if (CONTRACTED.has(word) && words[i + 1] === "t") return 2;
  if (TWO_WORD_CUES.some(([a, b]) => word === a && words[i + 1] === b)) return 2;
  return CUES.has(word) ? 1 : 0;
}
