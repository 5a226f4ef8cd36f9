/**
 * What action a query asks for and what action an operation names, in four kinds (create, read,
 * update, delete): an operation that names one of them and none the query asks for does something
 * else than the user means ("add an item" is not "delete an item"), whatever else it shares with
 * the query.
 */

import { stem } from "./stem.js";
import { ACTION_GROUPS } from "./words.js";

/** Bits of the four kinds, by the first verb of their groups in {@link ACTION_GROUPS}. */
const KIND_OF_GROUP: ReadonlyArray<[string, number]> = [
  ["create", 1],
  ["get", 2],
  ["list", 2],
  ["search", 2],
  ["update", 4],
  ["delete", 8],
];

/**
 * Verbs whose kind a query says but a name does not: to reply or subscribe makes one, to unsubscribe
 * deletes it, but in a name the same stem is mostly the noun (`conversations_replies` reads replies,
 * `subscriptions.delete` deletes a subscription).
 */
const QUERY_KIND_OF_GROUP: ReadonlyArray<[string, number]> = [
  ["reply", 1],
  ["follow", 1],
  ["unfollow", 8],
];

/** A stem → the kinds of action it names, of `groups`. */
const kindsOf = (groups: ReadonlyArray<[string, number]>) => {
  const map = new Map<string, number>();
  for (const [first, bit] of groups) {
    for (const word of ACTION_GROUPS.find((group) => group[0] === first) ?? []) {
      const term = stem(word);
      map.set(term, (map.get(term) ?? 0) | bit);
    }
  }
  return map;
};
const KINDS = kindsOf(KIND_OF_GROUP);
const QUERY_KINDS = kindsOf([...KIND_OF_GROUP, ...QUERY_KIND_OF_GROUP]);

/**
 * Words that do not say an operation's action in its name: "post" names the HTTP method in most
 * operation IDs (Stripe's `PostCustomersCustomer` updates a customer).
 */
const NOT_IN_NAMES = new Set([stem("post")]);

/** The kinds of action a query's verb asks for (0 for none). */
export function actionKinds(term: string): number {
  return QUERY_KINDS.get(term) ?? 0;
}

/** The kinds of action an operation's name names (0 for none). */
export function nameKinds(nameTerms: readonly string[]): number {
  let kinds = 0;
  for (const term of nameTerms) if (!NOT_IN_NAMES.has(term)) kinds |= KINDS.get(term) ?? 0;
  return kinds;
}

const DELETE = 8;

/**
 * True when both sides name a kind of action, share none, and one of them deletes: creating,
 * reading and updating blur into each other ("set a reminder" adds one), deleting is none of them.
 */
export function conflicts(asked: number, named: number): boolean {
  return asked !== 0 && named !== 0 && (asked & named) === 0 && ((asked | named) & DELETE) !== 0;
}
