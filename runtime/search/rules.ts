/**
 * Queries that state a rule rather than ask for an action: "nobody merges into main without 2
 * approvals", "only admins can post in #announcements", "e2e job must pass before anything lands on
 * main". Their verbs say what the rule is about (merging, posting); the operation wanted sets the
 * rule, and APIs name it for a protection, a restriction, a rule, a policy, preferences or
 * permissions.
 */
import { keep } from "./index-terms.js";
import { LEXICON_VERB_TERMS } from "./lexicon.js";
import { stem } from "./stem.js";
import { ACTION_STEMS } from "./words.js";

/** The stems of the words APIs name a rule's operations for. */
export const RULE_TERMS: readonly string[] = [
  "protection",
  "restriction",
  "rule",
  "ruleset",
  "policy",
  "pref",
  "preference",
  "required",
  "default",
].map(stem);

/** Modals that state what must or may happen, after their subject ("the app may push"). */
const MODALS = new Set(["must", "should", "shall", "may"]);
/** Words for no one, the subject of a rule of who may not. */
const NOBODY = new Set(["nobody", "noone"]);
/**
 * Words that open a clause that describes a thing the task makes or names ("so only jobs of the
 * env can read it", "an employee who should get a card"): a rule there is not what it asks for.
 */
const SUBORDINATE = new Set(["so", "that", "who", "which", "where", "when", "if"]);
/** Words a request may open with before the rule it asks to hold ("make sure nobody merges…"). */
const ENSURE: ReadonlyArray<readonly string[]> = [["make", "sure"], ["ensure"]];
/** Verbs of the create group that also describe a thing ("new employees should…"). */
const ADJECTIVES = new Set(["new", "open"]);

/**
 * True when `words` (a query's lower-case words, stop words in place) state a rule in their main
 * clause and do not open with a verb that asks for an action ("send a message only one user can
 * see" sends a message).
 */
export function statesRule(words: readonly string[]): boolean {
  const opening = ENSURE.find((lead) => lead.every((word, i) => words[i] === word));
  const start = opening?.length ?? 0;
  if (opensWithVerb(words.slice(start))) return false;
  for (let i = start; i < words.length; i++) {
    const word = words[i] as string;
    if (SUBORDINATE.has(word)) return false;
    if (NOBODY.has(word) || (word === "no" && words[i + 1] === "one")) return true;
    if (MODALS.has(word) && i > 0 && keep(words[i - 1] as string)) return true;
    if (word === "only" && (words[i - 1] === "let" || words[i + 1] === "let" || canAfter(words, i)))
      return true;
  }
  return false;
}

/** True for a stem that names an action. */
const isVerb = (term: string) => ACTION_STEMS.has(term) || LEXICON_VERB_TERMS.has(term);

/**
 * True when `words` open with a verb that asks for an action: their first word that is not a stop
 * word, unless "only" or a word for no one comes before it ("only the deploy-bot app may push").
 */
function opensWithVerb(words: readonly string[]): boolean {
  for (const word of words) {
    if (word === "only" || NOBODY.has(word)) return false;
    if (keep(word)) return !ADJECTIVES.has(word) && isVerb(stem(word));
  }
  return false;
}

/** True when "can" follows the "only" at `i` in its clause ("only admins can post"). */
function canAfter(words: readonly string[], i: number): boolean {
  for (let j = i + 1; j < words.length; j++) {
    if (SUBORDINATE.has(words[j] as string)) return false;
    if (words[j] === "can") return true;
  }
  return false;
}
