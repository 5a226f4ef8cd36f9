/**
 * The cross-unit operation search behind `search_tools` and Code Mode's `units.search`: BM25F over
 * each operation's name, what-it-does sentence, description, parameter names, the verb of its HTTP
 * method, what it returns and its unit's own text, with stemming and synonyms (`terms.ts`), an
 * exact-phrase boost and a tie-break toward the shorter, more general operation. The compiler reads every text
 * once ({@link buildSearchIndex}, written as `search-index.json`: term numbers per field); the
 * runtime loads it ({@link SearchIndex.load}) and only reads queries.
 */

import { bestScored } from "./best-scored.js";
import {
  buildSearchIndex,
  SEARCH_INDEX_FORMAT,
  type SearchableUnit,
  type SearchDocument,
  type SearchHit,
  type SerializedSearchIndex,
} from "./build.js";
import { withCompounds } from "./compounds.js";
import { attainableScore } from "./confidence.js";
import { generality } from "./generality.js";
import { actionKinds, conflicts, nameKinds } from "./intent.js";
import { TermLookup } from "./lookup.js";
import { isPacked, unpackSearchIndex } from "./packed.js";
import { phraseBoost } from "./phrase-boost.js";
import { namedForPlaceOnly, type Role } from "./places.js";
import { Postings25F, RANKING, type Ranking, type ScoredTerm } from "./rank.js";
import { asksForOne, Reads, readsOf } from "./reads.js";
import { stem } from "./stem.js";
import { readQuery } from "./terms.js";
import { ACTION_STEMS } from "./words.js";

export {
  buildSearchIndex,
  SEARCH_INDEX_FORMAT,
  type SearchableOperation,
  type SearchableUnit,
  type SearchDocument,
  type SearchHit,
  type SerializedSearchIndex,
  searchIndexFile,
  summarize,
} from "./build.js";

/** The formats this runtime reads. */
const READABLE_FORMATS: readonly number[] = [4, 5, 6, SEARCH_INDEX_FORMAT];

/** Best-scored documents reordered by phrase and length before the cut to `limit`. */
const RERANK_WINDOW = 50;
/** Whose operations a query must name to prefer them: an organisation's or an enterprise's. */
const SCOPES = ["organization", "enterprise"].map(stem);

/**
 * The kinds of term that say a place: the word itself and its own forms, not what the lexicon relates
 * to it ("our server" stands for a webhook's endpoint, the thing itself).
 */
const PLACE_KINDS: ReadonlySet<string> = new Set(["typed", "synonym", "form", "compound", "prefix"]);
/** The kinds of term that say the thing: those of a place, and what the lexicon relates to it. */
const THING_KINDS: ReadonlySet<string> = new Set([...PLACE_KINDS, "related"]);

/** The term numbers, of `kinds`, of the groups whose role is `role`. */
function termsOfRole(
  groups: ReadonlyArray<ReadonlyArray<ScoredTerm>>,
  roles: readonly Role[],
  role: Role,
  kinds: ReadonlySet<string>,
): number[] {
  return groups.flatMap((group, i) =>
    roles[i] === role ? group.filter((t) => kinds.has(t.kind)).map((t) => t.id) : [],
  );
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
  private readonly ranking: Ranking;

  private constructor(data: SerializedSearchIndex, ranking: Ranking) {
    this.ranking = ranking;
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
      ranking,
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

  /**
   * Loads a serialised index, packed as written or not, to rank with `ranking`; throws when it is not
   * one this runtime reads.
   */
  static load(serialized: unknown, ranking: Ranking = RANKING): SearchIndex {
    const data = (
      isPacked(serialized) ? unpackSearchIndex(serialized) : serialized
    ) as Partial<SerializedSearchIndex> | null;
    if (!isValid(data)) throw new Error(`not a search index of format ${SEARCH_INDEX_FORMAT}`);
    return new SearchIndex(data, ranking);
  }

  /** Builds and loads an index in memory (for catalogues not compiled here, such as an upstream's). */
  static build(manifest: { units: readonly SearchableUnit[] }, ranking: Ranking = RANKING): SearchIndex {
    return SearchIndex.load(buildSearchIndex(manifest), ranking);
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
    const resolved = read.groups.map((group) => this.lookup.resolve(withCompounds(group, read.compounds)));
    const groups = resolved.filter((group) => group.length > 0);
    // What the query only implies ("my", a verb it lacks) finds nothing unless something it says matched.
    const said = groups.some((group) => group.some((t) => t.kind !== "self" && t.kind !== "implied"));
    if (!said || limit < 1) return [];
    const { ids, scores } = this.postings.score(groups, this.acceptDoc(accept, acceptOperation));
    const asked = new Set(groups.flatMap((group) => group.map((t) => t.id)));
    const phrase = read.phrase.map((term) => {
      const group = groups.find((g) => g.some((t) => t.term === term));
      return new Set(group ? group.map((t) => t.id) : []);
    });
    const { scopes, ranking } = this;
    const unscoped = !scopes.some((id) => asked.has(id));
    // A task says its action first ("add an item …"); a verb later on describes ("files changed").
    const action = actionKinds(read.phrase[0] ?? "");
    const one = asksForOne(read.groups[0], read.groups);
    const excluded = read.excluded.map((term) => this.lookup.idOf(term)).filter((id) => id !== undefined);
    const best = bestScored({ ids, scores }, Math.max(limit, RERANK_WINDOW));
    const placeOnly = namedForPlaceOnly(
      termsOfRole(resolved, read.roles, "place", PLACE_KINDS),
      termsOfRole(resolved, read.roles, "thing", THING_KINDS),
      best.map(({ doc }) => doc),
      (doc, terms) => this.namesAny(doc, terms),
    );
    const window = best.map(({ doc, score }) => {
      const agrees = conflicts(action, this.named[doc] as number) ? ranking.conflict : 1;
      const shallow = ranking.depth ** (this.depth[doc] ?? 0);
      const scoped = unscoped && this.namesAny(doc, scopes) ? ranking.scope : 1;
      const item = one && this.reads[doc] === Reads.One ? ranking.one : 1;
      const unwanted = excluded.length > 0 && this.namesAny(doc, excluded) ? ranking.excluded : 1;
      const where = placeOnly(doc) ? ranking.place : 1;
      const [name = [], summary = []] = this.fields[doc] as number[][];
      const boost =
        phraseBoost(name, summary, phrase, ranking) *
        generality(name, summary, asked, ranking) *
        agrees *
        shallow *
        scoped *
        item *
        unwanted *
        where;
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
      (t) => this.postings.isHinted(t),
    );
    return most > 0 ? best / most : 0;
  }

  /** The names of the groups a unit's operations sit in (OpenAPI tags, discovery resources…), in index order. */
  groupNames(unit: string): string[] {
    return this.groupsByUnit.get(unit) ?? [];
  }

  /** The documents `accept` (by unit ID) and `acceptOperation` (by unit ID and operation name) let through. */
  private acceptDoc(
    accept?: (unit: string) => boolean,
    acceptOperation?: (unit: string, operation: string) => boolean,
  ): ((doc: number) => boolean) | undefined {
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
    return acceptDoc;
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
