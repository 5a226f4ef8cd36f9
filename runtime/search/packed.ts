/**
 * `search-index.json` as written (format 9): the index of `build.ts` packed, and unpacked on load to
 * exactly that index, so ranking cannot tell them apart. Term lists are strings of variable-length
 * base-32 digits over numbers given by how often a term occurs (the commonest take one character);
 * documents are arrays without field names, their unit said once per run, their TypeScript name only
 * where it is not the one derived from the operation name, their signature without that name.
 */
import { derivedTsName } from "../contract/manifest-derived.js";
import type { SearchDocument, SerializedSearchIndex } from "./build.js";

/**
 * The format of a packed index: past every in-memory format (8 is the one with the `inputs`
 * field), so an index `buildSearchIndex` made is never taken for a packed one.
 */
export const PACKED_SEARCH_INDEX_FORMAT = 9;

/** A document as packed: operation, summary, signature (from the `(`), and tsName where not derived. */
type PackedDocument = [string, string, string] | [string, string, string, string];

/** The packed index: `SerializedSearchIndex` with its term lists and documents packed. */
export interface PackedSearchIndex {
  format: typeof PACKED_SEARCH_INDEX_FORMAT;
  /** The in-memory format the index unpacks to. */
  unpacks: number;
  /** Every term, sorted, as in the unpacked index. */
  terms: string[];
  /** Term numbers by frequency: the packed number `i` is the term number `order[i]` (itself packed). */
  order: string;
  /** Runs of documents by unit: unit ID, count, unit ID, count… */
  runs: Array<string | number>;
  documents: PackedDocument[];
  /** Per document, its fields' term lists packed and joined by a space. */
  fields: string[];
  units: Array<{ id: string; terms: string }>;
  depth: number[];
  groups: Array<{ unit: string; name: string; terms: string }>;
  group: number[];
}

const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
/** Digit values by character code: 0–31 end a number, 32–63 say more digits follow. */
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < DIGITS.length; i++) VALUE[DIGITS.charCodeAt(i)] = i;

/** A list of non-negative integers as base-32 digits, most significant first. */
export function packNumbers(numbers: readonly number[]): string {
  let out = "";
  for (const n of numbers) {
    let digits = DIGITS[n & 31] as string;
    for (let rest = n >>> 5; rest > 0; rest >>>= 5) digits = DIGITS[(rest & 31) + 32] + digits;
    out += digits;
  }
  return out;
}

/** The numbers of {@link packNumbers}, each mapped by `map`; throws on a character it never writes. */
export function unpackNumbers(text: string, map?: ArrayLike<number>): number[] {
  const numbers: number[] = [];
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const value = VALUE[text.charCodeAt(i)] ?? -1;
    if (value < 0) throw new Error(`search index: unexpected ${JSON.stringify(text[i])} in a term list`);
    if (value >= 32) n = n * 32 + (value - 32);
    else {
      const number = n * 32 + value;
      numbers.push(map === undefined ? number : (map[number] as number));
      n = 0;
    }
  }
  return numbers;
}

/** Term numbers ordered by how many times the fields hold each, most first (ties by number). */
function byFrequency(index: SerializedSearchIndex): { order: number[]; rank: Int32Array } {
  const counts = new Int32Array(index.terms.length);
  for (const fields of index.fields)
    for (const field of fields) for (const t of field) counts[t] = (counts[t] as number) + 1;
  const order = [...counts.keys()].sort((a, b) => (counts[b] as number) - (counts[a] as number) || a - b);
  const rank = new Int32Array(order.length);
  order.forEach((term, i) => {
    rank[term] = i;
  });
  return { order, rank };
}

/** The packed form of an index `buildSearchIndex` made. */
export function packSearchIndex(index: SerializedSearchIndex): PackedSearchIndex {
  const { order, rank } = byFrequency(index);
  const packed = (terms: readonly number[]) => packNumbers(terms.map((t) => rank[t] as number));
  const runs: Array<string | number> = [];
  for (const doc of index.documents) {
    if (runs.length > 0 && runs[runs.length - 2] === doc.unit) (runs[runs.length - 1] as number)++;
    else runs.push(doc.unit, 1);
  }
  return {
    format: PACKED_SEARCH_INDEX_FORMAT,
    unpacks: index.format,
    terms: index.terms,
    order: packNumbers(order),
    runs,
    documents: index.documents.map(packDocument),
    fields: index.fields.map((fields) => fields.map(packed).join(" ")),
    units: index.units.map((unit) => ({ id: unit.id, terms: packed(unit.terms) })),
    depth: index.depth,
    groups: index.groups.map((group) => ({ ...group, terms: packed(group.terms) })),
    group: index.group,
  };
}

function packDocument(doc: SearchDocument): PackedDocument {
  const prefixed = doc.tsName !== "" && doc.signature.startsWith(`${doc.tsName}(`);
  const signature = prefixed ? doc.signature.slice(doc.tsName.length) : doc.signature;
  const derived = doc.tsName === derivedTsName(doc.operation);
  return derived
    ? [doc.operation, doc.summary, signature]
    : [doc.operation, doc.summary, signature, doc.tsName];
}

/** True for what {@link packSearchIndex} writes (its parts checked as they are unpacked). */
export function isPacked(data: unknown): data is PackedSearchIndex {
  const record = data as Partial<PackedSearchIndex> | null;
  return record?.format === PACKED_SEARCH_INDEX_FORMAT && typeof record.unpacks === "number";
}

/** The documents of a packed index, with their units, names and signatures whole again. */
export function unpackDocuments(packed: PackedSearchIndex): SearchDocument[] {
  const units: string[] = [];
  for (let i = 0; i + 1 < packed.runs.length; i += 2) {
    for (let n = 0; n < (packed.runs[i + 1] as number); n++) units.push(packed.runs[i] as string);
  }
  if (units.length !== packed.documents.length) throw new Error("search index: document runs do not add up");
  return packed.documents.map(([operation, summary, signature, written], i) => {
    const tsName = written ?? derivedTsName(operation);
    const whole = signature.startsWith("(") ? `${tsName}${signature}` : signature;
    return { unit: units[i] as string, operation, tsName, summary, signature: whole };
  });
}

/** The index a packed one was made from. */
export function unpackSearchIndex(packed: PackedSearchIndex): SerializedSearchIndex {
  const order = unpackNumbers(packed.order);
  const terms = (text: string) => unpackNumbers(text, order);
  return {
    format: packed.unpacks,
    documents: unpackDocuments(packed),
    terms: packed.terms,
    fields: packed.fields.map((text) => text.split(" ").map(terms)),
    units: packed.units.map((unit) => ({ id: unit.id, terms: terms(unit.terms) })),
    depth: packed.depth,
    groups: packed.groups.map((group) => ({ ...group, terms: terms(group.terms) })),
    group: packed.group,
  };
}
