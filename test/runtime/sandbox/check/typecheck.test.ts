/** The type check of scripts against the committed examples/basic declarations, in-process. */
import { describe, expect, it } from "vitest";
import { BundleChecker } from "../../../../runtime/sandbox/check/typecheck.js";
import { loadDeclarations } from "../../../../runtime/sandbox/declarations/declarations.js";
import type { CheckDiagnostic } from "../../../../runtime/sandbox/shared/protocol.js";
import { bundleDir } from "../support.js";

const declarations = loadDeclarations(bundleDir);
if (!declarations) throw new Error(`no declarations in ${bundleDir}`);
const checker = new BundleChecker(declarations.combined);

function check(code: string): { diagnostics: CheckDiagnostic[]; returnAt?: number } {
  const syntax = checker.syntax(code);
  if (syntax.diagnostics.length > 0) return syntax;
  return { ...syntax, diagnostics: checker.types(code) };
}

type Want = Partial<CheckDiagnostic>;

const CASES: Array<[string, { code: string; want: Want[]; returnAt?: number }]> = [
  [
    "a typed chain of calls",
    { code: "const n = await units.notes.listNotes();\nreturn n[0]?.title.toUpperCase();", want: [] },
  ],
  ["plain JavaScript", { code: "function add(a, b) { return a + b }\nreturn add(1, 2)", want: [] }],
  [
    "a syntax error",
    {
      code: "const ok = 1;\nconst x = ;",
      want: [{ severity: "error", code: "TS1109", line: 2, column: 11 }],
    },
  ],
  [
    "a wrong argument type, naming the field",
    {
      code: "await units.weather__current.now({ city: 7 });",
      want: [
        {
          severity: "warning",
          code: "TS2322",
          message: "city: Type 'number' is not assignable to type 'string'.",
          line: 1,
          column: 36,
        },
      ],
    },
  ],
  [
    "a missing required field",
    {
      code: "await units.notes.getNote({});",
      want: [
        { code: "TS2345", message: expect.stringContaining("Property 'id' is missing") as unknown as string },
      ],
    },
  ],
  [
    "a unit that does not exist",
    {
      code: "await units.billing.list();",
      want: [{ code: "TS2339", message: expect.stringContaining("'billing'") as unknown as string }],
    },
  ],
  [
    "an enum value outside its members",
    {
      code: 'await units.weather__current.now({ city: "oslo", units: "kelvin" });',
      want: [
        {
          code: "TS2322",
          message: expect.stringMatching(/^units: Type '"kelvin"' is not assignable/) as unknown as string,
        },
      ],
    },
  ],
  [
    "a host global",
    {
      code: "await fetch('http://example.com');",
      want: [{ code: "TS2304", message: "Cannot find name 'fetch'." }],
    },
  ],
  ["a final expression", { code: "const a = 1;\n  a + 1", want: [], returnAt: 15 }],
];

describe("BundleChecker", () => {
  it.each(CASES)("%s", (_name, { code, want, returnAt }) => {
    const outcome = check(code);
    expect(outcome.diagnostics).toHaveLength(want.length);
    for (const [i, w] of want.entries()) expect(outcome.diagnostics[i]).toMatchObject(w);
    if (returnAt !== undefined) expect(outcome.returnAt).toBe(returnAt);
  });

  it.each([
    ["return 1", true],
    ["const n = await units.notes.listNotes();\nreturn n.map((x) => x.id)", true],
    ["class C { x = 1; #y = 2; get y() { return this.#y } }\nreturn a?.b ?? c", true],
    ["const n: number = 1", false],
    ["return x!", false],
    ["return x as string", false],
    ["interface A { a: number }", false],
    ["function f<T>(x: T) { return x }", false],
    ["function f(a?) { return a }", false],
    ["await using x = y", false],
  ])("runs %j as written: %s", (code, plain) => {
    expect(checker.syntax(code).plain === true).toBe(plain);
  });

  it("refuses a brace that closes the wrapper early", () => {
    expect(check("return 1 }; {").diagnostics).toEqual([
      {
        severity: "error",
        code: "UNBALANCED",
        message: "this closing brace has no opening brace in the script",
        line: 1,
        column: 10,
        lineText: "return 1 }; {",
      },
    ]);
  });

  it("follows new declarations without a new service", () => {
    const own = new BundleChecker(
      "declare const units: { a: { go(input: { n: number }): Promise<string> } };",
    );
    expect(own.types("await units.a.go({ n: 1 });")).toEqual([]);
    own.setDeclarations("declare const units: { b: { go(): Promise<void> } };");
    expect(own.types("await units.a.go({ n: 1 });")).toMatchObject([{ code: "TS2339" }]);
    // Both on the program the checker keeps between scripts (see typecheck-reuse.test.ts).
    expect(own.counts).toMatchObject({ reused: 2, full: 0 });
  });

  // Counted, not timed: every check after the first reuses the program instead of building anew.
  it("reuses its service: a check after the first builds no program", () => {
    check("return 1");
    const before = { ...checker.counts };
    for (let i = 0; i < 10; i++) check(`return ${i} + await units.notes.listNotes().then((n) => n.length)`);
    expect(checker.counts).toEqual({ ...before, reused: before.reused + 10 });
  });
});
