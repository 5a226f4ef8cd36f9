/**
 * The type checkers' TypeScript, loaded once per worker with its code cache taken after a check (see
 * code-cache.ts), in the folder of Node's compile cache when this process has one: a new serve's
 * first check then finds the parser and checker functions it runs already compiled.
 */
import { createRequire, getCompileCacheDir } from "node:module";
import type * as TS from "typescript";
import { type CachedModule, loadWithCodeCache } from "./code-cache.js";

const require = createRequire(import.meta.url);
let loaded: CachedModule | undefined;

/** TypeScript, from its code cache when there is one; by `require` when loading it so fails. */
export function typeScript(): typeof TS {
  if (!loaded) {
    const file = require.resolve("typescript");
    try {
      loaded = loadWithCodeCache(file, getCompileCacheDir?.());
    } catch {
      loaded = { exports: require(file), status: "off", save: () => false };
    }
  }
  return loaded.exports as typeof TS;
}

/** Writes TypeScript's code cache once, when the load had none it could use; never throws. */
export function saveTypeScriptCodeCache(): boolean {
  return loaded?.save() ?? false;
}
