/**
 * The host's reading of plain-JavaScript scripts must answer exactly what TypeScript's syntax
 * reader answers whenever it answers at all, and leave TypeScript syntax, errors and anything it
 * could read differently to TypeScript.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { plainSyntax } from "../../../../runtime/sandbox/check/plain-syntax.js";
import { BundleChecker } from "../../../../runtime/sandbox/check/typecheck.js";
import { scriptsOf } from "../support.js";

const typescript = new BundleChecker("");

/** Pieces of scripts: plain statements, TypeScript, near misses, errors, and text that reads two ways. */
const PIECES = [
  "const n = await units.notes.listNotes({});",
  "return [n, 1]",
  "n.length",
  "  n.map((x) => x.id)",
  "for (let i = 0; i < 3; i++) console.log(i);",
  "if (a > b) { x = 1 } else { x = 2 }",
  "f<T>(x)",
  "a < b > (c)",
  "g<A<B>>(y)",
  "h << 2 >> 1",
  "a <= b",
  "const t = `<${a}>`;",
  "const r = /<a>/g.test(s);",
  '"<" + ">"',
  "// a comment with < and >",
  "/* block */ x",
  "let x: number = 1;",
  "const y = z as string;",
  "w!",
  "type\nT = 1",
  "namespace\nN",
  "interface I { a: number }",
  "enum E { A }",
  "function f(a?) { return a }",
  "class C { #p = 1; static { this.q = 2 } has(o) { return #p in o } }",
  "class D { accessor v = 1 }",
  "using res = open()",
  "const v = /a/v;",
  "010",
  '"\\01"',
  "with (o) { p }",
  "let let = 1;",
  "yield = 1",
  "label: for (;;) break label;",
  "break",
  "return 1 }; {",
  "}",
  "{",
  "x\n(y)",
  "return\nx",
  "a = b\n++c",
  '"use strict"',
  "async () => { await q }",
  "import('mod')",
  "import.meta",
  "new.target",
  "let o = { __proto__: a, __proto__: b };",
  "a ?? b || c",
  "a?.b?.[c]?.(d)",
  "1_000_000n",
  "const { a = 1, ...rest } = obj;",
  "x => x",
  "@dec class K {}",
  "abstract class L {}",
  "declare const q: number;",
  "a\n/b/g.exec(c)",
  "x = y / z / w",
  "`a${`b${c}`}`",
  "let [p1, p2] = c\n[p1, p2] = [p2, p1]",
  "do x++; while (x < 3)",
  "switch (a) { case 1: break; default: }",
  "try { t() } catch { c() } finally { f() }",
  "throw new Error('x')",
  "void 0, typeof x === 'string', delete o.p",
  "a\n?.b",
  "get\nset",
  "async\nfunction af() {}",
  "let z = 1 >>> 2",
  "x >>= 1",
  "if (a) function fd() {}",
  "class E extends (a, b) {}",
  "({ a: 1 }).a",
  "function* gen() { yield* [1] }",
  "arguments",
  "eval('1')",
];

const script = scriptsOf(PIECES, 4);

describe("plainSyntax", () => {
  it("answers what TypeScript's syntax reader answers, whenever it answers", () => {
    let answered = 0;
    fc.assert(
      fc.property(script, (code) => {
        const quick = plainSyntax(code);
        if (quick === undefined) return;
        answered += 1;
        expect(typescript.syntax(code)).toEqual(quick);
      }),
      { numRuns: Number(process.env.RUNS ?? 1000) },
    );
    // The property ran on scripts this reader answers, not only on ones it left to TypeScript.
    expect(answered).toBeGreaterThan(50);
  });

  it.each([
    ["a final expression", "const a = 1;\n  a + 1", 15],
    ["a return", "const n = await units.notes.listNotes({});\nreturn n", undefined],
    ["a loop with a comparison", "let s = 0;\nfor (let i = 0; i < 3; i++) s += i;\ns", 47],
  ])("reads %s as TypeScript does", (_name, code, returnAt) => {
    const quick = plainSyntax(code);
    expect(quick).toEqual({ diagnostics: [], plain: true, ...(returnAt === undefined ? {} : { returnAt }) });
    expect(typescript.syntax(code)).toEqual(quick);
  });

  it.each([
    ["a type argument, which JavaScript reads as comparisons", "return f<T>(x)"],
    ["a type annotation", "let x: number = 1"],
    ["an assertion", "return x as string"],
    ["a syntax error", "const x = ;"],
    ["a brace that closes the wrapper", "return 1 }; {"],
    ["what only sloppy JavaScript allows", "with (o) { p }"],
    ["syntax newer than ES2022", "const v = /a/v;"],
    [
      "a private name, which TypeScript has lowered when tested with in",
      "class C { #p = 1; has(o) { return #p in o } }",
    ],
  ])("leaves %s to TypeScript", (_name, code) => {
    expect(plainSyntax(code)).toBeUndefined();
  });
});
