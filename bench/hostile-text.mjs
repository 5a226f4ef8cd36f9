// Tokenizers and regular expressions over hostile text (64 KiB of capitals, and inner runs of `-`,
// `_` and `/`): the wall-clock time of each, fastest of 5, beside the 100 ms target. The tests in
// test/security/search-redos.test.ts hold the same functions to CPU time and linear growth, which a
// loaded machine does not upset; this prints the figure. Run after `npm run build`.
import { docComment, pascalCase, sanitizeIdentifier, stringLiteral } from "../dist/compiler/emit/literal.js";
import { summarize } from "../dist/runtime/search/index.js";
import { indexTerms, termsOf } from "../dist/runtime/search/index-terms.js";
import { plainText, splitWords } from "../dist/runtime/search/split-words.js";
import { readQuery } from "../dist/runtime/search/terms.js";
import { cleanText } from "../dist/runtime/serve/catalog.js";
import { isMain, printTable } from "./support.mjs";

const SIZE = 64 * 1024;
const TARGET_MS = 100;
const INPUTS = {
  capitals: "A".repeat(SIZE),
  "inner -": `a${"-".repeat(SIZE - 2)}a`,
  "inner _": `a${"_".repeat(SIZE - 2)}a`,
  "inner /": `${"/".repeat(SIZE - 1)}a`,
};
const TARGETS = {
  splitWords,
  termsOf,
  indexTerms: (text) => indexTerms(plainText(text)),
  readQuery,
  summarize,
  cleanText: (text) => cleanText(text, text.length),
  sanitizeIdentifier,
  pascalCase,
  docComment,
  stringLiteral,
};

function fastest(run) {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** One row per function: its slowest input's time. */
export async function run() {
  return Object.entries(TARGETS).map(([name, target]) => {
    target("A".repeat(1024)); // compiled by the JIT before anything is timed
    const worst = Math.max(...Object.values(INPUTS).map((text) => fastest(() => target(text))));
    return {
      name: `${name}, 64 KiB hostile text`,
      value: worst.toFixed(1),
      unit: "ms",
      target: `< ${TARGET_MS} ms`,
    };
  });
}

if (isMain(import.meta.url)) printTable(await run());
