/** How long a search query may be: its characters (a longer one is refused) and the words it uses. */
import type { CataloguedCode } from "../contract/codes/index.js";

/** Longest query searched, in characters; a longer one is refused (a query says what to do, it is not a document). */
export const MAX_QUERY_CHARS = 1_000;
/** The same limit, as the tool schemas' `maxLength`. */
export const MAX_QUERY_LENGTH = MAX_QUERY_CHARS;
/** Most words of a query used: each costs a walk over postings, and no task needs more. */
export const MAX_QUERY_WORDS = 32;

/** Why a search query is refused (too long), or undefined when it may be searched. */
export function queryProblem(
  query: string,
): { code: CataloguedCode<"QUERY_TOO_LONG">; message: string; hint: string } | undefined {
  if (query.length <= MAX_QUERY_CHARS) return undefined;
  return {
    code: "QUERY_TOO_LONG",
    message: `the query is ${query.length} characters long; at most ${MAX_QUERY_CHARS} are searched`,
    hint: 'say what you want to do in a few words, for example "send an email"',
  };
}
