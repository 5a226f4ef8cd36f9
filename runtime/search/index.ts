/**
 * The cross-unit operation search behind `search_tools` and Code Mode's `units.search`: BM25F over
 * each operation's name, what-it-does sentence, description, parameter names, the verb of its HTTP
 * method and its unit's own text, with stemming and synonyms (`terms.ts`), an exact-phrase
 * boost and a tie-break toward the shorter, more general operation. The compiler reads every text
 * once ({@link buildSearchIndex}, written as `search-index.json`: term numbers per field); the
 * runtime loads it ({@link SearchIndex.load}) and only reads queries.
 */

import type { OperationGroup } from "../contract/manifest.js";
import { operationSignature, type SignatureOperation } from "../contract/signature.js";
import { withCompounds } from "./compounds.js";
import { attainableScore } from "./confidence.js";
import { firstLine, operationFields, pathDepth } from "./fields.js";
import { generality } from "./generality.js";
import { unitGroups } from "./groups.js";
import { actionKinds, conflicts, nameKinds } from "./intent.js";
import { TermLookup } from "./lookup.js";
import { phraseBoost } from "./phrase-boost.js";
import { bestScored, Postings25F, RANKING } from "./rank.js";
import { asksForOne, Reads, readsOf } from "./reads.js";
import type { SchemaResolver } from "./schema-names.js";
import { stem } from "./stem.js";
import { indexTerms, plainText, readQuery } from "./terms.js";
import { ACTION_STEMS } from "./words.js";

/**
 * Bumped when the serialised index changes. Format 4 lacks the `output` field, the last: it is read
 * as an index whose operations return nothing searchable.
 */
export const SEARCH_INDEX_FORMAT = 5;
/** The formats this runtime reads. */
const READABLE_FORMATS: readonly number[] = [4, SEARCH_INDEX_FORMAT];

/** An operation as search needs it (manifest operations and upstream catalogues both fit). */
export interface SearchableOperation extends SignatureOperation {
  name: string;
  description: string;
  group?: string;
  searchHints?: readonly string[];
}

/** A unit as search needs it. */
export interface SearchableUnit {
  id: string;
  name: string;
  description: string;
  tags: readonly string[];
  useWhen?: string;
  groups?: readonly OperationGroup[];
  /** The unit's shared schemas (the manifest's `schemas`), which its operations' schemas refer to. */
  schemas?: Readonly<Record<string, unknown>>;
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

/** The serialised index: the hit documents and, by document number, the term numbers of each field. */
export interface SerializedSearchIndex {
  format: number;
  documents: SearchDocument[];
  /** Every term, sorted; fields hold numbers into it. */
  terms: string[];
  /** Per document, per field (name, summary, description, params, verb, hints, output): terms in text order. */
  fields: number[][][];
  /** Per unit: the terms of its ID, name, description, tags and `useWhen`, shared by its operations. */
  units: Array<{ id: string; terms: number[] }>;
  /** Per document, the fixed segments of its HTTP path (0 without one). */
  depth: number[];
  /** The groups operations sit in (OpenAPI tags, discovery resources…): each group's terms once. */
  groups: Array<{ unit: string; name: string; terms: number[] }>;
  /** Per document, the number of its group in `groups` (-1 for none). */
  group: number[];
}

const MAX_SUMMARY = 160;
const DEFS = "#/$defs/";
/** Best-scored documents reordered by phrase and length before the cut to `limit`. */
const RERANK_WINDOW = 50;
/** Whose operations a query must name to prefer them: an organisation's or an enterprise's. */
const SCOPES = ["organization", "enterprise"].map(stem);

/** The first line of a description without HTML tags, cut to {@link MAX_SUMMARY} characters. */
export function summarize(description: string): string {
  const line = firstLine(plainText(description, { urls: false })).replace(/\s{2,}/g, " ");
  return line.length <= MAX_SUMMARY ? line : `${line.slice(0, MAX_SUMMARY - 1).trimEnd()}…`;
}

/**
 * Finds what a `#/$defs/<name>` ref of `operation` names: the unit's shared schemas, else the
 * definitions at the root of the operation's own schemas.
 */
function definitions(unit: SearchableUnit, operation: SearchableOperation): SchemaResolver {
  return (ref) => {
    if (!ref.startsWith(DEFS)) return undefined;
    const name = ref.slice(DEFS.length);
    const shared = unit.schemas?.[name];
    if (shared !== undefined) return shared;
    for (const schema of [operation.inputSchema, operation.outputSchema]) {
      const own = (schema as { $defs?: Record<string, unknown> } | undefined)?.$defs?.[name];
      if (own !== undefined) return own;
    }
    return undefined;
  };
}

/** Builds the index of every operation of `manifest` (pure; the result is plain JSON). */
export function buildSearchIndex(manifest: { units: readonly SearchableUnit[] }): SerializedSearchIndex {
  const documents: SearchDocument[] = [];
  const textFields: string[][][] = [];
  const unitTexts: Array<{ id: string; terms: string[] }> = [];
  const depth: number[] = [];
  const groupTexts: Array<{ unit: string; name: string; terms: string[] }> = [];
  const docGroup: number[] = [];
  for (const unit of manifest.units) {
    const grouped = unitGroups(unit, groupTexts.length);
    groupTexts.push(...grouped.groups);
    docGroup.push(...grouped.docGroup);
    const own = [unit.id, unit.name, unit.description, unit.tags.join(" "), unit.useWhen ?? ""].join("\n");
    unitTexts.push({ id: unit.id, terms: [...new Set(indexTerms(plainText(own)))] });
    for (const operation of unit.operations) {
      textFields.push(operationFields(operation, definitions(unit, operation)));
      depth.push(pathDepth(operation.invoke));
      documents.push({
        unit: unit.id,
        operation: operation.name,
        tsName: operation.tsName,
        summary: summarize(operation.description),
        signature: operationSignature(operation),
      });
    }
  }
  const vocabulary = new Set<string>();
  for (const fields of textFields) for (const field of fields) for (const term of field) vocabulary.add(term);
  for (const unit of unitTexts) for (const term of unit.terms) vocabulary.add(term);
  for (const group of groupTexts) for (const term of group.terms) vocabulary.add(term);
  const terms = [...vocabulary].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const number = new Map(terms.map((term, i) => [term, i]));
  const numbers = (list: readonly string[]) => list.map((term) => number.get(term) as number);
  return {
    format: SEARCH_INDEX_FORMAT,
    documents,
    terms,
    fields: textFields.map((fields) => fields.map(numbers)),
    units: unitTexts.map((unit) => ({ id: unit.id, terms: numbers(unit.terms) })),
    depth,
    groups: groupTexts.map((group) => ({ ...group, terms: numbers(group.terms) })),
    group: docGroup,
  };
}

/** The text of `search-index.json` for the text of `manifest.json` (one line; it is not for reading). */
export function searchIndexFile(manifestText: string): string {
  return `${JSON.stringify(buildSearchIndex(JSON.parse(manifestText) as { units: SearchableUnit[] }))}\n`;
}

function isValid(data: Partial<SerializedSearchIndex> | null): data is SerializedSearchIndex {
  return (
    data !== null &&
    READABLE_FORMATS.includes(data.format as number) &&
    Array.isArray(data.documents) &&
    Array.isArray(data.terms) &&
    Array.isArray(data.fields) &&
    data.fields.length === data.documents.length &&
    Array.isArray(data.depth) &&
    data.depth.length === data.documents.length &&
    Array.isArray(data.units) &&
    Array.isArray(data.groups) &&
    Array.isArray(data.group) &&
    data.group.length === data.documents.length
  );
}

/** A loaded index, ready to query. */
export class SearchIndex {
  readonly documents: readonly SearchDocument[];
  private readonly fields: number[][][];
  private readonly depth: readonly number[];
  private readonly docUnit: Int32Array;
  private readonly unitIds: string[];
  private readonly postings: Postings25F;
  /** Per document, the kinds of action its name names (create, read, update, delete). */
  private readonly named: Uint8Array;
  /** Per document, whether it reads one item, many or neither (see `reads.ts`). */
  private readonly reads: Uint8Array;
  private readonly lookup: TermLookup;
  /** The term numbers of the scope words (organisation, enterprise…) this index holds. */
  private readonly scopes: number[];
  private readonly groupsByUnit = new Map<string, string[]>();

  private constructor(data: SerializedSearchIndex) {
    this.documents = data.documents;
    this.fields = data.fields;
    this.depth = data.depth;
    this.unitIds = data.units.map((unit) => unit.id);
    const unitNumber = new Map(this.unitIds.map((id, i) => [id, i]));
    this.docUnit = Int32Array.from(data.documents, (d) => unitNumber.get(d.unit) ?? -1);
    this.postings = new Postings25F(
      data.terms.length,
      data.fields,
      data.units.map((unit) => unit.terms),
      this.docUnit,
      { terms: data.groups.map((group) => group.terms), of: Int32Array.from(data.group) },
      new Set(data.terms.flatMap((term, i) => (ACTION_STEMS.has(term) ? [i] : []))),
    );
    this.named = Uint8Array.from(data.fields, (fields) =>
      nameKinds((fields[0] ?? []).map((t) => data.terms[t] as string)),
    );
    this.reads = Uint8Array.from(data.fields, (fields) =>
      readsOf((fields[4] ?? []).map((t) => data.terms[t] as string)),
    );
    this.lookup = new TermLookup(data.terms, data.fields, this.docUnit, this.unitIds.length);
    this.scopes = SCOPES.map((term) => this.lookup.idOf(term)).filter((id) => id !== undefined);
    for (const group of data.groups) {
      const names = this.groupsByUnit.get(group.unit) ?? [];
      names.push(group.name);
      this.groupsByUnit.set(group.unit, names);
    }
  }

  /** Loads a serialised index; throws when it is not one this runtime reads. */
  static load(serialized: unknown): SearchIndex {
    const data = serialized as Partial<SerializedSearchIndex> | null;
    if (!isValid(data)) throw new Error(`not a search index of format ${SEARCH_INDEX_FORMAT}`);
    return new SearchIndex(data);
  }

  /** Builds and loads an index in memory (for catalogues not compiled here, such as an upstream's). */
  static build(manifest: { units: readonly SearchableUnit[] }): SearchIndex {
    return SearchIndex.load(buildSearchIndex(manifest));
  }

  /**
   * The best `limit` hits for `query`, best first; `accept` filters by unit ID, `acceptOperation` by
   * unit ID and operation name (a caller whose serve token permits only some operations).
   */
  query(
    query: string,
    limit: number,
    accept?: (unit: string) => boolean,
    acceptOperation?: (unit: string, operation: string) => boolean,
  ): SearchHit[] {
    const read = readQuery(query);
    const groups = read.groups
      .map((group) => this.lookup.resolve(withCompounds(group, read.compounds)))
      .filter((group) => group.length > 0);
    // What the query only implies ("my", a verb it lacks) finds nothing unless something it says matched.
    const said = groups.some((group) => group.some((t) => t.kind !== "self" && t.kind !== "implied"));
    if (!said || limit < 1) return [];
    let acceptDoc: ((doc: number) => boolean) | undefined;
    if (accept) {
      const accepted = this.unitIds.map((id) => accept(id));
      acceptDoc = (doc) => accepted[this.docUnit[doc] as number] === true;
    }
    if (acceptOperation) {
      const byUnit = acceptDoc;
      acceptDoc = (doc) => {
        const { unit, operation } = this.documents[doc] as SearchDocument;
        return (byUnit === undefined || byUnit(doc)) && acceptOperation(unit, operation);
      };
    }
    const { ids, scores } = this.postings.score(groups, acceptDoc);
    const asked = new Set(groups.flatMap((group) => group.map((t) => t.id)));
    const phrase = read.phrase.map((term) => {
      const group = groups.find((g) => g.some((t) => t.term === term));
      return new Set(group ? group.map((t) => t.id) : []);
    });
    const scopes = this.scopes;
    const unscoped = !scopes.some((id) => asked.has(id));
    // A task says its action first ("add an item …"); a verb later on describes ("files changed").
    const action = actionKinds(read.phrase[0] ?? "");
    const one = asksForOne(read.groups[0], read.groups);
    const window = bestScored({ ids, scores }, Math.max(limit, RERANK_WINDOW)).map(({ doc, score }) => {
      const agrees = conflicts(action, this.named[doc] as number) ? RANKING.conflict : 1;
      const shallow = RANKING.depth ** (this.depth[doc] ?? 0);
      const scoped = unscoped && this.namesAny(doc, scopes) ? RANKING.scope : 1;
      const item = one && this.reads[doc] === Reads.One ? RANKING.one : 1;
      const [name = [], summary = []] = this.fields[doc] as number[][];
      const boost =
        phraseBoost(name, summary, phrase) *
        generality(name, summary, asked) *
        agrees *
        shallow *
        scoped *
        item;
      return { doc, score: score * boost };
    });
    window.sort((a, b) => this.compare(a, b));
    return window.slice(0, limit).map(({ doc, score }) => ({
      ...(this.documents[doc] as SearchDocument),
      score,
    }));
  }

  /**
   * The best hit's score as a share of what `query`'s words could score here (see `confidence.ts`);
   * 0 when nothing matched.
   */
  share(query: string, best: number): number {
    const groups = readQuery(query).groups.map((group) => this.lookup.resolve(group));
    const most = attainableScore(
      groups.filter((g) => g.length > 0),
      (t) => this.postings.documentFrequency(t),
      this.documents.length,
    );
    return most > 0 ? best / most : 0;
  }

  /** The names of the groups a unit's operations sit in (OpenAPI tags, discovery resources…), in index order. */
  groupNames(unit: string): string[] {
    return this.groupsByUnit.get(unit) ?? [];
  }

  /** True when the operation's name has one of `terms`. */
  private namesAny(doc: number, terms: readonly number[]): boolean {
    const name = (this.fields[doc] as number[][])[0] ?? [];
    return terms.some((t) => name.includes(t));
  }

  /** Higher score first; on a tie, the shorter name, then the shorter summary, then index order. */
  private compare(a: { doc: number; score: number }, b: { doc: number; score: number }): number {
    const difference = Math.round(b.score * 1e6) - Math.round(a.score * 1e6);
    if (difference !== 0) return difference;
    const [nameA, summaryA] = this.fields[a.doc] as number[][];
    const [nameB, summaryB] = this.fields[b.doc] as number[][];
    return (
      (nameA?.length ?? 0) - (nameB?.length ?? 0) ||
      (summaryA?.length ?? 0) - (summaryB?.length ?? 0) ||
      a.doc - b.doc
    );
  }
}
