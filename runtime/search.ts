/**
 * The cross-unit operation search behind `search_tools`: a MiniSearch index over operation names
 * (split on case, `_`, `-`, `/`), descriptions, unit tags, `useWhen` and parameter names. The
 * compiler builds it once ({@link buildSearchIndex}, written as `search-index.json`); the runtime
 * loads it ({@link SearchIndex.load}) instead of rebuilding it on start.
 */
import MiniSearch, { type AsPlainObject, type Options, type SearchOptions } from "minisearch";
import { processTerm, splitWords, termsOf } from "./search-terms.js";
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
  /** Words in more than {@link COMMON_RATIO} of the documents of a large catalogue, with their counts. */
  common: Array<[term: string, documents: number]>;
  index: AsPlainObject;
}

const FIELDS = ["name", "description", "tags", "useWhen", "params", "unit"];
const BOOST = { name: 3, description: 1.5, tags: 1.5, useWhen: 0.75, params: 1, unit: 0.75 };
const MAX_SUMMARY = 160;
/** From this many documents on, words most documents share are handled apart (see `query`). */
const COMMON_MIN_DOCUMENTS = 500;
const COMMON_RATIO = 0.05;
/** How much a shared word of the query found in an operation's name (or summary) lifts it. */
const COMMON_NAME_BOOST = 0.3;
const COMMON_SUMMARY_BOOST = 0.1;
/** When every word of a query is shared, the least shared ones covering this many documents find the candidates. */
const CANDIDATE_BUDGET = 1_500;
/** Most candidates reordered by shared words. */
const RERANK_WINDOW = 500;
/** How deep parameter names are collected (OpenAPI inputs group them under path/query/body). */
const PARAM_DEPTH = 3;

const SEARCH_OPTIONS: SearchOptions = {
  boost: BOOST,
  prefix: (term) => term.length >= 3,
  // One edit, on words of 5+ letters without digits: more lets `service42` reach every `service`.
  fuzzy: (term) => (term.length >= 5 && !/\d/.test(term) ? 1 : false),
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

/** The words in more than {@link COMMON_RATIO} of the rows, for catalogues large enough to need it. */
function commonTerms(rows: readonly Record<string, string | number>[]): Array<[string, number]> {
  if (rows.length < COMMON_MIN_DOCUMENTS) return [];
  const frequency = new Map<string, number>();
  for (const row of rows) {
    // Unit-wide text (unit description, tags, useWhen) is the same on all of a unit's operations.
    const text = `${row.name} ${row.description} ${row.params}`;
    for (const term of termsOf(text)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  }
  const cut = rows.length * COMMON_RATIO;
  return [...frequency].filter(([, n]) => n > cut).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
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
  return { format: SEARCH_INDEX_FORMAT, documents, common: commonTerms(rows), index: search.toJSON() };
}

/** The text of `search-index.json` for the text of `manifest.json` (one line; it is not for reading). */
export function searchIndexFile(manifestText: string): string {
  return `${JSON.stringify(buildSearchIndex(JSON.parse(manifestText) as { units: SearchableUnit[] }))}\n`;
}

type Scored = { id: number; score: number };

/** A loaded index, ready to query. */
export class SearchIndex {
  /** Shared word → how many documents have it. */
  private readonly common: Map<string, number>;
  private readonly words = new Map<number, { name: Set<string>; summary: Set<string> }>();

  private constructor(
    private readonly search: MiniSearch,
    readonly documents: readonly SearchDocument[],
    common: ReadonlyArray<[string, number]>,
  ) {
    this.common = new Map(common);
  }

  /** Loads a serialised index; throws when it is not one this runtime reads. */
  static load(serialized: unknown): SearchIndex {
    const data = serialized as Partial<SerializedSearchIndex> | null;
    if (data?.format !== SEARCH_INDEX_FORMAT || !Array.isArray(data.documents) || !data.index) {
      throw new Error(`not a search index of format ${SEARCH_INDEX_FORMAT}`);
    }
    return new SearchIndex(MiniSearch.loadJS(data.index, OPTIONS), data.documents, data.common ?? []);
  }

  /** Builds and loads an index in memory (for catalogues not compiled here, such as an upstream's). */
  static build(manifest: { units: readonly SearchableUnit[] }): SearchIndex {
    return SearchIndex.load(buildSearchIndex(manifest));
  }

  /**
   * The best `limit` hits for `query`, best first; `accept` filters by unit ID. In a large catalogue,
   * words most operations share (get, list, service…) would make every query score thousands of
   * documents while telling them apart little: the rarer words find the candidates, and the shared
   * ones only reorder them by whether the operation's name (or summary) has them.
   */
  query(query: string, limit: number, accept?: (unit: string) => boolean): SearchHit[] {
    const filter = accept
      ? (result: { id: number }) => accept((this.documents[result.id] as SearchDocument).unit)
      : undefined;
    const { finders, others } = this.split(termsOf(query));
    let scored: Scored[] | undefined;
    if (others.length > 0) {
      const found = this.search.search(finders.join(" "), {
        processTerm: (t) => t,
        ...(filter ? { filter } : {}),
      });
      // Finders that find too little are weak evidence: then rank with every word after all.
      if (found.length >= limit) scored = this.rerank(found.slice(0, RERANK_WINDOW) as Scored[], others);
    }
    scored ??= this.search.search(query, filter ? { filter } : {}) as Scored[];
    return scored.slice(0, limit).map((result) => ({
      ...(this.documents[result.id] as SearchDocument),
      score: result.score,
    }));
  }

  /** The words that find candidates (the rare ones, else the least shared) and those that only rerank. */
  private split(terms: string[]): { finders: string[]; others: string[] } {
    const rare = terms.filter((term) => !this.common.has(term));
    const shared = terms
      .filter((term) => this.common.has(term))
      .sort((a, b) => (this.common.get(a) as number) - (this.common.get(b) as number));
    if (rare.length > 0 || shared.length === 0) return { finders: rare, others: shared };
    let covered = 0;
    const finders: string[] = [];
    for (const term of shared) {
      const count = this.common.get(term) as number;
      if (finders.length > 0 && covered + count > CANDIDATE_BUDGET) break;
      finders.push(term);
      covered += count;
    }
    return { finders, others: shared.slice(finders.length) };
  }

  /** The words of a document's name and summary, worked out once. */
  private wordsOf(id: number): { name: Set<string>; summary: Set<string> } {
    let words = this.words.get(id);
    if (!words) {
      const document = this.documents[id] as SearchDocument;
      words = {
        name: new Set(termsOf(`${document.operation} ${document.tsName}`)),
        summary: new Set(termsOf(document.summary)),
      };
      this.words.set(id, words);
    }
    return words;
  }

  private rerank(candidates: Scored[], shared: readonly string[]): Scored[] {
    return candidates
      .map((candidate) => {
        const words = this.wordsOf(candidate.id);
        let boost = 1;
        for (const term of shared) {
          if (words.name.has(term)) boost += COMMON_NAME_BOOST;
          else if (words.summary.has(term)) boost += COMMON_SUMMARY_BOOST;
        }
        return { id: candidate.id, score: candidate.score * boost };
      })
      .sort((a, b) => b.score - a.score);
  }
}
