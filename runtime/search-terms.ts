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

/** Splits identifiers and prose into words: `getUserById`, `get_user-by/id` → get user by id. */
export function splitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
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
