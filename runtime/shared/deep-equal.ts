/** Deep equality of JSON values as ajv finds it, for the plain validator's `const` and `enum`. */

/**
 * Whether two values are equal as ajv's deep equality (fast-deep-equal) finds them; undefined where
 * it would go by a value's own `valueOf` or `toString` (a RegExp, or an object with such a key),
 * which ajv is left to judge.
 */
export function equalJson(a: unknown, b: unknown): boolean | undefined {
  if (a === b) return true;
  // Two NaNs are equal to it.
  if (!a || !b || typeof a !== "object" || typeof b !== "object") return Number.isNaN(a) && Number.isNaN(b);
  if (a.constructor !== b.constructor) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = a.length - 1; i >= 0; i--) {
      const same = equalJson(a[i], other[i]);
      if (same !== true) return same;
    }
    return true;
  }
  if (
    a.constructor === RegExp ||
    a.valueOf !== Object.prototype.valueOf ||
    a.toString !== Object.prototype.toString
  )
    return undefined;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (let i = keys.length - 1; i >= 0; i--) if (!Object.hasOwn(y, keys[i] as string)) return false;
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i] as string;
    const same = equalJson(x[key], y[key]);
    if (same !== true) return same;
  }
  return true;
}
