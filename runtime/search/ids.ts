/**
 * Object IDs in a task (`cus_42`, `sub_123`, `qt_1`): many APIs begin an ID with a short form of its
 * object's name. The prefix is no word to search for (`sub` is not a sub-issue, `in` no stop word
 * here); it is read as an abbreviation of a word some operation's name has (cus → customer,
 * qt → quote, acct → account, dp → dispute), weighted low, since a short one fits several.
 */

/** Most letters of an ID's prefix: a longer one is a word of its own, not a short form. */
const MAX_PREFIX = 6;

/** Where the ID's parts meet. */
const JOIN = "_";

const LETTERS = /^[A-Za-z]+$/;
const ALPHANUMERIC = /^[A-Za-z0-9]+$/;
const DIGIT = /[0-9]/;

/** The prefix of an object ID (`cus` of `cus_42`), lower-cased, or undefined for any other token. */
function prefixOf(token: string): string | undefined {
  let start = 0;
  let end = token.length;
  while (start < end && !ALPHANUMERIC.test(token[start] as string)) start++;
  while (end > start && !ALPHANUMERIC.test(token[end - 1] as string)) end--;
  const id = token.slice(start, end);
  const join = id.indexOf(JOIN);
  if (join < 2 || join > MAX_PREFIX) return undefined;
  const [prefix, rest] = [id.slice(0, join), id.slice(join + 1)];
  return LETTERS.test(prefix) && ALPHANUMERIC.test(rest) && DIGIT.test(rest)
    ? prefix.toLowerCase()
    : undefined;
}

/** A task without its object IDs, and the IDs' prefixes. */
export function objectIds(query: string): { text: string; prefixes: string[] } {
  const prefixes: string[] = [];
  const kept = query.split(/(\s+)/).map((token) => {
    const prefix = prefixOf(token);
    if (prefix === undefined) return token;
    if (!prefixes.includes(prefix)) prefixes.push(prefix);
    return " ";
  });
  return { text: kept.join(""), prefixes };
}

/** True when `letters` abbreviate `term`: its first letter, then the rest of them in its order. */
export function abbreviates(letters: string, term: string): boolean {
  if (term[0] !== letters[0] || term.length < letters.length) return false;
  let k = 1;
  for (let i = 1; i < term.length && k < letters.length; i++) if (term[i] === letters[k]) k++;
  return k === letters.length;
}
