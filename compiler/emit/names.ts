/** Stable, unique generated names: a clash gets a short hash of the original name, never a counter. */
import { createHash } from "node:crypto";

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 6);
}

/**
 * Assigns each source name a unique generated name from `make`, never one in `taken`. A wanted name
 * is kept when no other source wants it, or when `owns` says the source is its natural owner (by
 * default: the name equals the source, so `get_item` stays `get_item` beside `get-item`); the others
 * get `_<hash of the source>`. Names are decided in two passes over the sorted sources, so the
 * result does not depend on the order they are given in.
 */
export function allocateNames(
  sources: readonly string[],
  make: (source: string) => string,
  taken: Iterable<string> = [],
  owns: (source: string, name: string) => boolean = (source, name) => source === name,
): Map<string, string> {
  const used = new Set(taken);
  const result = new Map<string, string>();
  const sorted = [...new Set(sources)].sort();
  const wanted = new Map(sorted.map((s) => [s, make(s)]));
  const counts = new Map<string, number>();
  for (const name of wanted.values()) counts.set(name, (counts.get(name) ?? 0) + 1);
  // First the names that keep what they want, so a hashed name can never take one of them.
  for (const source of sorted) {
    const name = wanted.get(source) as string;
    if ((counts.get(name) === 1 || owns(source, name)) && !used.has(name)) {
      used.add(name);
      result.set(source, name);
    }
  }
  for (const source of sorted) {
    if (result.has(source)) continue;
    let name = `${wanted.get(source) as string}_${shortHash(source)}`;
    while (used.has(name)) name = `${name}_`;
    used.add(name);
    result.set(source, name);
  }
  return result;
}
