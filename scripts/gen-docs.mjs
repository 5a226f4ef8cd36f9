#!/usr/bin/env node
/**
 * Writes the generated parts of docs/: docs/codes.md's tables from the two code catalogues (between
 * `codes:start` / `codes:end`) and docs/cli.md's command reference from the commands' citty
 * definitions (between `cli:start` / `cli:end`). Runs from dist/ (npm run build first). `--check`
 * writes nothing and exits 1 naming each stale page; test/docs/generated-docs.test.ts runs it so.
 */
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { codesMarkdown } from "../dist/cli/code-catalogue.js";
import { allDefinitions } from "../dist/cli/index.js";

const docs = fileURLToPath(new URL("../docs/", import.meta.url));

/** A citty value that may be given as a function or a promise. */
async function resolve(value) {
  return typeof value === "function" ? await value() : await value;
}

/** Table-cell text: one line, pipes escaped. */
function cell(text) {
  return String(text).replace(/\s+/g, " ").replace(/\|/g, "\\|").trim();
}

/** One argument's name as a user types it: `<unit>`, `--port <PORT>`, `--json`. */
function usageOf(name, def) {
  if (def.type === "positional") return def.required === false ? `[${name}]` : `<${name}>`;
  const alias = [def.alias ?? []].flat().map((a) => (a.length === 1 ? `-${a}` : `--${a}`));
  const value = def.type === "boolean" ? "" : ` <${def.valueHint ?? name.toUpperCase()}>`;
  return [`--${name}${value}`, ...alias].join(", ");
}

/** The Markdown of one command and, below it, of its sub-commands. */
async function commandMarkdown(path, command) {
  const meta = (await resolve(command.meta)) ?? {};
  const args = Object.entries((await resolve(command.args)) ?? {});
  const subCommands = Object.entries((await resolve(command.subCommands)) ?? {});
  const out = [`### \`${path.join(" ")}\``, ""];
  if (meta.description) out.push(`${meta.description.trim()}`, "");
  if (args.length > 0) {
    out.push("| argument | default | description |", "|---|---|---|");
    for (const [name, def] of args) {
      const choices = Array.isArray(def.options) ? ` (one of: ${def.options.join(", ")})` : "";
      const fallback =
        def.default === undefined || def.default === "" || def.default === false
          ? ""
          : `\`${cell(JSON.stringify(def.default))}\``;
      out.push(
        `| \`${cell(usageOf(name, def))}\` | ${fallback} | ${cell((def.description ?? "") + choices)} |`,
      );
    }
    out.push("");
  }
  if (subCommands.length > 0) {
    out.push(`Sub-commands: ${subCommands.map(([name]) => `\`${name}\``).join(", ")}.`, "");
  }
  const below = [];
  for (const [name, sub] of subCommands)
    below.push(await commandMarkdown([...path, name], await resolve(sub)));
  return [out.join("\n"), ...below].join("\n");
}

/** docs/cli.md's generated part: every command in the order `unitc help` lists them. */
export async function cliMarkdown() {
  const silent = () => {};
  // A fixed environment, so nothing of the machine that runs this shows in the page.
  const root = await allDefinitions({ stdout: silent, stderr: silent, cwd: "/project", env: {} });
  const commands = Object.entries((await resolve(root.subCommands)) ?? {});
  const parts = [];
  for (const [name, command] of commands)
    parts.push(await commandMarkdown(["unitc", name], await resolve(command)));
  const index = commands.map(([name]) => `[${name}](#unitc-${name})`).join(" · ");
  return `${index}\n\n${parts.join("\n").trimEnd()}`;
}

/** `text` with what lies between `start` and `end` replaced by `body`. */
function replaced(file, text, start, end, body) {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to < from) throw new Error(`${file} has no ${start} … ${end} section`);
  return `${text.slice(0, from + start.length)}\n${body}\n${text.slice(to)}`;
}

const pages = [
  {
    file: "codes.md",
    start: "<!-- codes:start (npm run gen:codes) -->",
    end: "<!-- codes:end -->",
    body: codesMarkdown,
  },
  {
    file: "cli.md",
    start: "<!-- cli:start (npm run gen:docs) -->",
    end: "<!-- cli:end -->",
    body: cliMarkdown,
  },
];

const check = process.argv.includes("--check");
let stale = 0;
for (const page of pages) {
  const path = `${docs}${page.file}`;
  const text = await readFile(path, "utf8");
  const next = replaced(page.file, text, page.start, page.end, await page.body());
  if (next === text) continue;
  if (check) {
    process.stderr.write(`docs/${page.file} is stale: run npm run build && npm run gen:docs\n`);
    stale++;
  } else {
    await writeFile(path, next);
  }
}
process.exitCode = stale === 0 ? 0 : 1;
