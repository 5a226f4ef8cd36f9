/**
 * One thing or many: a task that asks to see one thing ("retrieve a subscription", "get the
 * invoice") means the operation that reads one item (`GET /subscriptions/{id}`), not the one that
 * lists them all (`GET /subscriptions`), though both read and the list's shorter name matches as
 * well. A task that asks for many already finds the list by the word "list" (`terms.ts` adds it for
 * a plural or "all").
 */

import { stem } from "./stem.js";
import type { QueryTerm } from "./terms.js";

const GET = stem("get");
const LIST = stem("list");

/** What an operation reads, by the verb terms its HTTP method gave it: one item, many, or neither. */
export enum Reads {
  Nothing = 0,
  One = 1,
  Many = 2,
}

/** What an operation's verb field (`fields.ts`: get for one item, get and list for a collection) says it reads. */
export function readsOf(verb: readonly string[]): Reads {
  if (!verb.includes(GET)) return Reads.Nothing;
  return verb.includes(LIST) ? Reads.Many : Reads.One;
}

/**
 * True when a query asks to see one thing: its first word reads (the get group: show, retrieve,
 * fetch…) and nothing in it asks for a list.
 */
export function asksForOne(
  first: ReadonlyArray<QueryTerm> | undefined,
  groups: ReadonlyArray<ReadonlyArray<QueryTerm>>,
): boolean {
  // "Get" alone also means to obtain ("get a token", "get an onboarding link"), which makes one.
  const typed = first?.find((t) => t.kind === "typed");
  if (typed === undefined || typed.term === GET || !first?.some((t) => t.term === GET)) return false;
  return !groups.some((group) => group.some((t) => t.term === LIST && t.kind !== "implied"));
}
