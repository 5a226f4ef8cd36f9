/**
 * What people write in a task beside what APIs call it: "ship this PR" merges a pull request, "kill
 * the deploy" cancels or deletes it, "who starred my repo" lists stargazers. A query word gets the
 * API words of its row here as alternatives weighted below the word typed (`terms.ts` reads them
 * into the word's group), so the literal word still wins where an operation has it. The rows are
 * general English and API vocabulary (HTTP and REST verbs, the way OpenAPI, discovery and GraphQL
 * documents name things), not any one API's or task's answer; the comment above each group says
 * where it comes from. Unlike the symmetric groups of `words.ts`, a row reads one way only: a task
 * word finds the API word, not the other way round.
 */
import { LEXICON_NOUNS } from "./lexicon-nouns.js";
import { LEXICON_USAGE_LEADING, LEXICON_USAGE_NOUNS, LEXICON_USAGE_VERBS } from "./lexicon-usage.js";
import {
  LEXICON_API_VERBS,
  LEXICON_DERIVED,
  LEXICON_IRREGULAR,
  LEXICON_LEADING,
  LEXICON_VERBS,
} from "./lexicon-words.js";
import { stem } from "./stem.js";
import { ACTION_STEMS, STATE_VERBS } from "./words.js";

/** How a related term came: another form of the same word, or another word for it. */
export type RelatedKind = "form" | "related";

/** One task phrase of the lexicon: its words after the first (stems), and the API stems it stands for. */
interface Entry {
  rest: string[];
  terms: string[];
  /** A verb that is mostly a noun elsewhere ("pull", "bill"): read as a verb only when the task starts with it. */
  leading: boolean;
}

/** Stems of the words each side of a row: task phrases split on ",", API words on spaces. */
function tableOf(
  rows: ReadonlyArray<readonly [string, string]>,
  leading: boolean,
  into: Map<string, Entry[]>,
) {
  for (const [phrases, words] of rows) {
    const terms = words.split(" ").map(stem);
    for (const phrase of phrases.split(",")) {
      const [head, ...rest] = phrase.trim().split(" ").map(stem);
      const entries = into.get(head as string) ?? [];
      entries.push({ rest, terms, leading });
      into.set(head as string, entries);
    }
  }
  return into;
}

/** The rows of the tables, verbs, verbs read only when they lead, and nouns. */
const VERB_ROWS = [...LEXICON_VERBS, ...LEXICON_USAGE_VERBS];
const LEADING_ROWS = [...LEXICON_LEADING, ...LEXICON_USAGE_LEADING];
const NOUN_ROWS = [...LEXICON_NOUNS, ...LEXICON_USAGE_NOUNS];

const ENTRIES = tableOf(LEADING_ROWS, true, tableOf(NOUN_ROWS, false, tableOf(VERB_ROWS, false, new Map())));

/** A stem → the stems of its other forms: an irregular form's base, a derivation's others. */
const FORMS = (() => {
  const map = new Map<string, string[]>();
  const add = (from: string, to: string) => {
    if (from !== to && !map.get(from)?.includes(to)) map.set(from, [...(map.get(from) ?? []), to]);
  };
  for (const row of LEXICON_IRREGULAR) {
    const [base, ...forms] = row.split(" ").map(stem);
    for (const form of forms) add(form, base as string);
  }
  for (const row of LEXICON_DERIVED) {
    const stems = row.split(" ").map(stem);
    for (const a of stems) for (const b of stems) add(a, b);
  }
  return map;
})();

/** An irregular form → the stem of its base word (sent → send, froze → freez). */
const BASES = new Map(
  LEXICON_IRREGULAR.flatMap((row) => {
    const [base, ...forms] = row.split(" ");
    return forms.map((form) => [form, stem(base as string)] as const);
  }),
);

/** The stem of the base word of an irregular form ("sent" → send), or undefined for any other word. */
export function baseOf(word: string): string | undefined {
  return BASES.get(word);
}

/**
 * Every verb the search knows: the action groups' and the state verbs, the words a task side of a
 * verb row starts with, the irregular verbs and the API verbs no other table names.
 */
const KNOWN_VERBS: ReadonlySet<string> = new Set([
  ...ACTION_STEMS,
  ...STATE_VERBS,
  ...[...VERB_ROWS, ...LEADING_ROWS].flatMap(([task]) =>
    task.split(",").map((phrase) => stem(phrase.trim().split(" ")[0] as string)),
  ),
  ...LEXICON_IRREGULAR.map((row) => stem(row.split(" ")[0] as string)),
  ...LEXICON_API_VERBS.map(stem),
]);

/**
 * The stems of the API verbs task verbs stand for: a task word that finds one of them says what to
 * do. A verb row's other API words are things ("log out" → session, "promote" → role): a task word
 * that finds only them says no more what to do than the thing it names.
 */
export const LEXICON_VERB_TERMS: ReadonlySet<string> = new Set(
  [...VERB_ROWS, ...LEADING_ROWS]
    .flatMap(([, api]) => api.split(" ").map(stem))
    .filter((term) => KNOWN_VERBS.has(term)),
);

/** Most words a `*` of a phrase lets come between ("log this user out"). */
const GAP = 3;

/**
 * Where a phrase whose first word stands at `start` has its words, or undefined when it is not
 * there: side by side, but for a `*`, which lets up to {@link GAP} words come between.
 */
function spanOf(stems: readonly string[], start: number, rest: readonly string[]): number[] | undefined {
  const span = [start];
  let i = start;
  let gap = 0;
  for (const word of rest) {
    if (word === "*") {
      gap = GAP;
      continue;
    }
    let found = -1;
    for (let j = i + 1; j <= i + 1 + gap && j < stems.length; j++) {
      if (stems[j] === word) {
        found = j;
        break;
      }
    }
    if (found < 0) return undefined;
    span.push(found);
    i = found;
    gap = 0;
  }
  return span;
}

/** What the lexicon adds to a query: terms per word position, and groups of their own. */
export interface Related {
  /** By the position of a word in the query's words: the terms it stands for beside itself. */
  at: Map<number, Array<[term: string, kind: RelatedKind]>>;
  /** Phrases of stop words alone ("on its own" → auto) and signs (#general): each its own group. */
  alone: string[][];
}

/**
 * The related terms of `query`, read as its lower-case `words` (phrases folded, stop words still in
 * place, so that phrases match side by side); `keep(word)` says which words the query keeps. A
 * phrase's terms go to its first kept word; the form of a word counts as the word ("froze" finds
 * freeze's rows).
 */
export function relatedTerms(
  query: string,
  words: readonly string[],
  keep: (word: string) => boolean,
): Related {
  const at = new Map<number, Array<[string, RelatedKind]>>();
  const alone = signTerms(query);
  const stems = words.map(stem);
  const first = words.findIndex(keep);
  const add = (i: number, term: string, kind: RelatedKind) => {
    const list = at.get(i) ?? [];
    if (!list.some(([t]) => t === term)) list.push([term, kind]);
    at.set(i, list);
  };
  for (let i = 0; i < words.length; i++) {
    const own = stems[i] as string;
    const forms = FORMS.get(own) ?? [];
    if (keep(words[i] as string)) for (const form of forms) add(i, form, "form");
    for (const head of [own, ...forms]) {
      for (const entry of ENTRIES.get(head) ?? []) {
        if (entry.leading && i !== first) continue;
        const span = spanOf(stems, i, entry.rest);
        if (span === undefined) continue;
        const owner = span.find((j) => keep(words[j] as string));
        if (owner === undefined) alone.push(entry.terms);
        else for (const term of entry.terms) add(owner, term, "related");
      }
    }
  }
  return { at, alone };
}

/**
 * Signs of a value a task writes, each for the thing it names: `#general` a channel,
 * `jane@acme.com` an email address, `:tada:` an emoji, `https://…` a URL, `@jane` a user or a group,
 * `$9.99` an amount, `+1` a vote. The words of the value are read as any other; the sign adds the
 * thing it names.
 */
function signTerms(query: string): string[][] {
  const out: string[][] = [];
  if (/(^|\s)#[\p{L}]/u.test(query)) out.push(["channel", "conversation"].map(stem));
  const tokens = query.split(/\s+/).map(trimmed);
  for (const [things, is] of VALUES) if (tokens.some(is)) out.push(things.split(" ").map(stem));
  return out;
}

/** A token without the punctuation a sentence puts around it. */
function trimmed(token: string): string {
  let start = 0;
  let end = token.length;
  while (start < end && `"'(<`.includes(token[start] as string)) start++;
  while (end > start && `"',.;!?)>`.includes(token[end - 1] as string)) end--;
  return token.slice(start, end);
}

/** Characters of an emoji's short name between its colons (`:white_check_mark:`, `:+1:`). */
const EMOJI_NAME = /^[a-z0-9_+-]+$/;

/** The things a value names (words), and whether a token is such a value (checked a token at a time). */
const VALUES: ReadonlyArray<readonly [string, (token: string) => boolean]> = [
  ["email", (t) => t.indexOf("@") > 0 && t.slice(t.indexOf("@") + 1).includes(".")],
  // A handle: chat and code hosts mention a user, or a group of them, by it (`@oncall`, `@acme/web`).
  ["user group", (t) => t.startsWith("@") && /^[a-z]/i.test(t.slice(1)) && !t.slice(1).includes("@")],
  ["amount price", (t) => /^[$€£¥][0-9]/.test(t)],
  // A vote written as a number or a thumb: GitHub's reaction `+1`, an upvote.
  ["upvote like reaction", (t) => t === "+1" || t === "-1" || t === "👍" || t === "👎"],
  [
    "emoji",
    (t) =>
      t.length > 2 &&
      t.startsWith(":") &&
      t.endsWith(":") &&
      EMOJI_NAME.test(t.slice(1, -1)) &&
      /[a-z]/.test(t),
  ],
  ["url", (t) => t.startsWith("http://") || t.startsWith("https://")],
];
