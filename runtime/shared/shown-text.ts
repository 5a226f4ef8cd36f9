/**
 * Text a downstream supplies (tool descriptions, schema strings, resource and prompt metadata) is
 * untrusted and is shown to agents and people: invisible characters, which can hide instructions, are
 * removed, and the unit's own resolved secrets are redacted, in that order (a secret split by an
 * invisible character is still found). Names are never rewritten silently: `unsafeKeys` finds the
 * ones that would have to change, so the caller can withhold what holds them.
 */
import { redact } from "./redact.js";

/**
 * Invisible characters: Unicode's default-ignorable code points, which render as nothing. Among them
 * tag characters (U+E0000–E0FFF), zero-width spaces and joiners, bidi marks, embeddings, overrides
 * and isolates, the soft hyphen, invisible operators, the BOM, fillers, and variation selectors
 * (which can carry hidden bytes).
 */
export const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** Downstream text fit to show: invisible characters removed, then secrets redacted. */
export function shownText(text: string, secrets: readonly string[]): string {
  return redact(text.replace(INVISIBLE, ""), secrets);
}

/** Deepest nesting of objects and arrays walked; deeper values are refused (see `jsonDepth`). */
export const MAX_JSON_DEPTH = 128;

/** How deeply `value` nests objects and arrays, counting no further than `MAX_JSON_DEPTH + 1`. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== "object" || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/**
 * Every string value of a JSON value (not its keys) as shown text. Call it only on values no deeper
 * than `MAX_JSON_DEPTH`.
 */
export function shownJson(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") return shownText(value, secrets);
  if (Array.isArray(value)) return value.map((item) => shownJson(item, secrets));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shownJson(item, secrets)]));
  }
  return value;
}

/** True when `text` cannot be shown as it is: it holds an invisible character or a secret. */
export function isUnsafeName(text: string, secrets: readonly string[]): boolean {
  return shownText(text, secrets) !== text;
}

/** The keys anywhere in a JSON value that cannot be shown as they are, as shown text. */
export function unsafeKeys(value: unknown, secrets: readonly string[]): string[] {
  const found: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item !== "object" || item === null) continue;
    for (const [key, child] of Object.entries(item)) {
      if (!Array.isArray(item) && isUnsafeName(key, secrets)) found.push(shownText(key, secrets));
      stack.push(child);
    }
  }
  return found;
}
