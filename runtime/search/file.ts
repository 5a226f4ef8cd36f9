/** The prebuilt search index file beside a bundle's manifest, read by `unitc serve` and `unitc search`. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Manifest } from "../contract/manifest.js";
import { SearchIndex } from "./index.js";
import { SEARCH_INDEX_FILE } from "./units-index.js";

/** The file beside `manifest.json` holding the prebuilt search index. */
export { SEARCH_INDEX_FILE };

/**
 * Loads the prebuilt index beside the manifest, or builds one in memory (saying so) when it is absent
 * or unreadable. Whether it is there is known at once; it is read on first use (and the manifest is
 * asked for only to build one).
 */
export function indexLoader(
  manifest: () => Manifest,
  manifestPath: string | undefined,
  log: (line: string) => void,
): () => SearchIndex {
  const file = manifestPath ? join(dirname(manifestPath), SEARCH_INDEX_FILE) : undefined;
  const prebuilt = file !== undefined && existsSync(file);
  if (file && !prebuilt) {
    log(
      `no ${SEARCH_INDEX_FILE} beside the manifest; building the search index in memory (recompile to add it)`,
    );
  }
  return () => {
    if (file && prebuilt) {
      try {
        return SearchIndex.load(JSON.parse(readFileSync(file, "utf8")));
      } catch (error) {
        log(`${file}: ${(error as Error).message}; building the search index in memory (recompile to fix)`);
      }
    }
    return SearchIndex.build(manifest());
  };
}
