/**
 * How a query's words find the index's terms: a word the index has stands for itself; a typed word
 * it lacks is tried as two words (livestream → live stream), as a prefix (`crea` → create), then as
 * a near miss (one edit away); an object ID's prefix finds the words of names it abbreviates.
 */
import { DerivedFamilies } from "./derived.js";
import { abbreviates } from "./ids.js";
import type { ScoredTerm } from "./rank.js";
import { stem } from "./stem.js";
import type { QueryTerm } from "./terms.js";

/** Words not in the index: their completions, then their near misses, count instead. */
const MAX_PREFIX_TERMS = 40;
const MIN_PREFIX = 3;
const MIN_FUZZY = 5;
/** Fewest letters of each side of a word split in two. */
const MIN_PART = 3;
/** Longest word tried as two: no compound needs more, and it keeps the work per word small. */
const MAX_SPLIT = 30;

/** True when `a` and `b` are one insertion, deletion or substitution apart (or equal). */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The sorted terms of an index, looked up by a query's words. */
export class TermLookup {
  private readonly number: Map<string, number>;
  /** Term numbers by term length, for near misses. */
  private readonly byLength = new Map<number, number[]>();
  /** Per term that some operation's name has, the units (by number) whose operations' names have it. */
  private readonly nameUnits = new Map<number, Set<number>>();
  /** Per term, the other terms of its family (payment, pay): see `derived.ts`. */
  private readonly families: DerivedFamilies;

  /**
   * `terms` sorted; `fields[doc][0]` the term numbers of each operation's name; `docUnit[doc]` the
   * number of its unit, of `unitCount`.
   */
  constructor(
    private readonly terms: readonly string[],
    fields: ReadonlyArray<ReadonlyArray<readonly number[]>>,
    docUnit: Int32Array,
    private readonly unitCount: number,
  ) {
    this.number = new Map(terms.map((term, i) => [term, i]));
    this.families = new DerivedFamilies(terms, this.number);
    fields.forEach((doc, d) => {
      for (const t of doc[0] ?? []) {
        const units = this.nameUnits.get(t) ?? new Set<number>();
        units.add(docUnit[d] as number);
        this.nameUnits.set(t, units);
      }
    });
    terms.forEach((term, i) => {
      const list = this.byLength.get(term.length) ?? [];
      list.push(i);
      this.byLength.set(term.length, list);
    });
  }

  /** The number of a term, or undefined when no operation has it. */
  idOf(term: string): number | undefined {
    return this.number.get(term);
  }

  /** Term numbers for a group; a typed word not in the index is tried as a prefix, then as a near miss. */
  resolve(group: readonly QueryTerm[]): ScoredTerm[] {
    const out: ScoredTerm[] = [];
    // A state verb stands for "update" only in the units where no operation is named by it.
    const named = new Set<number>();
    for (const t of group) {
      if (t.kind !== "typed") continue;
      for (const unit of this.nameUnits.get(this.number.get(t.term) ?? -1) ?? []) named.add(unit);
    }
    for (const { term, kind } of group) {
      if (kind === "fallback" && named.size >= this.unitCount) continue;
      if (kind === "abbreviation") {
        out.push(...this.abbreviated(term));
        continue;
      }
      const id = this.number.get(term);
      if (id !== undefined && kind === "fallback" && named.size > 0)
        out.push({ id, term, kind, except: named });
      else if (id !== undefined) out.push({ id, term, kind });
      else if (kind === "typed") out.push(...this.completions(term));
      if (kind === "typed") out.push(...this.family(term, id));
    }
    // A term both typed and derived from another typed word counts as typed.
    return out.filter((t, i) => t.kind !== "derived" || !out.some((o, j) => j !== i && o.id === t.id));
  }

  /**
   * A word the index has as two (livestream → live stream, chargeback → charge back): the split
   * whose shorter side is longest, each side at least {@link MIN_PART} letters.
   */
  private parts(term: string): ScoredTerm[] {
    if (term.length > MAX_SPLIT) return [];
    let best: ScoredTerm[] = [];
    let shortest = 0;
    for (let at = MIN_PART; at <= term.length - MIN_PART; at++) {
      const shorter = Math.min(at, term.length - at);
      if (shorter <= shortest) continue;
      const sides = [term.slice(0, at), term.slice(at)].map((side) => {
        const own = this.number.has(side) ? side : stem(side);
        return { id: this.number.get(own), term: own };
      });
      if (sides.some((side) => side.id === undefined)) continue;
      best = sides.map(({ id, term }) => ({ id: id as number, term, kind: "typed" as const }));
      shortest = shorter;
    }
    return best;
  }

  /**
   * The other terms of a typed word's family the index has (see `derived.ts`), for a word no
   * operation's name has: where one has it, that is the word the API uses.
   */
  private family(term: string, id: number | undefined): ScoredTerm[] {
    if (id !== undefined && this.nameUnits.has(id)) return [];
    return this.families
      .of(term)
      .map((other) => ({ id: other, term: this.terms[other] as string, kind: "derived" as const }));
  }

  /** The terms of operations' names that an object ID's prefix abbreviates (see `ids.ts`). */
  private abbreviated(letters: string): ScoredTerm[] {
    const out: ScoredTerm[] = [];
    for (const id of this.nameUnits.keys()) {
      const term = this.terms[id] as string;
      if (abbreviates(letters, term)) out.push({ id, term, kind: "abbreviation" });
    }
    return out;
  }

  private completions(term: string): ScoredTerm[] {
    const whole = this.parts(term);
    if (whole.length > 0) return whole;
    const out: ScoredTerm[] = [];
    if (term.length >= MIN_PREFIX) {
      let low = 0;
      let high = this.terms.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if ((this.terms[mid] as string) < term) low = mid + 1;
        else high = mid;
      }
      for (let i = low; i < this.terms.length && out.length < MAX_PREFIX_TERMS; i++) {
        const candidate = this.terms[i] as string;
        if (!candidate.startsWith(term)) break;
        out.push({ id: i, term: candidate, kind: "prefix" });
      }
    }
    if (out.length > 0 || term.length < MIN_FUZZY || /\d/.test(term)) return out;
    for (const length of [term.length - 1, term.length, term.length + 1]) {
      for (const id of this.byLength.get(length) ?? []) {
        const candidate = this.terms[id] as string;
        if (withinOneEdit(term, candidate)) out.push({ id, term: candidate, kind: "fuzzy" });
      }
    }
    return out;
  }
}
