/**
 * The terms of a text, the same on both sides of the index: its words lower-cased, abbreviations
 * spelled out (repo → repository, PR → pull request), stop words and single letters dropped, every
 * word Porter-stemmed (invoices → invoic, creating → creat).
 */
import { splitWords } from "./split-words.js";
import { stem } from "./stem.js";
import { ABBREVIATIONS, STOP_WORDS } from "./words.js";

/** The lower-case words of `text`, abbreviations spelled out, stop words and single letters kept. */
export function lowerWords(text: string): string[] {
  const out: string[] = [];
  for (const word of splitWords(text)) {
    const lower = word.toLowerCase();
    const spelled = ABBREVIATIONS.get(lower);
    if (spelled) out.push(...spelled);
    else out.push(lower);
  }
  return out;
}

/** True for a word that is indexed: not a stop word, and not a single letter (a digit is kept). */
export function keep(word: string): boolean {
  return !STOP_WORDS.has(word) && (word.length > 1 || (word >= "0" && word <= "9"));
}

/** The indexed terms of `text`, in order, repeats kept (for term frequencies and phrases). */
export function indexTerms(text: string): string[] {
  return lowerWords(text).filter(keep).map(stem);
}

/** The distinct indexed terms of `text`, in order. */
export function termsOf(text: string): string[] {
  return [...new Set(indexTerms(text))];
}
