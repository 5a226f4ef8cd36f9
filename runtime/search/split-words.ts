/**
 * Text into words, in single passes that cannot backtrack (the work is linear in the length of the
 * text): identifiers and prose split (`getUserById` → get user by id), HTML tags and URLs left out.
 */

function isWordChar(code: number, char: string): boolean {
  if (code < 128) {
    return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  }
  return /[\p{L}\p{N}]/u.test(char);
}

function isUpper(code: number, char: string): boolean {
  if (code < 128) return code >= 65 && code <= 90;
  return char !== char.toLowerCase() && char === char.toUpperCase();
}

function isLowerOrDigit(code: number, char: string): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
  return !isUpper(code, char);
}

/**
 * Splits identifiers and prose into words in one pass: `getUserById`, `get_user-by/id` → get user
 * by id; `HTMLParser` → HTML Parser; `service42` stays whole.
 */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let start = -1;
  const chars = Array.from(text);
  const codes = chars.map((c) => c.codePointAt(0) as number);
  for (let i = 0; i <= chars.length; i++) {
    const char = chars[i] as string;
    const code = codes[i] as number;
    if (i === chars.length || !isWordChar(code, char)) {
      if (start >= 0) words.push(chars.slice(start, i).join(""));
      start = -1;
      continue;
    }
    if (start < 0) {
      start = i;
      continue;
    }
    const previous = chars[i - 1] as string;
    const previousCode = codes[i - 1] as number;
    if (!isUpper(code, char)) continue;
    // lower or digit → Upper starts a word; in an upper-case run, the last capital before a lower-case
    // letter does (HTMLParser), unless that letter is a plural's closing s (PRs, URLs).
    const next = chars[i + 1];
    const nextIsLower = next !== undefined && !isUpper(codes[i + 1] as number, next) && /\p{L}/u.test(next);
    const plural = next === "s" && !/[\p{L}\p{N}]/u.test(chars[i + 2] ?? " ");
    if (
      isLowerOrDigit(previousCode, previous) ||
      (isUpper(previousCode, previous) && nextIsLower && !plural)
    ) {
      words.push(chars.slice(start, i).join(""));
      start = i;
    }
  }
  return words;
}

/**
 * Text without HTML tags and URLs (vendor descriptions carry both; neither says what an operation
 * does). One pass: a tag or URL is skipped up to its end, never searched for again.
 */
export function plainText(text: string, options: { urls: boolean } = { urls: true }): string {
  let out = "";
  let i = 0;
  let noMoreTags = false;
  while (i < text.length) {
    const char = text[i] as string;
    if (char === "<" && !noMoreTags && /[A-Za-z/!]/.test(text[i + 1] ?? "")) {
      const end = text.indexOf(">", i + 1);
      if (end < 0) noMoreTags = true;
      else {
        out += " ";
        i = end + 1;
        continue;
      }
    }
    if (options.urls && (char === "h" || char === "H") && /^https?:\/\//i.test(text.slice(i, i + 8))) {
      while (i < text.length && !/[\s)\]>"']/.test(text[i] as string)) i++;
      out += " ";
      continue;
    }
    out += char;
    i++;
  }
  return out;
}
