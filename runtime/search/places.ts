/**
 * Which of a query's words say where rather than what: in "the labels on an issue", "fees from
 * connected accounts" or "my app's home tab" the user wants the labels, the fees, the tab; the
 * issue, the accounts and the app say where they are. An operation named for where, and not for
 * what, is most often the wrong one (`index.ts`).
 */
import { keep } from "./index-terms.js";
import { LEXICON_VERB_TERMS } from "./lexicon.js";
import { stem } from "./stem.js";
import { ACTION_STEMS, AUXILIARIES } from "./words.js";

/**
 * Prepositions whose object says where. Not "to", "into" or "onto": a destination is often what
 * an operation is named for (add an item to a project, invite someone to a channel, upload results
 * into code scanning).
 */
const WHERE = new Set("on in for from of at under across within inside".split(" "));

/** Words that open a clause of their own: what follows is no longer the place. */
const CLAUSES = new Set("so when that which who where while because if and or but whether".split(" "));

/** A word's role in a query: where the thing is, the thing, or neither (a verb, an auxiliary). */
export type Role = "place" | "thing" | "other";

/** True for a stem that names an action. */
const isVerb = (term: string) => ACTION_STEMS.has(term) || LEXICON_VERB_TERMS.has(term);

/**
 * The positions of the words that say where: the words after a preposition of {@link WHERE} up to
 * a new clause or a verb (a participle only describes: "from the merged PRs"), and the owner before
 * a possessive's s ("my app's home tab").
 */
export function placeWords(words: readonly string[]): Set<number> {
  const places = new Set<number>();
  let inPlace = false;
  for (const [i, word] of words.entries()) {
    if (word === "s" && i > 0 && keep(words[i - 1] as string)) places.add(i - 1);
    else if (WHERE.has(word)) inPlace = true;
    else if (CLAUSES.has(word)) inPlace = false;
    else if (inPlace && keep(word)) {
      if (isVerb(stem(word)) && !/(ed|ing)$/.test(word)) inPlace = false;
      else places.add(i);
    }
  }
  return places;
}

/** The role of a typed word (`term` its stem) that says where or not (`place`). */
export function roleOf(word: string, term: string, place: boolean): Role {
  if (place) return "place";
  return isVerb(term) || AUXILIARIES.has(word) ? "other" : "thing";
}

/**
 * Of the operations `docs`, those named for where and not for what: named (`names`) for one of
 * the `places` terms and none of the `things` terms, when some operation of `docs` is named for one
 * of the things. When none is, the thing is no operation's resource (the title of a video, the
 * status of a run): the operation on the place is the one wanted.
 */
export function namedForPlaceOnly(
  places: readonly number[],
  things: readonly number[],
  docs: readonly number[],
  names: (doc: number, terms: readonly number[]) => boolean,
): (doc: number) => boolean {
  if (places.length === 0 || things.length === 0 || !docs.some((doc) => names(doc, things)))
    return () => false;
  return (doc) => names(doc, places) && !names(doc, things);
}

/** Verbs that put a thing on another. */
const PLACING = new Set(["put", "pin", "attach"]);
/** Words for people and accounts: what is put on them is no item of a list. */
const HOLDERS = new Set("me him her them us user customer account member person profile".split(" "));

/**
 * True when a query puts a thing on another that holds items ("put PR 55 on the roadmap project"):
 * it opens with a verb of placing, and what follows "on" names no object by its ID or a person.
 */
export function putsOnHolder(words: readonly string[]): boolean {
  if (!PLACING.has(words[0] ?? "")) return false;
  const on = words.indexOf("on");
  if (on < 0) return false;
  const rest = words.slice(on + 1);
  return rest.length > 0 && !rest.some((word) => /[\d_@]/.test(word) || HOLDERS.has(word));
}
