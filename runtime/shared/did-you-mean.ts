/**
 * Suggests the closest known words for a misspelt one: the compiler's did-you-mean, and the hints of
 * the runtime and the CLI for an unknown unit, operation or code. In runtime/ so that all three can
 * use it (the runtime never imports the compiler).
 */

/** Edit distance between two short strings. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j] ?? 0;
      const cost = a[i - 1]?.toLowerCase() === b[j - 1]?.toLowerCase() ? 0 : 1;
      row[j] = Math.min(current + 1, (row[j - 1] ?? 0) + 1, previous + cost);
      previous = current;
    }
  }
  return row[b.length] ?? 0;
}

/** The candidate closest to `word` when it is close enough to be a likely typo. */
export function didYouMean(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Up to `count` candidates nearest to `word` by edit distance, nearest first (ties keep their order). */
export function nearestNames(word: string, candidates: readonly string[], count = 5): string[] {
  return candidates
    .map((name, at) => ({ name, at, distance: editDistance(word, name) }))
    .sort((a, b) => a.distance - b.distance || a.at - b.at)
    .slice(0, count)
    .map((entry) => entry.name);
}

/** How many names a hint offers for a misspelt unit or operation: a unit may have thousands. */
export const NEAREST_COUNT = 5;

/**
 * `nearest <kind>: a, b, …`: at most {@link NEAREST_COUNT} names nearest to `wanted`, and how many
 * there are when not all are shown (`listedBy` names what lists them all).
 */
export function nearestHint(
  kind: string,
  wanted: string,
  names: readonly string[],
  listedBy?: string,
): string {
  if (names.length === 0) return `no ${kind}`;
  const shown = nearestNames(wanted, names, NEAREST_COUNT).join(", ");
  if (names.length <= NEAREST_COUNT) return `nearest ${kind}: ${shown}`;
  return `nearest ${kind}: ${shown}; ${names.length} in all${listedBy ? `, ${listedBy} lists them` : ""}`;
}
