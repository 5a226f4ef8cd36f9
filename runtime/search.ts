/**
 * The cross-unit operation search behind `search_tools`: a MiniSearch index over operation names
 * (split on case, `_`, `-`, `/`), descriptions, unit tags, `useWhen` and parameter names. The
 * compiler builds it once ({@link buildSearchIndex}, written as `search-index.json`); the runtime
 * loads it ({@link SearchIndex.load}) instead of rebuilding it on start.
 */
import MiniSearch, { type AsPlainObject, type Options, type SearchOptions } from "minisearch";
import { operationSignature, type SignatureOperation } from "./signature.js";

/** Bumped when the serialised index changes incompatibly. */
export const SEARCH_INDEX_FORMAT = 1;

/** An operation as search needs it (manifest operations and upstream catalogues both fit). */
export interface SearchableOperation extends SignatureOperation {
  name: string;
  description: string;
}

/** A unit as search needs it. */
export interface SearchableUnit {
  id: string;
  name: string;
  description: string;
  tags: readonly string[];
  useWhen?: string;
  operations: readonly SearchableOperation[];
}

/** What one hit returns: the operation, a one-line description and its TypeScript call signature. */
export interface SearchDocument {
  unit: string;
  operation: string;
  tsName: string;
  summary: string;
  /** `name(input: …): Promise<…>`, without the `units.<id>.` prefix. */
  signature: string;
}

export interface SearchHit extends SearchDocument {
  score: number;
}

/** The serialised index: MiniSearch's JSON plus the hit documents, by document number. */
export interface SerializedSearchIndex {
  format: typeof SEARCH_INDEX_FORMAT;
  documents: SearchDocument[];
  index: AsPlainObject;
}

const FIELDS = ["name", "description", "tags", "useWhen", "params", "unit"];
const BOOST = { name: 3, description: 1.5, tags: 1.5, useWhen: 0.75, params: 1, unit: 0.75 };
const MAX_SUMMARY = 160;
/** How deep parameter names are collected (OpenAPI inputs group them under path/query/body). */
const PARAM_DEPTH = 3;

const STOP_WORDS = new Set(
  (
    "a an the of to for and or in on at by with from into is are be been this that it its as all any " +
    "each some me my i we our you your how do does can could would should what which who when where " +
    "please want need using use via one"
  ).split(" "),
);

/** Verbs agents use interchangeably, folded to one term on both sides of the index. */
const VERBS = new Map<string, string>(Object.entries({
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
}));

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

function processTerm(term: string): string | null {
  const word = term.toLowerCase();
  if (STOP_WORDS.has(word)) return null;
  return VERBS.get(word) ?? stem(word);
}

const SEARCH_OPTIONS: SearchOptions = {
  boost: BOOST,
  prefix: (term) => term.length >= 3,
  fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
  maxFuzzy: 2,
  weights: { fuzzy: 0.3, prefix: 0.4 },
};

const OPTIONS: Options = {
  fields: FIELDS,
  idField: "id",
  tokenize: splitWords,
  processTerm,
  searchOptions: { ...SEARCH_OPTIONS, tokenize: splitWords, processTerm },
};

/** Property names of a schema, nested objects included, up to {@link PARAM_DEPTH}. */
function parameterNames(schema: unknown, depth = 0): string[] {
  if (depth >= PARAM_DEPTH || typeof schema !== "object" || schema === null) return [];
  const properties = (schema as { properties?: unknown }).properties;
  if (typeof properties !== "object" || properties === null) return [];
  return Object.entries(properties).flatMap(([name, sub]) => [name, ...parameterNames(sub, depth + 1)]);
}

/**
 * The words of `text` that `name` does not already have: a parameter such as `refundId` must not make
 * `getRefund` outrank `createRefund` for "refund" just by repeating the noun of the name.
 */
function extraWords(text: string, name: string): string {
  const own = new Set(splitWords(name).map((w) => processTerm(w)));
  return splitWords(text)
    .filter((word) => !own.has(processTerm(word)))
    .join(" ");
}

/** The first line of a description, cut to {@link MAX_SUMMARY} characters. */
export function summarize(description: string): string {
  const line = description.trim().split(/\r?\n/, 1)[0] ?? "";
  return line.length <= MAX_SUMMARY ? line : `${line.slice(0, MAX_SUMMARY - 1).trimEnd()}…`;
}

/** Builds the index of every operation of `manifest` (pure; the result is plain JSON). */
export function buildSearchIndex(manifest: { units: readonly SearchableUnit[] }): SerializedSearchIndex {
  const documents: SearchDocument[] = [];
  const rows: Record<string, string | number>[] = [];
  for (const unit of manifest.units) {
    const unitText = `${unit.id} ${unit.name} ${unit.description}`;
    for (const operation of unit.operations) {
      rows.push({
        id: documents.length,
        name: `${operation.name} ${operation.tsName}`,
        description: operation.description,
        tags: unit.tags.join(" "),
        useWhen: unit.useWhen ?? "",
        params: extraWords(parameterNames(operation.inputSchema).join(" "), operation.name),
        unit: unitText,
      });
      documents.push({
        unit: unit.id,
        operation: operation.name,
        tsName: operation.tsName,
        summary: summarize(operation.description),
        signature: operationSignature(operation),
      });
    }
  }
  const search = new MiniSearch(OPTIONS);
  search.addAll(rows);
  return { format: SEARCH_INDEX_FORMAT, documents, index: search.toJSON() };
}

/** The text of `search-index.json` for the text of `manifest.json` (one line; it is not for reading). */
export function searchIndexFile(manifestText: string): string {
  return `${JSON.stringify(buildSearchIndex(JSON.parse(manifestText) as { units: SearchableUnit[] }))}\n`;
}

/** A loaded index, ready to query. */
export class SearchIndex {
  private constructor(
    private readonly search: MiniSearch,
    readonly documents: readonly SearchDocument[],
  ) {}

  /** Loads a serialised index; throws when it is not one this runtime reads. */
  static load(serialized: unknown): SearchIndex {
    const data = serialized as Partial<SerializedSearchIndex> | null;
    if (data?.format !== SEARCH_INDEX_FORMAT || !Array.isArray(data.documents) || !data.index) {
      throw new Error(`not a search index of format ${SEARCH_INDEX_FORMAT}`);
    }
    return new SearchIndex(MiniSearch.loadJS(data.index, OPTIONS), data.documents);
  }

  /** Builds and loads an index in memory (for catalogues not compiled here, such as an upstream's). */
  static build(manifest: { units: readonly SearchableUnit[] }): SearchIndex {
    return SearchIndex.load(buildSearchIndex(manifest));
  }

  /** The best `limit` hits for `query`, best first; `accept` filters by unit ID. */
  query(query: string, limit: number, accept?: (unit: string) => boolean): SearchHit[] {
    const filter = accept
      ? (result: { id: number }) => accept((this.documents[result.id] as SearchDocument).unit)
      : undefined;
    const results = this.search.search(query, filter ? { filter } : {});
    return results.slice(0, limit).map((result) => ({
      ...(this.documents[result.id as number] as SearchDocument),
      score: result.score,
    }));
  }
}
