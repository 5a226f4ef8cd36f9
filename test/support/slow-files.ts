/**
 * The suite's slowest test files, as last measured (test/support/slow-files.txt, `seconds path` a
 * line): the sequencer starts them first, and the summary reporter prints the run's slowest files
 * in the same form, so a CI log says when the list is no longer true.
 */
import { readFileSync } from "node:fs";

/** Where the list is, from the repository's root. */
export const SLOW_FILES_LIST = "test/support/slow-files.txt";

/** The list's `path → seconds`, from its text; `#` comments and blank lines are skipped. */
export function parseSlowFiles(text: string): Map<string, number> {
  const listed = new Map<string, number>();
  for (const line of text.split("\n")) {
    const match = /^\s*(\d+(?:\.\d+)?)\s+(test\/\S+)/.exec(line);
    if (match) listed.set(match[2] as string, Number(match[1]));
  }
  return listed;
}

/** The committed list, read from the repository at `root`; empty when the file is missing. */
export function readSlowFiles(root: string): Map<string, number> {
  try {
    return parseSlowFiles(readFileSync(`${root}/${SLOW_FILES_LIST}`, "utf8"));
  } catch {
    return new Map();
  }
}

/**
 * `files` with the listed ones moved to the front, longest first; the others keep their order.
 * With two workers taking files from one queue, a long file started last is a tail that only one
 * worker spends; started first, the short files fill in beside it.
 */
export function slowFirst<T>(
  files: readonly T[],
  path: (file: T) => string,
  listed: Map<string, number>,
): T[] {
  const seconds = (file: T) => listed.get(path(file));
  const slow = files.filter((file) => seconds(file) !== undefined);
  slow.sort((a, b) => (seconds(b) as number) - (seconds(a) as number));
  return [...slow, ...files.filter((file) => seconds(file) === undefined)];
}

/**
 * The `count` slowest of `durations` (path → ms), a line each in the list's own form; one the list
 * lacks though it took as long as the list's shortest is marked, so the list is kept true from a
 * CI log.
 */
export function slowestLines(
  durations: ReadonlyMap<string, number>,
  listed: ReadonlyMap<string, number>,
  count = 10,
): string[] {
  const shortest = Math.min(...listed.values());
  return [...durations]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([path, ms]) => {
      const line = `${(ms / 1000).toFixed(1).padStart(6)} ${path}`;
      return listed.has(path) || ms / 1000 < shortest ? line : `${line}  (not in ${SLOW_FILES_LIST})`;
    });
}
