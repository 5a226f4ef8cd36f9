/**
 * How a plural child's own unit fields combine with its parent's: lists are joined, the parent's
 * items first and repeats dropped (as tags are), and a child's single value replaces the parent's.
 */
import { canonicalJson } from "../shared/canonical.js";

type Data = Record<string, unknown>;

const isData = (value: unknown): value is Data =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The parent's items, then the child's that are not already there (compared as canonical JSON). */
function joinLists(parent: unknown[], child: unknown[]): unknown[] {
  const seen = new Set(parent.map(canonicalJson));
  const joined = [...parent];
  for (const item of child) {
    const key = canonicalJson(item);
    if (seen.has(key)) continue;
    seen.add(key);
    joined.push(item);
  }
  return joined;
}

/**
 * Merges a child's object into its parent's, one level deep per field: arrays are joined, objects
 * merged with the child's keys winning, anything else taken from the child. Either side may be
 * absent; the result is undefined only when both are.
 */
export function mergeUnitField(parent: unknown, child: unknown): Data | undefined {
  if (!isData(parent)) return isData(child) ? child : undefined;
  if (!isData(child)) return parent;
  const merged: Data = { ...parent };
  for (const [key, value] of Object.entries(child)) {
    const base = merged[key];
    if (Array.isArray(base) && Array.isArray(value)) merged[key] = joinLists(base, value);
    else if (isData(base) && isData(value)) merged[key] = { ...base, ...value };
    else merged[key] = value;
  }
  return merged;
}
