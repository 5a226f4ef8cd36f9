#!/usr/bin/env node
/**
 * Writes README.md's "Diagnostic codes" tables from the two code catalogues (compiler and runtime),
 * between the `codes:start` / `codes:end` markers. Runs from dist/ (npm run build first). `--check`
 * exits 1 when README.md is out of step; test/cli/code-catalogue.test.ts checks the same.
 */
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { codesMarkdown } from "../dist/cli/code-catalogue.js";

const readme = fileURLToPath(new URL("../README.md", import.meta.url));
const START = "<!-- codes:start (npm run gen:codes) -->";
const END = "<!-- codes:end -->";

const text = await readFile(readme, "utf8");
const from = text.indexOf(START);
const to = text.indexOf(END);
if (from === -1 || to < from) {
  process.stderr.write(`README.md has no ${START} … ${END} section\n`);
  process.exit(1);
}
const next = `${text.slice(0, from + START.length)}\n${codesMarkdown()}\n${text.slice(to)}`;
if (process.argv.includes("--check")) {
  if (next !== text) {
    process.stderr.write("README.md's diagnostic codes are stale: run npm run build && npm run gen:codes\n");
    process.exit(1);
  }
} else if (next !== text) {
  await writeFile(readme, next);
}
