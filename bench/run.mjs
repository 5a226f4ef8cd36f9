// Runs every benchmark module and prints one Markdown table. Run after `npm run build`
// (`npm run bench`). Each module exports `run()` resolving to rows `{ name, value, unit, target? }`.
import { printTable } from "./support.mjs";

const modules = [
  "./validate.mjs",
  "./compile.mjs",
  "./call-overhead.mjs",
  "./mcp-call.mjs",
  "./code-mode.mjs",
  "./serve.mjs",
  "./observe.mjs",
  "./watch.mjs",
  "./completion.mjs",
  "./tokens-cli.mjs",
];

const rows = [];
for (const path of modules) {
  const { run } = await import(path);
  rows.push(...(await run()));
}
printTable(rows);
