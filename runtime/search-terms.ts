/**
 * How search reads text: identifiers and prose split into words (`getUserById` → get user by id),
 * lower-cased, stop words dropped, interchangeable verbs folded (remove → delete) and plurals folded
 * (invoices → invoice). The same on both sides of the index.
 */

const STOP_WORDS = new Set(
  (
    "a an the of to for and or in on at by with from into is are be been this that it its as all any " +
    "each some me my i we our you your how do does can could would should what which who when where " +
    "please want need using use via one"
  ).split(" "),
);

/** Verbs agents use interchangeably, folded to one term on both sides of the index. */
const VERBS = new Map<string, string>(
  Object.entries({
    remove: "delete",
    destroy: "delete",
    erase: "delete",
    fetch: "get",
    retrieve: "get",
    read: "get",
    show: "get",
    view: "get",
    add: "create",
    make: "create",
    insert: "create",
    edit: "update",
    modify: "update",
    change: "update",
    find: "search",
    lookup: "search",
    query: "search",
    enumerate: "list",
    browse: "list",
  }),
);

/** Longest query search takes, in characters; agents say what they want in a few words. */
export const MAX_QUERY_LENGTH = 1_000;

/** Why a search query is refused (too long), or undefined when it may be searched. */
export function queryProblem(query: string): { code: string; message: string; hint: string } | undefined {
  if (query.length <= MAX_QUERY_LENGTH) return undefined;
  return {
    code: "QUERY_TOO_LONG",
    message: `the query is ${query.length} characters long; at most ${MAX_QUERY_LENGTH} are searched`,
    hint: 'say what you want to do in a few words, for example "send an email"',
  };
}

const isUpper = (code: number) => code >= 65 && code <= 90;
const isLower = (code: number) => code >= 97 && code <= 122;
const isDigit = (code: number) => code >= 48 && code <= 57;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/** Whether a code point belongs to a word: a letter or digit of any script. */
function inWord(point: number): boolean {
  if (point < 128) return isUpper(point) || isLower(point) || isDigit(point);
  return LETTER_OR_DIGIT.test(String.fromCodePoint(point));
}

/**
 * Splits identifiers and prose into words: `getUserById`, `get_user-by/id` → get user by id, and
 * `HTTPServer` → HTTP Server. One pass over the text: regular expressions for the case splits
 * backtrack quadratically on long runs of capitals, and the text comes from agents and specs.
 */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let start = -1;
  let previous = -1;
  for (let i = 0; i < text.length; ) {
    const point = text.codePointAt(i) as number;
    const size = point > 0xffff ? 2 : 1;
    if (!inWord(point)) {
      if (start >= 0) words.push(text.slice(start, i));
      start = -1;
      previous = -1;
    } else {
      // A capital starts a word after a lower-case letter or digit (getUser), and before a
      // lower-case letter at the end of a run of capitals (HTTPServer → HTTP Server).
      const boundary =
        isUpper(point) &&
        (isLower(previous) || isDigit(previous) || (isUpper(previous) && isLower(text.charCodeAt(i + 1))));
      if (start < 0) start = i;
      else if (boundary) {
        words.push(text.slice(start, i));
        start = i;
      }
      previous = point;
    }
    i += size;
  }
  if (start >= 0) words.push(text.slice(start));
  return words;
}

/** A light plural folding: invoices → invoice, policies → policy, addresses → address. */
function stem(word: string): string {
  if (word.length <= 3 || /(ss|us|is)$/.test(word)) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(sses|xes|ches|shes|zes)$/.test(word)) return word.slice(0, -2);
  return word.endsWith("s") ? word.slice(0, -1) : word;
}

/** One word as indexed, or null for a stop word. */
export function processTerm(term: string): string | null {
  const word = term.toLowerCase();
  if (STOP_WORDS.has(word)) return null;
  return VERBS.get(word) ?? stem(word);
}

/** The distinct indexed words of `text`, in order. */
export function termsOf(text: string): string[] {
  const terms = splitWords(text)
    .map(processTerm)
    .filter((term): term is string => term !== null && term !== "");
  return [...new Set(terms)];
}
