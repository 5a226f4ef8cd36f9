/**
 * Node's compile cache for the code a command loads (a tenth of a short command's CPU time, such as
 * `unitc call`'s): in `<cache>/unitc/compile-cache`, a folder only the user may write, never the
 * shared temp folder, since what it holds is run as code. Node checks each entry against its
 * source; a cache that cannot be made (a cache base folder that does not exist yet, say) only costs
 * speed. `NODE_COMPILE_CACHE` set by the user wins. Both entries of the executable turn it on, and so
 * does a type-check worker whose process has not (its TypeScript is 9 MB of JavaScript).
 */
import { mkdirSync } from "node:fs";
import { enableCompileCache } from "node:module";
import { join } from "node:path";
import { unitcDir } from "./user-dirs.js";

/** Turns the cache on for the rest of this process (again: a no-op). */
export function compileCache(): void {
  if (process.env.NODE_COMPILE_CACHE !== undefined || !enableCompileCache) return;
  try {
    // Level by level, not `recursive`: Node's recursive mkdir never returns under some paths (/proc).
    const base = unitcDir("cache");
    const dir = join(base, "compile-cache");
    for (const folder of [base, dir]) {
      try {
        mkdirSync(folder, { mode: 0o700 });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
    }
    enableCompileCache(dir);
  } catch {
    // An unwritable home: the code is compiled from source, as without the cache.
  }
}
