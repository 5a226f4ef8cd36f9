/**
 * The notice `unitc serve` prints when the bundle it serves is older than its sources (a unit file
 * edited, added or removed, a config file changed, since the last `unitc compile`): the bundle is
 * served as compiled, so the edit is not what clients get until it is compiled again; and the one it
 * prints when a file of the bundle itself was changed since unitc wrote it (a hand edit, a bad merge,
 * a partial copy), so what clients get is not what any compile produced.
 */
import { relative } from "node:path";
import type { StaleOutput, StaleSource } from "../compiler/incremental/stale-bundle.js";

/** One line naming what changed and the command that serves it; `undefined` when nothing did. */
export function staleBundleLine(
  outDir: string,
  stale: readonly StaleSource[],
  cwd: string,
): string | undefined {
  if (stale.length === 0) return undefined;
  const shown = (file: string) => relative(cwd, file) || file;
  const what = stale.map((source) =>
    source.unit === undefined
      ? `${shown(source.file)} ${source.change}`
      : `unit ${source.unit} (${shown(source.file)}) ${source.change}`,
  );
  return (
    `notice: sources changed since ${shown(outDir)} was compiled: ${what.join(", ")}; ` +
    "it is served as compiled: run `unitc compile` to serve the change (or `unitc dev`, which compiles on every edit)"
  );
}

/** How many changed bundle files the line names before it counts the rest. */
const NAMED_OUTPUTS = 5;

/**
 * One line naming the files of the bundle (as `generated/` holds them) changed, added or removed since
 * unitc wrote them, a few by name; `undefined` when none was.
 */
export function changedOutputsLine(
  outDir: string,
  changed: readonly StaleOutput[],
  cwd: string,
): string | undefined {
  if (changed.length === 0) return undefined;
  const named = changed.slice(0, NAMED_OUTPUTS).map((output) => `${output.file} ${output.change}`);
  const rest = changed.length - named.length;
  const what = named.join(", ") + (rest > 0 ? ` and ${rest} more` : "");
  return (
    `notice: files of ${relative(cwd, outDir) || outDir} were changed since unitc wrote them: ${what}; ` +
    "it is served as it is: run `unitc compile` to write them again"
  );
}

/**
 * Prints {@link staleBundleLine} and {@link changedOutputsLine} for the bundle in `outDir` through
 * `log`, when its sources or its own files changed since the compile.
 */
export async function noticeStaleBundle(
  outDir: string,
  cwd: string,
  log: (line: string) => void,
): Promise<void> {
  // Loaded only here: serving needs nothing else of the compiler.
  const { staleBundle } = await import("../compiler/incremental/stale-bundle.js");
  const stale = await staleBundle(outDir).catch(() => ({ sources: [], outputs: [] }));
  for (const line of [
    staleBundleLine(outDir, stale.sources, cwd),
    changedOutputsLine(outDir, stale.outputs, cwd),
  ])
    if (line) log(line);
}
