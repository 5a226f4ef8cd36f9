/**
 * Building the search index: the compiler reads every operation's text once into term numbers per
 * field (`search-index.json`), which the runtime's {@link SearchIndex} loads and queries (index.ts).
 */
import type { OperationGroup } from "../contract/manifest.js";
import { operationSignature, type SignatureOperation } from "../contract/signature.js";
import { firstLine, operationFields, pathDepth } from "./fields.js";
import { unitGroups } from "./groups.js";
import { indexTerms } from "./index-terms.js";
import { packSearchIndex } from "./packed.js";
import type { SchemaResolver } from "./schema-names.js";
import { plainText } from "./split-words.js";

/**
 * Bumped when the serialised index changes. Format 4 lacks the `output`, `returns` and `inputs`
 * fields, format 5 `returns` and `inputs`, format 6 `inputs`: each is read as an index whose
 * operations have nothing searchable there. (7 is the number of the packed format of before.)
 */
export const SEARCH_INDEX_FORMAT = 8;

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
  /** Per document, per field (name, summary, description, params, verb, hints, output, returns, inputs): terms in text order. */
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

/** The text of `search-index.json` for `manifest` (one line, packed; it is not for reading). */
export function searchIndexFile(manifest: { units: readonly SearchableUnit[] }): string {
  return `${JSON.stringify(packSearchIndex(buildSearchIndex(manifest)))}\n`;
}
