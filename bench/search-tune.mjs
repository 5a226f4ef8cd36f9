// The tuning split alone, fast (`node bench/search-tune.mjs`, after `npm run build` and one
// `npm run bench:search`): rebuilds each API's index with the built ranking from the manifests
// bench/search-quality.mjs compiled under .bench-cache/search-quality/, and prints the tuning
// split's figures and misses. It never ranks a held-out query, so tuning cannot look at them.
// `--hints`: the units as compiled with their author hints (bench/search-hints/).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildSearchIndex, SearchIndex } from "../dist/runtime/search/index.js";
import { SETS } from "./search-eval.mjs";
import { authorHints } from "./search-hints.mjs";
import { BUNDLE, merged, searchable } from "./search-quality.mjs";
import { evaluate, rate } from "./search-score.mjs";
import { isMain, root } from "./support.mjs";

/**
 * Per evaluation set, the index its queries run on, as serialised (unpacked), rebuilt from the cached
 * manifests; `hints`: the units as compiled with their author hints.
 */
export function indexData({ hints }) {
  const rebuilt = (id) => {
    const folder = hints && authorHints(id) !== undefined ? `${id}-hinted` : id;
    const file = join(root, ".bench-cache", "search-quality", folder, "generated", "manifest.json");
    return buildSearchIndex(searchable(JSON.parse(readFileSync(file, "utf8"))));
  };
  return new Map(SETS.map((set) => [set.name, set.unit ? rebuilt(set.unit) : merged(BUNDLE.map(rebuilt))]));
}

if (isMain(import.meta.url)) {
  const data = indexData({ hints: process.argv.includes("--hints") });
  const indexes = new Map([...data].map(([name, index]) => [name, SearchIndex.load(index)]));
  const { rows, misses } = evaluate(indexes, { split: "tuning" });
  for (const { line } of misses) console.log(`miss (tuning) ${line}`);
  for (const [key, row] of rows) {
    const pct = (part) => rate(part, row.n);
    console.log(
      `${key} (${row.n}): ${pct(row.top1)} / ${pct(row.top3)} / ${pct(row.top10)} / ${(row.rr / row.n).toFixed(3)}`,
    );
  }
}
