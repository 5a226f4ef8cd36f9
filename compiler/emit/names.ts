/** Stable, unique generated names: a clash gets a short hash of the original name, never a counter. */
import { createHash } from "node:crypto";

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 6);
}

/**
 * Assigns each source name a unique generated name from `make`. Names are taken in sorted order of
 * their sources, so the result does not depend on declaration order; clashes get `_<hash>`.
 */
export function allocateNames(
  sources: readonly string[],
  make: (source: string) => string,
  taken: Iterable<string> = [],
): Map<string, string> {
  const used = new Set(taken);
  const result = new Map<string, string>();
  const wanted = new Map(sources.map((s) => [s, make(s)]));
  // A wanted name that is unique, or equal to its own source, is kept; the rest get a hash suffix.
  const counts = new Map<string, number>();
  for (const name of wanted.values()) counts.set(name, (counts.get(name) ?? 0) + 1);
  for (const source of [...sources].sort()) {
    const base = wanted.get(source) as string;
    let name = base;
    if (((counts.get(base) ?? 0) > 1 && source !== base) || used.has(name)) {
      name = `${base}_${shortHash(source)}`;
    }
    while (used.has(name)) name = `${name}_`;
    used.add(name);
    result.set(source, name);
  }
  return result;
}
