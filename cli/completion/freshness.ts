/**
 * Whether a project's unit files changed since its manifest was written: the one question every
 * completion asks before it would list MCP units live, kept apart from `live.ts` so that asking it
 * loads nothing else (`live.ts` brings the search code and the compiler with it).
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** The newest modification time of the files under `dir` (two levels: unit folders hold UNIT.md). */
function newestUnder(dir: string, depth = 2): number {
  let newest = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    newest = Math.max(newest, stat.mtimeMs);
    if (stat.isDirectory() && depth > 1) newest = Math.max(newest, newestUnder(path, depth - 1));
  }
  return newest;
}

/** True when the project's unit files changed since `manifestPath` was written (or it is missing). */
export function projectNewerThan(projectDir: string, manifestPath: string): boolean {
  const unitsDir = join(projectDir, ".units");
  const newest = newestUnder(unitsDir);
  if (newest === 0) return false;
  const manifest = statSync(manifestPath, { throwIfNoEntry: false });
  return manifest === undefined || newest > manifest.mtimeMs;
}
