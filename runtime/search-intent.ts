/**
 * What action a query asks for and what action an operation names, in four kinds (create, read,
 * update, delete): an operation that names one of them and none the query asks for does something
 * else than the user means ("add an item" is not "delete an item", nor "update an item"), whatever
 * else it shares with the query.
 */

import { stem } from "./search-stem.js";
import { ACTION_GROUPS } from "./search-words.js";

/** Bits of the four kinds, by the index of their group of verbs in {@link ACTION_GROUPS}. */
const KIND_OF_GROUP: ReadonlyArray<[number, number]> = [
  [0, 1], // create, add, open …
  [1, 2], // get, read, show …
  [4, 2], // list
  [5, 2], // search, find
  [2, 4], // update, edit, change …
  [3, 8], // delete, remove …
];

/** A stem → the kinds of action it names. */
const KINDS = (() => {
  const map = new Map<string, number>();
  for (const [group, bit] of KIND_OF_GROUP) {
    for (const word of ACTION_GROUPS[group] ?? []) {
      const term = stem(word);
      map.set(term, (map.get(term) ?? 0) | bit);
    }
  }
  return map;
})();

/**
 * Words that do not say an operation's action in its name: "post" names the HTTP method in most
 * operation IDs (Stripe's `PostCustomersCustomer` updates a customer).
 */
const NOT_IN_NAMES = new Set([stem("post")]);

/** The kinds of action a term names (0 for none). */
export function actionKinds(term: string): number {
  return KINDS.get(term) ?? 0;
}

/** The kinds of action an operation's name names (0 for none). */
export function nameKinds(nameTerms: readonly string[]): number {
  let kinds = 0;
  for (const term of nameTerms) if (!NOT_IN_NAMES.has(term)) kinds |= actionKinds(term);
  return kinds;
}

/**
 * The kinds of action an operation names: its name's, or, when its name names none (Stripe's
 * `PostPlansPlan`), those of the first word of the sentence that says what it does ("Updates the
 * specified plan").
 */
export function operationKinds(nameTerms: readonly string[], summaryTerms: readonly string[]): number {
  const named = nameKinds(nameTerms);
  const first = summaryTerms[0];
  return named !== 0 || first === undefined ? named : nameKinds([first]);
}

const CREATE = 1;
const DELETE = 8;

/**
 * True when both sides name a kind of action, share none, and either one of them deletes or the
 * task creates. Reading and updating blur into each other and into creating ("set a reminder" adds
 * one, "get an access token" makes one), but a new thing is made by no operation that reads,
 * changes or deletes one that exists, and deleting is none of the others.
 */
export function conflicts(asked: number, named: number): boolean {
  if (asked === 0 || named === 0 || (asked & named) !== 0) return false;
  return ((asked | named) & DELETE) !== 0 || (asked & CREATE) !== 0;
}
