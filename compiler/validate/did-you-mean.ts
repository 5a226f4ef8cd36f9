/** Suggests the closest known word for a misspelt one. */

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
