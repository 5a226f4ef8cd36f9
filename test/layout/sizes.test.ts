/**
 * The house's sizes (STYLE.md): a source file under 300 lines and a function under 60, a function
 * counted whole, with the functions nested in it. A file or function past them is named with its
 * length, so a split is made where it grew rather than found later.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT, sourcesUnder } from "./import-graph.js";

const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 60;
const TOPS = ["cli", "compiler", "runtime"];
/** Written by a generator from a schema, not by hand. */
const generated = (file: string) => file.endsWith(".generated.ts");

/** `file:line name length` of each outermost function of `text` longer than `max` lines. */
function longFunctions(file: string, text: string, max = MAX_FUNCTION_LINES): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const named = (node as { name?: ts.Node }).name ?? (node.parent as { name?: ts.Node }).name;
      if (last - first + 1 > max)
        found.push(`${file}:${first + 1} ${named?.getText(source) ?? "(anonymous)"} ${last - first + 1}`);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("sizes", () => {
  it("names a function over the limit, counting what it nests, and not one within it", () => {
    const body = (lines: number) =>
      Array.from({ length: lines }, (_, i) => `  const v${i} = ${i};`).join("\n");
    const text = [
      `export function long() {\n  const inner = () => {\n${body(57)}\n  };\n}`,
      `const short = () => {\n${body(58)}\n};`,
      `class C {\n  method() {\n${body(61)}\n  }\n}`,
    ].join("\n");
    expect(longFunctions("x.ts", text)).toEqual(["x.ts:1 long 61", "x.ts:123 method 63"]);
  });

  const files = TOPS.flatMap((top) => sourcesUnder(top)).filter((file) => !generated(file));
  const texts = files.map((file) => [file, readFileSync(join(ROOT, file), "utf8")] as const);

  it(`keeps every source file under ${MAX_FILE_LINES} lines`, () => {
    expect(files.length).toBeGreaterThan(300);
    const long = texts
      .map(([file, text]) => [file, text.split("\n").length - (text.endsWith("\n") ? 1 : 0)] as const)
      .filter(([, lines]) => lines > MAX_FILE_LINES)
      .map(([file, lines]) => `${file} ${lines}`);
    expect(long).toEqual([]);
  });

  it(`keeps every function under ${MAX_FUNCTION_LINES} lines`, () => {
    expect(texts.flatMap(([file, text]) => longFunctions(file, text))).toEqual([]);
  });
});
