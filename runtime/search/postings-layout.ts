/**
 * How the postings of `rank.ts` are laid out when an index loads: each document's distinct terms
 * and their weighted, length-normalised frequencies in one flat buffer, then the same by term.
 */
import { FIELDS } from "./fields.js";
import type { Ranking } from "./rank.js";

/** Fields whose verbs say other things than what an operation does (the object it returns "is created when…"). */
const PROSE_FIELDS: ReadonlySet<string> = new Set(["description", "params", "output", "returns", "inputs"]);

/** What a document's text is made of: its fields' terms, its unit's and its group's. */
export interface DocumentTexts {
  fields: ReadonlyArray<ReadonlyArray<readonly number[]>>;
  unit: (doc: number) => readonly number[];
  group: (doc: number) => readonly number[];
}

/**
 * Each document's distinct terms and their weighted, length-normalised frequencies, one document
 * after another in one flat buffer (`docEnd[d]`: where document `d`'s end), with how many documents
 * have each term (`sizes[term + 1]`).
 */
export interface FlatTerms {
  terms: Int32Array;
  tf: Float32Array;
  docEnd: Int32Array;
  sizes: Int32Array;
}

/** The mean length of each field, of the unit's text and of the group's text, over the documents. */
function averageLengths(texts: DocumentTexts): { fields: number[]; unit: number; group: number } {
  const { fields } = texts;
  const count = Math.max(1, fields.length);
  return {
    fields: FIELDS.map((_, f) => fields.reduce((n, doc) => n + (doc[f]?.length ?? 0), 0) / count),
    unit: fields.reduce((n, _, d) => n + texts.unit(d).length, 0) / count,
    group: fields.reduce((n, _, d) => n + texts.group(d).length, 0) / count,
  };
}

/** The documents' terms as {@link FlatTerms}, weighed by field as `ranking` says. */
export function flatTerms(
  termCount: number,
  texts: DocumentTexts,
  actionTerms: ReadonlySet<number>,
  ranking: Ranking,
): FlatTerms {
  const { fields } = texts;
  const average = averageLengths(texts);
  const isAction = new Uint8Array(termCount);
  for (const term of actionTerms) isAction[term] = 1;
  let bound = 0;
  for (let d = 0; d < fields.length; d++) {
    for (const field of fields[d] ?? []) bound += field.length;
    bound += texts.unit(d).length + texts.group(d).length;
  }
  const flat: FlatTerms = {
    terms: new Int32Array(bound),
    tf: new Float32Array(bound),
    docEnd: new Int32Array(fields.length),
    sizes: new Int32Array(termCount + 1),
  };
  const weights = new Float64Array(termCount);
  let used = 0;
  const add = (
    terms: readonly number[],
    weight: number,
    b: number,
    averageLength: number,
    actions: boolean,
  ) => {
    const gain = weight / (1 - b + (b * terms.length) / Math.max(1e-9, averageLength));
    for (let k = 0; k < terms.length; k++) {
      const term = terms[k] as number;
      if (!actions && isAction[term] === 1) continue;
      if (weights[term] === 0) flat.terms[used++] = term;
      weights[term] = (weights[term] as number) + gain;
    }
  };
  for (let d = 0; d < fields.length; d++) {
    const from = used;
    const doc = fields[d] ?? [];
    for (let f = 0; f < FIELDS.length; f++) {
      const field = FIELDS[f] as (typeof FIELDS)[number];
      // Verbs say what an operation does where it names its action; in prose they say other things.
      const actions = !PROSE_FIELDS.has(field);
      add(doc[f] ?? [], ranking.weight[field], ranking.b[field], average.fields[f] as number, actions);
    }
    add(texts.unit(d), ranking.weight.unit, ranking.b.unit, average.unit, true);
    // A group's text is prose about many operations: its verbs do not say what one of them does.
    add(texts.group(d), ranking.weight.group, ranking.b.group, average.group, false);
    for (let k = from; k < used; k++) {
      const term = flat.terms[k] as number;
      flat.tf[k] = weights[term] as number;
      weights[term] = 0;
      flat.sizes[term + 1] = (flat.sizes[term + 1] as number) + 1;
    }
    flat.docEnd[d] = used;
  }
  return flat;
}

/**
 * The postings laid out by term from {@link FlatTerms}: for each term, the documents that have it
 * (`docs`, from `start[term]` to `start[term + 1]`) and its frequency in each (`tf`).
 */
export function layOut(
  termCount: number,
  documentCount: number,
  { terms, tf, docEnd, sizes }: FlatTerms,
): { start: Int32Array; docs: Int32Array; tf: Float32Array } {
  for (let t = 0; t < termCount; t++) sizes[t + 1] = (sizes[t + 1] as number) + (sizes[t] as number);
  const used = documentCount > 0 ? (docEnd[documentCount - 1] as number) : 0;
  const docs = new Int32Array(used);
  const laid = new Float32Array(used);
  const next = sizes.slice(0, termCount);
  for (let d = 0, k = 0; d < documentCount; d++) {
    for (; k < (docEnd[d] as number); k++) {
      const term = terms[k] as number;
      const at = next[term] as number;
      docs[at] = d;
      laid[at] = tf[k] as number;
      next[term] = at + 1;
    }
  }
  return { start: sizes, docs, tf: laid };
}

/**
 * For each term, the documents whose field `field` has it (`docs`, from `start[term]` to
 * `start[term + 1]`, in document order); both empty when no document has that field.
 */
export function fieldPostings(
  termCount: number,
  fields: ReadonlyArray<ReadonlyArray<readonly number[]>>,
  field: (typeof FIELDS)[number],
): { start: Int32Array; docs: Int32Array } {
  const f = FIELDS.indexOf(field);
  const start = new Int32Array(termCount + 1);
  const last = new Int32Array(termCount).fill(-1);
  let used = 0;
  fields.forEach((doc, d) => {
    for (const term of doc[f] ?? []) {
      if (last[term] === d) continue;
      last[term] = d;
      start[term + 1] = (start[term + 1] as number) + 1;
      used++;
    }
  });
  if (used === 0) return { start: new Int32Array(0), docs: new Int32Array(0) };
  for (let t = 0; t < termCount; t++) start[t + 1] = (start[t + 1] as number) + (start[t] as number);
  const docs = new Int32Array(used);
  const next = start.slice(0, termCount);
  fields.forEach((doc, d) => {
    for (const term of doc[f] ?? []) {
      const at = next[term] as number;
      // A term twice in the field is one document: the first put it there.
      if (at > (start[term] as number) && docs[at - 1] === d) continue;
      docs[at] = d;
      next[term] = at + 1;
    }
  });
  return { start, docs };
}
