/**
 * The notice `unitc serve` prints when the bundle it serves is older than its sources (a unit file
 * edited, added or removed, a config file changed, since the last `unitc compile`): the bundle is
 * served as compiled, so the edit is not what clients get until it is compiled again.
 */
import { relative } from "node:path";
import type { StaleSource } from "../compiler/incremental/stale-bundle.js";

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

/** Prints {@link staleBundleLine} for the bundle in `outDir` through `log`, when its sources changed. */
export async function noticeStaleBundle(
  outDir: string,
  cwd: string,
  log: (line: string) => void,
): Promise<void> {
  // Loaded only here: serving needs nothing else of the compiler.
  const { staleSources } = await import("../compiler/incremental/stale-bundle.js");
  const line = staleBundleLine(outDir, await staleSources(outDir).catch(() => []), cwd);
  if (line) log(line);
}
