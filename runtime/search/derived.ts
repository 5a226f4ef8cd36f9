/**
 * Derived words the Porter stemmer leaves apart from their base when the base is short: the act or
 * its result (payment → pay, failure → fail), a state (membership → member). The doer's -er and -or
 * and the adjective's -al are left out: they join unrelated words (customer → custom, header →
 * head, final → fine). Worked out over an index's own terms when it is loaded: a term and a base
 * it has are one family, and a query word finds the rest of its family, weighted below the word
 * typed.
 */
import { stem } from "./stem.js";

/** Suffixes, as they stand at the end of a Porter stem, that derive a word from its base. */
const SUFFIXES = ["ment", "ship", "ur"];
/** Fewest letters a base keeps: shorter ones (us, pa) are other words. */
const MIN_BASE = 3;

/** The stems `term` (a stem) may be derived from, most likely first: never `term` itself. */
export function derivedBases(term: string): string[] {
  const out: string[] = [];
  for (const suffix of SUFFIXES) {
    if (!term.endsWith(suffix)) continue;
    const base = term.slice(0, -suffix.length);
    if (base.length < MIN_BASE) continue;
    // A base may have lost a closing e (clos-ure) or doubled its last consonant.
    const doubled = base.length > MIN_BASE && base.at(-1) === base.at(-2) ? base.slice(0, -1) : base;
    for (const candidate of [base, `${base}e`, doubled, stem(base), stem(`${base}e`)]) {
      if (candidate !== term && !out.includes(candidate)) out.push(candidate);
    }
  }
  return out;
}

/** The derived terms of an index by their bases: a base need not be a term of the index itself. */
export class DerivedFamilies {
  private readonly derived = new Map<string, number[]>();

  /** `terms` are the index's terms; `number` finds a term's number. */
  constructor(
    terms: readonly string[],
    private readonly number: ReadonlyMap<string, number>,
  ) {
    terms.forEach((term, id) => {
      for (const base of derivedBases(term)) {
        const family = this.derived.get(base);
        if (family) family.push(id);
        else this.derived.set(base, [id]);
      }
    });
  }

  /** The numbers of the terms derived from `term` and of the first base of `term` the index has. */
  of(term: string): number[] {
    const base = derivedBases(term).find((candidate) => this.number.has(candidate));
    const out = [...(this.derived.get(term) ?? [])];
    if (base !== undefined) out.push(this.number.get(base) as number);
    return out;
  }
}
