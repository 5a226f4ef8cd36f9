/**
 * Trimming runs of characters from the ends of text in one pass. A pattern such as `/x+$/` looks
 * linear but is quadratic: on a long run of `x` that does not reach the end, it rescans the run from
 * every position. Names and URLs come from specs and configs, so ends are trimmed here instead.
 */

/** `text` without the characters `trimmed` (by UTF-16 code unit) at its end, or at both ends. */
export function trimWhere(
  text: string,
  trimmed: (code: number) => boolean,
  ends: "both" | "end" = "both",
): string {
  let end = text.length;
  while (end > 0 && trimmed(text.charCodeAt(end - 1))) end -= 1;
  let start = 0;
  if (ends === "both") while (start < end && trimmed(text.charCodeAt(start))) start += 1;
  return text.slice(start, end);
}

/** True for `_`. */
export const isUnderscore = (code: number): boolean => code === 95;
/** True for `/`. */
export const isSlash = (code: number): boolean => code === 47;
