/**
 * What a query's question asks: whether (a yes-or-no question), which of many things, and what
 * someone or something has; read by `terms.ts`.
 */
import { keep } from "./index-terms.js";
import { stem } from "./stem.js";
import { ACTION_STEMS, AUXILIARIES, QUESTIONS } from "./words.js";

/** Words after an opener that make it a request: "do the release", "is a"… is no question. */
const DETERMINERS = new Set("a an the this that these those some".split(" "));

/**
 * True for a yes-or-no question: it asks to see or check a thing, whatever verb it asks about ("did
 * I like these videos" reads a rating, "was PR 42 merged" checks it). Without a question mark,
 * "have copilot propose a fix", "can you delete it" and "do I …" read as requests.
 */
export function asksWhether(words: readonly string[], query: string): boolean {
  const [first, second] = words;
  if (first === undefined || !AUXILIARIES.has(first) || second === undefined || DETERMINERS.has(second))
    return false;
  if (query.trimEnd().endsWith("?")) return true;
  if (first === "have") return false;
  return !((first === "can" || first === "do") && ["you", "u", "i", "we"].includes(second));
}

/**
 * True when a question asks which of many things ("which webhook urls have we registered", "what
 * playlists does my channel have"): it opens with which or what and the words that follow, up to
 * its verb, name a plural; or it asks who did a thing ("who reviewed my PR", "who signed in"):
 * the records of it being done, as many as there were.
 */
export function asksWhich(words: readonly string[]): boolean {
  if (words[0] === "who" && words[1]?.endsWith("ed")) return true;
  if (words[0] !== "which" && words[0] !== "what") return false;
  for (const word of words.slice(1)) {
    if (AUXILIARIES.has(word) || !keep(word) || ACTION_STEMS.has(stem(word))) return false;
    if (isPlural(word)) return true;
  }
  return false;
}

/** True for a plural noun: a word whose stem is that of the word without its closing s. */
export function isPlural(word: string): boolean {
  if (word.length < 4 || !word.endsWith("s") || /(ss|us|is)$/.test(word)) return false;
  return stem(word) === stem(word.slice(0, -1));
}

/** Verbs of having: in a question, what follows is what someone or something holds. */
const HAVE = new Set(["have", "has", "got"]);

/**
 * The position of the verb of having in a question ("does dave have write or admin", "which scopes
 * does my token have"), after which words name what is held; past the end when there is none. The
 * verb itself says nothing of what is read, nor does have as an auxiliary ("how much have we made").
 * A query that opens with it is a request ("have copilot propose a fix").
 */
export function heldFrom(words: readonly string[]): number {
  if (!QUESTIONS.has(words[0] ?? "")) return words.length;
  const at = words.findIndex((word, i) => i > 0 && HAVE.has(word));
  return at < 0 ? words.length : at;
}
