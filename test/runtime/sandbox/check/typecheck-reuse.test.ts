/**
 * A checker that answers many scripts from one TypeScript program (each script checked as a file of
 * its own against that program's type checker) must answer exactly what a new program per script
 * answers, in any order, across its renewals and after new declarations.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BundleChecker } from "../../../../runtime/sandbox/check/typecheck.js";
import { loadDeclarations } from "../../../../runtime/sandbox/declarations/declarations.js";
import type { CheckDiagnostic } from "../../../../runtime/sandbox/shared/protocol.js";
import { bundleDir, scriptsOf } from "../support.js";

const declarations = loadDeclarations(bundleDir);
if (!declarations) throw new Error(`no declarations in ${bundleDir}`);
const { combined } = declarations;

/** Statements a script is made of: right and wrong calls, reads, types, directives, strict-mode slips. */
const STATEMENTS = [
  'const a = await units.notes.listNotes({ tag: "x" });',
  "const a = await units.notes.listNotes();",
  "const b = await units.notes.getNote({ id: 1 });",
  'const b = await units.notes.getNote({ id: "n1" });',
  'const c = await units.weather__current.now({ city: "oslo", units: "kelvin" });',
  'const c = await units.weather__current.now({ city: "oslo", units: "metric" });',
  "console.log(c.temperature.toFixed(1), c.tempreature);",
  "return a.map((n) => n.titel);",
  "return a.map((n) => n.title.toUpperCase());",
  'let x: number = "s";',
  "// @ts-ignore\nlet y: number = 'ignored';",
  "// @ts-expect-error\nconst fine = 1;",
  "// @ts-expect-error\nconst wrong: string = 2;",
  'console.log(await units.search("notes", { limit: 2 }));',
  "for (const n of a ?? []) console.log(n.tags.join(','));",
  "class K { m() { return this.q } }",
  "const z = undefinedName + 1;",
  'units.notes.createNote({ title: "t" });',
  'type T = Units.notes.GetNoteOutput;\nconst t: T = { id: "1" };',
  "function f(p) { return p.b }",
  "let eval = 1;",
  "const d = 1;\nconst d = 2;",
  'const m = new Map<string, number>();\nm.set("k", "v");',
  "const p = Promise.all([units.notes.listNotes(), units.files.listFiles()]);\nreturn (await p)[1].length;",
  'type M = typeof import("./elsewhere");',
  'return await units.describe("notes", 42);',
  "const w: Units.weather__current.NowInput = { city: 'x', extra: true };",
  "async function g(): Promise<number> { return 'no' }",
  "[1, 2, 3].reduce((s, v) => s + v, '');",
  "const r = /a+/v.test('aa');",
  "with (Math) { max(1, 2) }",
  'const u1 = "imperial";\nconst u2: "metric" | "imperial" = "kelvin";',
  'const w2 = await units.weather__current.now({ city: "x", units: "celsius" });',
  "const q: 3 | 1 | 2 = 4;",
  "const s = [1, 'a', true];\nconst n2: number[] = s;",
];

const script = scriptsOf(STATEMENTS, 5);

/**
 * A finding as compared: exact but for the order of a union's members in its message, which
 * TypeScript prints in the order it first met each member type (a checker answering many scripts has
 * met some in earlier ones, as an editor's has).
 */
function comparable(diagnostics: CheckDiagnostic[]) {
  return diagnostics.map(({ message, ...rest }) => ({ ...rest, words: message.split(/[\s|'"]+/).sort() }));
}

describe("BundleChecker reusing one program", () => {
  it("answers what a new program per script answers, in any order", () => {
    const reusing = new BundleChecker(combined);
    const fresh = new BundleChecker(combined, { reuseProgram: false });
    fc.assert(
      fc.property(script, (code) => {
        if (reusing.syntax(code).diagnostics.length > 0) return;
        expect(comparable(reusing.types(code))).toEqual(comparable(fresh.types(code)));
      }),
      { numRuns: Number(process.env.RUNS ?? 300) },
    );
    // The property ran on the reused program, not on the fallback a directive takes.
    expect(reusing.counts.reused).toBeGreaterThan(100);
    expect(fresh.counts.reused).toBe(0);
  });

  it("answers the same across renewals of its program", () => {
    const reusing = new BundleChecker(combined, { checksPerProgram: 3 });
    const fresh = new BundleChecker(combined, { reuseProgram: false });
    const clean = [
      "return 1",
      "const a = await units.notes.listNotes();\nreturn a.length",
      "return [1].map((n) => n + 1)",
    ];
    for (const code of [...clean, ...clean, ...clean]) expect(reusing.types(code)).toEqual(fresh.types(code));
    expect(reusing.counts).toMatchObject({ reused: 9, programs: 3 });
  });

  it("suggests names for every script, not only for a checker's first ten unknown names", () => {
    const reusing = new BundleChecker(combined);
    for (let i = 0; i < 15; i++) {
      expect(reusing.types(`const result${i} = 1;\nreturn reslt${i} + 1;`)).toMatchObject([
        { code: "TS2552", message: `Cannot find name 'reslt${i}'. Did you mean 'result${i}'?` },
      ]);
    }
  });

  it("makes the checker a new program is due for ahead of the next script", () => {
    const reusing = new BundleChecker(combined);
    reusing.types("return 1");
    reusing.prepare();
    expect(reusing.counts).toMatchObject({ reused: 1, programs: 1 });
    reusing.types("let x: number = 's';");
    reusing.prepare();
    expect(reusing.counts).toMatchObject({ reused: 3, programs: 2 });
    reusing.types("return 2");
    expect(reusing.counts).toMatchObject({ reused: 4, programs: 2 });
  });

  it("takes a whole program for a script with comment directives", () => {
    const reusing = new BundleChecker(combined);
    const code = "// @ts-ignore\nlet y: number = 'ignored';\nlet x: number = 's';";
    expect(reusing.types(code)).toMatchObject([{ code: "TS2322", line: 3 }]);
    // A pragma only counts at the top of a file, and the script is a function's body.
    expect(reusing.types("// @ts-nocheck\nlet x: number = 's';")).toMatchObject([{ code: "TS2322" }]);
    expect(reusing.counts).toMatchObject({ reused: 1, full: 1 });
  });
});
