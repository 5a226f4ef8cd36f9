/**
 * BM25F over the fields of the search index (Robertson & Zaragoza, "The Probabilistic Relevance
 * Framework: BM25 and Beyond", 2009): a term's frequency in each field is weighted and normalised by
 * that field's length, the sum saturates once, and rare terms count more (idf). Postings are built
 * when an index is loaded; a query walks only the postings of its own terms.
 */
import { type DocumentTexts, fieldPostings, flatTerms, layOut } from "./postings-layout.js";
import type { QueryTerm } from "./terms.js";

/**
 * The ranking's constants. Field weights: the name and the what-it-does sentence above the
 * description, above parameter names; what the parameters' descriptions add lowest, so that it
 * tells apart operations that otherwise read alike. `b`: how much each field's length normalises its term
 * frequencies (0: not at all). `k1`: BM25's saturation, how fast repeats of a term stop adding.
 * An index ranks with these unless it is given others (`npm run bench:search-fit` tries others).
 */
export const RANKING = {
  weight: {
    name: 2.5,
    summary: 2,
    description: 0.5,
    params: 0.5,
    verb: 1,
    hints: 2.5,
    output: 0.3,
    returns: 0.5,
    inputs: 0.2,
    unit: 0.75,
    group: 0.5,
  },
  b: {
    name: 0.75,
    summary: 0.75,
    description: 0.75,
    params: 0.5,
    verb: 0,
    hints: 0.5,
    output: 0.5,
    returns: 0.5,
    inputs: 0.5,
    unit: 0.5,
    group: 0.5,
  },
  k1: 1.2,
  /**
   * What a term counts for by how it came: typed, a synonym of a typed word, a word for the caller
   * (my → authenticated), "create" for a task with no verb, "update" for a state verb no name has
   * ("close"), a completion, a near miss, what an object ID's prefix abbreviates.
   */
  kind: {
    typed: 1,
    synonym: 0.5,
    self: 0.5,
    implied: 0.2,
    fallback: 0.5,
    form: 0.8,
    related: 0.4,
    compound: 0.8,
    derived: 0.6,
    prefix: 0.5,
    fuzzy: 0.3,
    abbreviation: 0.3,
  },
  /** How much an operation whose name or summary the query covers whole lifts it (the shorter, more general one wins). */
  generality: 0.5,
  /**
   * What an operation keeps of its score per fixed segment of its HTTP path: of two that match
   * alike, the one on the more general resource (`/orgs/{org}/repos`, not
   * `/orgs/{org}/teams/{team}/repos`) wins.
   */
  depth: 0.97,
  /**
   * What an operation named for an organisation or an enterprise keeps of its score when the query
   * names neither: a task that does not say whose asks for the repository's or the user's own.
   */
  scope: 0.85,
  /**
   * What an operation whose name says another kind of action than the query (create, read, update,
   * delete: "delete an item" for "add an item") keeps of its score.
   */
  conflict: 0.7,
  /**
   * What an operation whose name has a word the query excludes ("a plain, non-secret setting":
   * `create-repo-secret`) keeps of its score.
   */
  excluded: 0.7,
  /**
   * What an operation named for where the thing asked for is, and not for the thing ("fees from
   * connected accounts": `GetAccounts`, not `GetApplicationFees`), keeps of its score (`places.ts`).
   */
  place: 0.8,
  /**
   * How much an operation that reads one item lifts when the query asks to see one thing ("retrieve
   * a subscription": `GET /subscriptions/{id}`, not `GET /subscriptions`).
   */
  one: 1.1,
  /** How much the query's words in its own order, side by side in a name or summary, lift an operation. */
  phrase: 0.2,
  /** How much a query whose every pair of neighbouring words stands together (either way round) lifts it. */
  proximity: 0.3,
  /**
   * How far apart, in indexed words, two of the query's neighbouring words may stand in a name or
   * summary and still count as together: 2 lets one word come between ("delete a YouTube video"
   * for "delete a video"), as a name or summary adds a qualifier the query leaves out.
   */
  window: 2,
};

/** The ranking's constants, as {@link RANKING} has them; an index may be given another set. */
export type Ranking = typeof RANKING;

/** A query term as scored: its number in the index and how it came. */
export interface ScoredTerm {
  id: number;
  term: string;
  kind: QueryTerm["kind"] | "prefix" | "fuzzy" | "derived";
  /** Units (by number) whose operations the term does not count for. */
  except?: ReadonlySet<number>;
}

/** BM25's idf of a term `df` of `n` documents have. */
function idfOf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** Scored documents, in no order: `scores[i]` is the score of document `ids[i]`. */
export interface Scored {
  ids: number[];
  scores: number[];
}

/**
 * The postings of an index, worked out from each document's field terms and its unit's terms: for
 * each term, the documents that have it (`docs`, from `start[term]` to `start[term + 1]`) and its
 * weighted, length-normalised frequency in each (`tf`), in flat typed arrays.
 */
export class Postings25F {
  private readonly start: Int32Array;
  private readonly docs: Int32Array;
  private readonly tf: Float32Array;
  private readonly frequency: Float64Array;
  private readonly total: Float64Array;
  /** Per document, what a typed word its author's hints have scores as itself (see `scoreHinted`). */
  private readonly own: Float64Array;
  /** Per term, the documents whose author's hints have it. */
  private readonly hinted: { start: Int32Array; docs: Int32Array };
  private readonly docUnit: Int32Array;
  private readonly ranking: Ranking;

  /**
   * `fields[doc][field]` are term numbers in the order of `FIELDS` (`fields.ts`); `unitTerms[unit]` the terms of a
   * unit's own text, shared by `docUnit[doc]`'s documents; `actionTerms` the verbs, which count
   * only where an operation names its action; `ranking` the constants it weighs them with.
   */
  constructor(
    termCount: number,
    fields: ReadonlyArray<ReadonlyArray<readonly number[]>>,
    unitTerms: ReadonlyArray<readonly number[]>,
    docUnit: Int32Array,
    groups: { terms: ReadonlyArray<readonly number[]>; of: Int32Array },
    actionTerms: ReadonlySet<number>,
    ranking: Ranking = RANKING,
  ) {
    this.ranking = ranking;
    const texts: DocumentTexts = {
      fields,
      unit: (d) => unitTerms[docUnit[d] as number] ?? [],
      group: (d) => groups.terms[groups.of[d] as number] ?? [],
    };
    const flat = flatTerms(termCount, texts, actionTerms, ranking);
    const { start, docs, tf } = layOut(termCount, fields.length, flat);
    this.start = start;
    this.docs = docs;
    this.tf = tf;
    this.docUnit = docUnit;
    this.frequency = new Float64Array(fields.length);
    this.total = new Float64Array(fields.length);
    this.own = new Float64Array(fields.length);
    this.hinted = fieldPostings(termCount, fields, "hints");
  }

  /** True when some operation's author's hints have `term`. */
  isHinted(term: number): boolean {
    const { start } = this.hinted;
    return (start[term + 1] ?? 0) > (start[term] ?? 0);
  }

  /** How many documents have `term`. */
  documentFrequency(term: number): number {
    return term >= 0 && term + 1 < this.start.length
      ? (this.start[term + 1] as number) - (this.start[term] as number)
      : 0;
  }

  /**
   * The BM25F score of every document any group reaches; each group (a word and its alternatives)
   * counts once per document. `accept(doc)` leaves documents out.
   */
  score(groups: ReadonlyArray<ReadonlyArray<ScoredTerm>>, accept?: (doc: number) => boolean): Scored {
    const { frequency, total, docs, tf: tfs, start, ranking } = this;
    const n = total.length;
    const ids: number[] = [];
    for (const group of groups) {
      // A group scores as one term (as a synonym query does): its frequency the weighted sum of its
      // members', its idf that of every document any member is in, so that a rare synonym does not
      // outweigh the word typed, nor a common one drown it. Where an operation's author's hints have
      // the word typed, it scores as itself instead, when that is more: its own idf, so that the rare
      // word a hint names is not drowned by the common ones the lexicon relates to it.
      const touched: number[] = [];
      for (const { id, kind, except } of group) {
        const weight = ranking.kind[kind];
        const end = start[id + 1] ?? 0;
        for (let k = start[id] ?? 0; k < end; k++) {
          const doc = docs[k] as number;
          if (except?.has(this.docUnit[doc] as number)) continue;
          if (frequency[doc] === 0) touched.push(doc);
          frequency[doc] = (frequency[doc] as number) + weight * (tfs[k] as number);
        }
      }
      const idf = idfOf(touched.length, n);
      this.scoreHinted(group);
      for (const doc of touched) {
        const tf = frequency[doc] as number;
        const own = this.own[doc] as number;
        frequency[doc] = 0;
        this.own[doc] = 0;
        if (accept && !accept(doc)) continue;
        if (total[doc] === 0) ids.push(doc);
        total[doc] = (total[doc] as number) + Math.max(own, (idf * tf) / (ranking.k1 + tf));
      }
    }
    const scores = ids.map((doc) => {
      const score = total[doc] as number;
      total[doc] = 0;
      return score;
    });
    return { ids, scores };
  }

  /**
   * Into `own`, per document whose author's hints have a word of `group` as typed, that word's own
   * BM25F score there (its idf, its frequency over all the document's fields); the best of them.
   * Its documents are among the word's postings, both lists in document order.
   */
  private scoreHinted(group: ReadonlyArray<ScoredTerm>): void {
    const { hinted, own, docs, tf, start, ranking } = this;
    if (hinted.docs.length === 0) return;
    for (const { id, kind } of group) {
      if (kind !== "typed") continue;
      const idf = idfOf(this.documentFrequency(id), own.length);
      const end = start[id + 1] ?? 0;
      let k = start[id] ?? 0;
      for (let h = hinted.start[id] ?? 0; h < (hinted.start[id + 1] ?? 0); h++) {
        const doc = hinted.docs[h] as number;
        while (k < end && (docs[k] as number) < doc) k++;
        if (k === end || docs[k] !== doc) continue;
        const f = ranking.kind.typed * (tf[k] as number);
        own[doc] = Math.max(own[doc] as number, (idf * f) / (ranking.k1 + f));
      }
    }
  }
}
