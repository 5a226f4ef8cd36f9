/**
 * The Porter stemmer (M. F. Porter, "An algorithm for suffix stripping", 1980), as search uses it:
 * `repositories` and `repository` → `repositori`, `creating` and `creates` → `creat`. Plain string
 * work from the end of the word, no regular expressions: linear in the word's length.
 */

function isConsonant(word: string, i: number): boolean {
  const c = word[i];
  if (c === "a" || c === "e" || c === "i" || c === "o" || c === "u") return false;
  if (c === "y") return i === 0 || !isConsonant(word, i - 1);
  return true;
}

/** Porter's m: the number of vowel-consonant sequences in `word[0, end)`. */
function measure(word: string, end: number): number {
  let m = 0;
  let i = 0;
  while (i < end && isConsonant(word, i)) i++;
  while (i < end) {
    while (i < end && !isConsonant(word, i)) i++;
    if (i >= end) break;
    m++;
    while (i < end && isConsonant(word, i)) i++;
  }
  return m;
}

function hasVowel(word: string, end: number): boolean {
  for (let i = 0; i < end; i++) if (!isConsonant(word, i)) return true;
  return false;
}

/** Ends in a double consonant (`tt`, `ss`). */
function doubleConsonant(word: string, end: number): boolean {
  return end >= 2 && word[end - 1] === word[end - 2] && isConsonant(word, end - 1);
}

/** Ends consonant-vowel-consonant, the last not w, x or y (`hop`, not `snow`). */
function cvc(word: string, end: number): boolean {
  if (end < 3 || !isConsonant(word, end - 1) || isConsonant(word, end - 2) || !isConsonant(word, end - 3)) {
    return false;
  }
  const c = word[end - 1];
  return c !== "w" && c !== "x" && c !== "y";
}

/**
 * Replaces the longest suffix of `rules` that `word` ends with by its replacement when the stem
 * before it has a measure above `minMeasure`; the first matching suffix decides, met or not.
 */
function replaceSuffix(word: string, rules: ReadonlyArray<[string, string]>, minMeasure: number): string {
  for (const [suffix, replacement] of rules) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.length - suffix.length;
    return measure(word, stem) > minMeasure ? word.slice(0, stem) + replacement : word;
  }
  return word;
}

function byLength(rules: Array<[string, string]>): ReadonlyArray<[string, string]> {
  return rules.sort((a, b) => b[0].length - a[0].length);
}

// Longest first within each step, so the first suffix that matches is the longest.
const STEP2 = byLength([
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["bli", "ble"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["logi", "log"],
]);

const STEP3 = byLength([
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
]);

const STEP4 = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
].sort((a, b) => b.length - a.length);

function step1a(word: string): string {
  if (word.endsWith("sses") || word.endsWith("ies")) return word.slice(0, -2);
  if (word.endsWith("ss")) return word;
  return word.endsWith("s") ? word.slice(0, -1) : word;
}

function step1b(word: string): string {
  if (word.endsWith("eed")) return measure(word, word.length - 3) > 0 ? word.slice(0, -1) : word;
  let stem: string | undefined;
  if (word.endsWith("ed") && hasVowel(word, word.length - 2)) stem = word.slice(0, -2);
  else if (word.endsWith("ing") && hasVowel(word, word.length - 3)) stem = word.slice(0, -3);
  if (stem === undefined) return word;
  if (stem.endsWith("at") || stem.endsWith("bl") || stem.endsWith("iz")) return `${stem}e`;
  const last = stem[stem.length - 1];
  if (doubleConsonant(stem, stem.length) && last !== "l" && last !== "s" && last !== "z") {
    return stem.slice(0, -1);
  }
  return measure(stem, stem.length) === 1 && cvc(stem, stem.length) ? `${stem}e` : stem;
}

function step1c(word: string): string {
  return word.endsWith("y") && hasVowel(word, word.length - 1) ? `${word.slice(0, -1)}i` : word;
}

function step4(word: string): string {
  for (const suffix of STEP4) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.length - suffix.length;
    if (measure(word, stem) <= 1) return word;
    if (suffix === "ion" && word[stem - 1] !== "s" && word[stem - 1] !== "t") return word;
    return word.slice(0, stem);
  }
  return word;
}

function step5(word: string): string {
  let out = word;
  if (out.endsWith("e")) {
    const m = measure(out, out.length - 1);
    if (m > 1 || (m === 1 && !cvc(out, out.length - 1))) out = out.slice(0, -1);
  }
  if (out.endsWith("ll") && measure(out, out.length) > 1) out = out.slice(0, -1);
  return out;
}

/** Longer words are left whole: no English word needs it, and it keeps the work per word small. */
const MAX_STEMMED = 30;

/** Words Porter would join to an unrelated word (customer → custom), kept apart. */
const WORDS = new Map([
  ["customer", "customer"],
  ["customers", "customer"],
]);

/**
 * Stems Porter leaves apart though they name the same thing (notification/notify,
 * subscription/subscribe, creation/create, delivery/deliver, permission/permit, registration/register).
 */
const STEMS = new Map([
  ["creation", "creat"],
  ["reaction", "react"],
  ["deliveri", "deliv"],
  ["permiss", "permit"],
  ["submiss", "submit"],
  ["admiss", "admit"],
  ["registr", "regist"],
  ["assigne", "assign"],
  ["suspens", "suspend"],
  ["extens", "extend"],
]);

function joinDerived(stemmed: string): string {
  const fixed = STEMS.get(stemmed);
  if (fixed) return fixed;
  if (stemmed.endsWith("ifi")) return stemmed.slice(0, -1);
  if (stemmed.endsWith("script")) return `${stemmed.slice(0, -4)}rib`;
  return stemmed;
}

/** The Porter stem of a lower-case word of letters a–z; other words, and words of 1–2 letters, as they are. */
export function stem(word: string): string {
  if (word.length <= 2 || word.length > MAX_STEMMED) return word;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code < 97 || code > 122) return word;
  }
  const kept = WORDS.get(word);
  if (kept) return kept;
  let out = step1c(step1b(step1a(word)));
  out = replaceSuffix(out, STEP2, 0);
  out = replaceSuffix(out, STEP3, 0);
  return joinDerived(step5(step4(out)));
}
