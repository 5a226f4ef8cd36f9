/** The best-scored documents of a search, best first, without sorting every match. */
import type { Scored } from "./rank.js";

type Hit = { doc: number; score: number };

/** The `count` best-scored documents, best first: a bounded min-heap, not a sort of every match. */
export function bestScored({ ids, scores }: Scored, count: number): Hit[] {
  const heap: Hit[] = [];
  const at = (i: number) => heap[i] as Hit;
  const swap = (i: number, j: number) => {
    [heap[i], heap[j]] = [at(j), at(i)];
  };
  for (let k = 0; k < ids.length; k++) {
    const hit = { doc: ids[k] as number, score: scores[k] as number };
    if (heap.length < count) {
      heap.push(hit);
      for (let i = heap.length - 1; i > 0 && at(i).score < at((i - 1) >> 1).score; i = (i - 1) >> 1) {
        swap(i, (i - 1) >> 1);
      }
      continue;
    }
    if (hit.score <= at(0).score) continue;
    heap[0] = hit;
    for (let i = 0; ; ) {
      let least = i;
      for (const child of [2 * i + 1, 2 * i + 2]) {
        if (child < heap.length && at(child).score < at(least).score) least = child;
      }
      if (least === i) break;
      swap(i, least);
      i = least;
    }
  }
  return heap.sort((a, b) => b.score - a.score);
}
