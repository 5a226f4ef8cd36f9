/**
 * The schemas of a types module that can hold circular types: those on a cycle of references, with
 * every schema they reach; a module past a megabyte has only those checked, and its errors are still
 * traced to the schema they lie in.
 */
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { schemasOnCycles } from "../../../../compiler/discover/openapi/schema-cycles.js";
import { checkTypesModule, WHOLE_CHECK_CHARS } from "../../../../compiler/discover/openapi/types-check.js";

const ts = createRequire(import.meta.url)("typescript") as typeof import("typescript");

const ref = (name: string) => `components["schemas"]["${name}"]`;

function parsed(text: string) {
  return ts.createSourceFile("/spec-types.ts", text, ts.ScriptTarget.ES2022, true).statements;
}

function names(text: string): string[] | undefined {
  return schemasOnCycles(ts, parsed(text))?.map(
    (member) => (member.name as import("typescript").Identifier).text,
  );
}

describe("schemas on cycles", () => {
  it("are those on a cycle and what they reach, in module order", () => {
    const text = `export interface components {
  schemas: {
    Plain: { a: string };
    Before: ${ref("A")};
    A: { b: ${ref("B")}; d: ${ref("D")} };
    B: { a?: ${ref("A")}[] };
    D: { e: ${ref("E")} };
    E: number;
    Self: ${ref("Self")}[] | null;
    Other: string;
  };
}
export interface paths {}
`;
    expect(names(text)).toEqual(["A", "B", "D", "E", "Self"]);
  });

  it("are none when no schema refers back to itself", () => {
    expect(names(`export interface components { schemas: { A: ${ref("B")}; B: string } }`)).toEqual([]);
    expect(names("export interface paths {}")).toEqual([]);
  });

  it("are not judged when a schema refers to another part of the module", () => {
    const text = `export interface components { schemas: { A: components["responses"]["R"] }; responses: { R: string } }`;
    expect(names(text)).toBeUndefined();
  });
});

describe("a module past a megabyte", () => {
  it("has the schemas on a cycle checked, and an error traced to its schema", () => {
    const padding = `/* ${"x".repeat(WHOLE_CHECK_CHARS)} */\n`;
    const text = `${padding}export interface components {
  schemas: {
    Loop: null & (${ref("Loop")}[] | { [key: string]: ${ref("Loop")} });
    Tree: { children?: ${ref("Tree")}[]; leaf?: ${ref("Leaf")} };
    Leaf: { name: string };
    Broken: { a: UnknownName };
  };
}
`;
    const check = checkTypesModule(ts, text, parsed(text));
    // Broken is on no cycle: past a megabyte only the circular kind of error is looked for.
    expect(check).toEqual({
      schemas: new Map([
        ["Loop", "TS2502: 'Loop' is referenced directly or indirectly in its own type annotation."],
      ]),
    });
  });

  it("with no schema on a cycle checks nothing and is fine", () => {
    const padding = `/* ${"y".repeat(WHOLE_CHECK_CHARS)} */\n`;
    const text = `${padding}export interface components { schemas: { Leaf: { name: string } } }\n`;
    expect(checkTypesModule(ts, text, parsed(text))).toEqual({ ok: true });
  });
});
