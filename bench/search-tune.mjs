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

const withHints = process.argv.includes("--hints");

function rebuilt(id) {
  const folder = withHints && authorHints(id) !== undefined ? `${id}-hinted` : id;
  const file = join(root, ".bench-cache", "search-quality", folder, "generated", "manifest.json");
  return buildSearchIndex(searchable(JSON.parse(readFileSync(file, "utf8"))));
}

if (isMain(import.meta.url)) {
  const indexes = new Map(
    SETS.map((set) => [
      set.name,
      SearchIndex.load(set.unit ? rebuilt(set.unit) : merged(BUNDLE.map(rebuilt))),
    ]),
  );
  const { rows, misses } = evaluate(indexes, { split: "tuning" });
  for (const { line } of misses) console.log(`miss (tuning) ${line}`);
  for (const [key, row] of rows) {
    const pct = (part) => rate(part, row.n);
    console.log(
      `${key} (${row.n}): ${pct(row.top1)} / ${pct(row.top3)} / ${pct(row.top10)} / ${(row.rr / row.n).toFixed(3)}`,
    );
  }
}
