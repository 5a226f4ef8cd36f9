/** The declaration-text reader behind `units.describe`'s excerpts of generated types. */
import { describe, expect, it } from "vitest";
import {
  readMembers,
  readReferences,
  readStatements,
  wholeReference,
} from "../../../../runtime/sandbox/declarations/type-text.js";

const MODULE = `/** Braces in comments { and strings are not structure. */
export interface paths {
    "/a/{id}": {
        /** @description closes } early? "no */
        get: operations["get\\"a"];
        readonly 200: { x: "}" };
        [name: string]: unknown;
    };
    plain?: 'single';
}
export type Scalar = string;
type Local<T> = { value: T };
export type Union = { a: 1 } | { b: 2 };
`;

describe("readStatements", () => {
  it("finds each top-level declaration, with its object type when it starts with one", () => {
    const found = readStatements(MODULE).map((s) => ({
      name: s.name,
      open: s.open === undefined ? undefined : MODULE.slice(s.open, s.open + 1),
      text: MODULE.slice(s.start, s.end).trim().split("\n").at(-1),
    }));
    expect(found).toEqual([
      { name: "paths", open: "{", text: "}" },
      { name: "Scalar", open: undefined, text: "export type Scalar = string;" },
      { name: "Local", open: "{", text: "type Local<T> = { value: T };" },
      { name: "Union", open: "{", text: "export type Union = { a: 1 } | { b: 2 };" },
    ]);
  });
});

describe("readMembers", () => {
  it("reads keys of every kind, skipping comments and strings", () => {
    const [paths] = readStatements(MODULE);
    const outer = readMembers(MODULE, paths?.open as number);
    expect(outer.members.map((m) => m.key)).toEqual(["/a/{id}", "plain"]);
    const first = outer.members[0];
    const open = MODULE.indexOf("{", first?.typeStart);
    const inner = readMembers(MODULE, open).members.map((m) => ({
      key: m.key,
      type: m.typeStart < 0 ? undefined : MODULE.slice(m.typeStart, m.end).trim(),
    }));
    expect(inner).toEqual([
      { key: "get", type: 'operations["get\\"a"]' },
      { key: "200", type: '{ x: "}" }' },
      { key: undefined, type: "unknown" },
    ]);
  });
});

describe("readReferences", () => {
  const names = new Set(["components", "operations", "Scalar"]);
  const cases: Array<[string, { text: string; qualifier?: string; want: Array<[string, string[]]> }]> = [
    [
      "a chain of string keys",
      { text: 'components["schemas"]["Pet"][]', want: [["components", ["schemas", "Pet"]]] },
    ],
    ["number keys and single quotes", { text: "operations['x'][200]", want: [["operations", ["x", "200"]]] }],
    ["a key that is not a literal ends the chain", { text: "Scalar[number]", want: [["Scalar", []]] }],
    [
      "property keys, strings and comments are not references",
      {
        text: '{ components: "operations"; /* Scalar */ Scalar?: string; b: Scalar }',
        want: [["Scalar", []]],
      },
    ],
    ["a name inside another name is not one", { text: "MyScalar | x.Scalar", want: [] }],
    [
      "with a qualifier, only qualified references",
      {
        text: '$types.components["a"] | components["b"]',
        qualifier: "$types",
        want: [["components", ["a"]]],
      },
    ],
  ];
  it.each(cases)("%s", (_name, { text, qualifier, want }) => {
    expect(readReferences(text, names, qualifier).map((r) => [r.name, r.keys])).toEqual(want);
  });

  it("tells a plain reference from a type that contains one", () => {
    expect(wholeReference(' operations["a"]["b"] ', names)).toMatchObject({
      name: "operations",
      keys: ["a", "b"],
    });
    expect(wholeReference('operations["a"] | null', names)).toBeUndefined();
    expect(wholeReference('NonNullable<operations["a"]>', names)).toBeUndefined();
  });
});
