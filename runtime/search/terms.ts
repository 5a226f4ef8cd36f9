/**
 * How search reads a query, into groups of alternatives scored together: its terms as the index
 * reads text (`index-terms.ts`), and with each the verbs and nouns people use for the same thing
 * (open → create, remove → delete, my → the authenticated user), an object ID's prefix as an
 * abbreviation (`cus_42` → customer: `ids.ts`) and what the lexicon relates to its words
 * (`lexicon.ts`: ship → merge, PR → pull request), weighted below the word it typed.
 */
import { compounds } from "./compounds.js";
import { objectIds } from "./ids.js";
import { keep, lowerWords } from "./index-terms.js";
import { baseOf, LEXICON_VERB_TERMS, type Related, relatedTerms } from "./lexicon.js";
import { excludedWords } from "./negation.js";
import { foldPhrases } from "./phrases.js";
import { placeWords, putsOnHolder, type Role, roleOf } from "./places.js";
import { MAX_QUERY_CHARS, MAX_QUERY_WORDS } from "./query-limits.js";
import { asksWhether, asksWhich, heldFrom, isPlural } from "./questions.js";
import { RULE_TERMS, statesRule } from "./rules.js";
import { stem } from "./stem.js";
import {
  ACTION_GROUPS,
  ACTION_STEMS,
  LATER_WORDS,
  MANY_WORDS,
  PEOPLE_WORDS,
  QUESTIONS,
  STATE_VERBS,
  STATES,
  THINGS,
  UPDATE,
} from "./words.js";

/**
 * Stop words that still say something in a query: "my" means the caller (APIs say "the
 * authenticated user", "current user" or "viewer"), "all" and "every" ask for a list, "who" asks
 * for people (an API's members or users).
 */
const HINTS = new Map<string, { kind: QueryTerm["kind"]; terms: string[] }>();
const SELF = { kind: "self" as const, terms: ["authenticated", "current", "viewer"].map(stem) };
for (const word of ["i", "me", "my", "mine", "myself", "own"]) HINTS.set(word, SELF);
const MANY = { kind: "synonym" as const, terms: ["list"] };
for (const word of MANY_WORDS) HINTS.set(word, MANY);
const PEOPLE = { kind: "synonym" as const, terms: ["member", "user"].map(stem) };
for (const word of PEOPLE_WORDS) HINTS.set(word, PEOPLE);
// A day or a time to come asks for something scheduled ("send a message tomorrow").
const LATER = { kind: "synonym" as const, terms: [stem("schedule")] };
for (const word of LATER_WORDS) HINTS.set(word, LATER);

const GET = stem("get");
const LIST = stem("list");
const CREATE = stem("create");
const LOCATION = stem("location");
const ITEM = stem("item");

/** A yes-or-no question asks to see a thing or check it. */
const WHETHER = [GET, stem("check")];

/**
 * Adds what a query asks without a word for it: to see or check (a yes-or-no question), to see
 * (another question), to make (a task with no verb). `typed` counts the groups of its own words.
 */
function addAsked(
  groups: Array<Map<string, QueryTerm["kind"]>>,
  typed: number,
  words: readonly string[],
  query: string,
): void {
  if (typed > 0 && asksWhether(words, query)) groups.push(new Map(WHETHER.map((term) => [term, "synonym"])));
  // A question of where asks for a place: APIs name it a location ("where did the alert show up").
  if (typed > 0 && words[0] === "where" && !groups.some((group) => group.has(LOCATION)))
    groups.push(new Map([[LOCATION, "related"]]));
  // A task of several words with no verb for it ("comment on an issue", "invite someone") asks to do
  // something: create, a little. One word alone ("invoices", a typo) says too little to tell.
  const acts = (group: Map<string, QueryTerm["kind"]>) =>
    [...group].some(([term, kind]) =>
      kind === "related" ? LEXICON_VERB_TERMS.has(term) : kind !== "fallback" && ACTION_STEMS.has(term),
    );
  // A question ("what's holding this issue up", "which files changed") asks to see, not to make.
  if (typed > 1 && !groups.some(acts)) {
    const question = QUESTIONS.has(words[0] ?? "");
    // Which of many things asks for a list as plainly as a verb would.
    if (question && asksWhich(words))
      groups.push(
        new Map([
          [LIST, "synonym"],
          [GET, "synonym"],
        ]),
      );
    else groups.push(new Map([[question ? GET : CREATE, "implied"]]));
  }
}

/**
 * "Make the repository private" changes a thing that exists: "make" ending on a state is an
 * update. ("Make a private channel", the state before the thing, creates one.)
 */
function madeInto(words: string[]): string[] {
  if (words[0] !== "make" || words.length < 3 || !STATES.has(words.at(-1) as string)) return words;
  return ["change", ...words.slice(1)];
}

/** Verbs of the create group that are also adjectives: a thing's state or age. */
const ADJECTIVES = new Set(["open", "new"].map(stem));

/** A stem → the stems of its synonyms. */
const EXPANSIONS = (() => {
  const map = new Map<string, Set<string>>();
  for (const group of [...ACTION_GROUPS, ...THINGS]) {
    const stems = group.map(stem);
    for (const own of stems) {
      const others = map.get(own) ?? new Set<string>();
      for (const other of stems) if (other !== own) others.add(other);
      map.set(own, others);
    }
  }
  return map;
})();

/**
 * One term of a query group: typed, a synonym of a typed word, a word for the caller (my →
 * authenticated), or what the lexicon relates to a typed word (another form of it, an API's word for it).
 */
export interface QueryTerm {
  term: string;
  kind:
    | "typed"
    | "synonym"
    | "self"
    | "implied"
    | "fallback"
    | "form"
    | "related"
    | "compound"
    | "abbreviation";
}

/** A query read for search: groups of alternatives (a word and its synonyms) and the typed terms in order. */
export interface ReadQuery {
  /** Each group scores once per document, by its best term. */
  groups: QueryTerm[][];
  /** The typed terms, in order, for the exact-phrase boost. */
  phrase: string[];
  /** Typed terms and the stem of the word each makes with a neighbour (web, webhook): see `compounds.ts`. */
  compounds: Array<[typed: string, joined: string]>;
  /** The stems of the words the query excludes and does not also ask for (see `negation.ts`). */
  excluded: string[];
  /** Per group, whether its typed word says where, says what, or neither (see `places.ts`). */
  roles: Role[];
}

/** A group of alternatives, by term, each with how it came. */
type Group = Map<string, QueryTerm["kind"]>;
/** Terms a stop word hints at (my → authenticated). */
type Hint = { kind: QueryTerm["kind"]; terms: string[] };

/**
 * A typed word's alternatives: its synonyms (not after a verb for "open" and "new": they say which
 * ones, "list open issues", not what to do), "update" for a state verb, what the lexicon relates to
 * it (`related`, the lexicon's terms at its position).
 */
function alternativesOf(
  term: string,
  verbSeen: boolean,
  related: ReadonlyArray<[string, QueryTerm["kind"]]>,
  held: boolean,
): Group {
  const alternatives: Group = new Map([[term, "typed"]]);
  // A verb for what a question asks someone holds ("does dave have write access") names it, not
  // an action: its synonyms (write → create) would find operations that do it.
  const content = held && (ACTION_STEMS.has(term) || STATE_VERBS.has(term));
  if (!(verbSeen && ADJECTIVES.has(term)) && !content)
    for (const other of EXPANSIONS.get(term) ?? []) alternatives.set(other, "synonym");
  if (STATE_VERBS.has(term) && !content && !alternatives.has(UPDATE)) alternatives.set(UPDATE, "fallback");
  for (const [other, kind] of related) if (!alternatives.has(other)) alternatives.set(other, kind);
  return alternatives;
}

/** The groups of a query's own words, in order, what each says (its role) and what it hints at. */
interface TypedGroups {
  groups: Group[];
  roles: Role[];
  phrase: string[];
  hinted: Set<Hint>;
  excluded: string[];
}

/** Reads `words`, a group per distinct intent (`related`: what the lexicon relates to them). */
function typedGroups(words: readonly string[], related: Related): TypedGroups {
  const out: TypedGroups = { groups: [], roles: [], phrase: [], hinted: new Set(), excluded: [] };
  const { groups, phrase } = out;
  let verbSeen = false;
  const negated = excludedWords(words, keep);
  const excluded = new Set<string>();
  const asked = new Set<string>();
  const places = placeWords(words);
  const held = heldFrom(words);
  for (const [i, word] of words.entries()) {
    if (phrase.length === MAX_QUERY_WORDS) break;
    const hint = HINTS.get(word);
    if (hint) out.hinted.add(hint);
    if (!keep(word) || i === held) continue;
    const term = stem(word);
    // An excluded word still counts as typed: prose that has it often says the same ("without
    // charging it"); only a name that has it is held against (`index.ts`).
    (negated.has(i) ? excluded : asked).add(term);
    // After the first word, a verb's past participle says which one ("reopen a closed pull
    // request", "restore a deleted file", "the message I sent"), not what to do: it would find the
    // operations that do it.
    const past = word.endsWith("ed") ? term : baseOf(word);
    if (phrase.length > 0 && past !== undefined && (ACTION_STEMS.has(past) || STATE_VERBS.has(past)))
      continue;
    phrase.push(term);
    const alternatives = alternativesOf(term, verbSeen, related.at.get(i) ?? [], i > held);
    verbSeen ||= ACTION_STEMS.has(term) && i <= held;
    // A word that is a synonym of an earlier one (open … new) joins its group instead of counting
    // twice; a word the lexicon only relates to an earlier one is a word of its own.
    const same = groups.find((group) => {
      const kind = group.get(term);
      return kind !== undefined && kind !== "related" && kind !== "form";
    });
    if (!same) {
      groups.push(alternatives);
      out.roles.push(roleOf(word, term, places.has(i)));
    } else for (const [t, kind] of alternatives) if (same.get(t) !== "typed") same.set(t, kind);
  }
  out.excluded = [...excluded].filter((term) => !asked.has(term));
  return out;
}

/**
 * Adds the groups of what the typed words hint at (`hinted`), of what the lexicon relates to the
 * query as a whole (`alone`) and of object IDs' prefixes. A hint adds nothing when a group already
 * asks for its terms (all … list), else it stands as its own.
 */
function addHints(groups: Group[], hinted: ReadonlySet<Hint>, alone: string[][], prefixes: string[]): void {
  const lexicon = alone.map((terms) => ({ kind: "related" as const, terms }));
  for (const { kind, terms } of [...hinted, ...lexicon]) {
    if (!groups.some((group) => terms.some((term) => group.has(term)))) {
      groups.push(new Map(terms.map((term) => [term, kind])));
    }
  }
  for (const prefix of prefixes) groups.push(new Map([[prefix, "abbreviation"]]));
}

/**
 * Reads a query: at most {@link MAX_QUERY_CHARS} characters and {@link MAX_QUERY_WORDS} words, a
 * group per distinct intent.
 */
export function readQuery(query: string): ReadQuery {
  const { text, prefixes } = objectIds(query.slice(0, MAX_QUERY_CHARS));
  const words = madeInto(foldPhrases(lowerWords(text)));
  const related = relatedTerms(query, words, keep);
  const { groups, roles, phrase, hinted, excluded } = typedGroups(words, related);
  // Asking to see things, many of them ("show open pull requests"), asks for a list.
  const read = groups.find((group) => group.get(GET) !== undefined && group.get(LIST) === undefined);
  if (read && words.some(isPlural)) read.set(LIST, "synonym");
  const typed = groups.length;
  if (typed > 0) addHints(groups, hinted, related.alone, prefixes);
  // A rule stated asks for the operation that sets it, named for the rule (`rules.ts`).
  if (typed > 0 && statesRule(words)) groups.push(new Map(RULE_TERMS.map((term) => [term, "related"])));
  addAsked(groups, typed, words, query);
  // Putting a thing on a board, a list or a project adds an item to it (`places.ts`).
  if (typed > 0 && putsOnHolder(words)) groups.push(new Map([[ITEM, "related"]]));
  return {
    groups: groups.map((group) => [...group].map(([term, kind]) => ({ term, kind }))),
    phrase,
    compounds: compounds(words, keep),
    excluded,
    roles: groups.map((_, i) => roles[i] ?? "other"),
  };
}
