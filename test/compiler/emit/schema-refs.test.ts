import { describe, expect, it } from "vitest";
import { eagerRefs, localDefinitions, normalizeRef } from "../../../compiler/emit/schema-to-ts.js";

describe("eagerRefs", () => {
  it.each<[string, { schema: unknown; want: string[] }]>([
    ["none", { schema: { type: "string" }, want: [] }],
    ["top-level ref", { schema: { $ref: "#" }, want: ["#"] }],
    [
      "through unions",
      {
        schema: { anyOf: [{ $ref: "#/a" }, { allOf: [{ $ref: "#/b" }] }], oneOf: [{ $ref: "#/c" }] },
        want: ["#/a", "#/c", "#/b"],
      },
    ],
    [
      "not inside objects or arrays",
      { schema: { properties: { x: { $ref: "#" } }, items: { $ref: "#" } }, want: [] },
    ],
  ])("%s", (_name, { schema, want }) => {
    expect(eagerRefs(schema).sort()).toEqual([...want].sort());
  });
});

describe("localDefinitions and normalizeRef", () => {
  it("lists $defs and definitions with RFC 6901 escaped refs", () => {
    const defs = localDefinitions({ $defs: { A: true, "a/b~c": false }, definitions: { B: {} } });
    expect(defs.map((d) => [d.ref, d.name])).toEqual([
      ["#/$defs/A", "A"],
      ["#/$defs/a~1b~0c", "a/b~c"],
      ["#/definitions/B", "B"],
    ]);
    expect(localDefinitions(true)).toEqual([]);
  });

  it.each<[string, string]>([
    ["#/$defs/a~1b", "#/$defs/a~1b"],
    ["#/$defs/a%20b", "#/$defs/a b"],
    ["#/$defs/%E2%82%AC", "#/$defs/€"],
    ["#/$defs/100%", "#/$defs/100%"],
  ])("%j → %j", (ref, want) => {
    expect(normalizeRef(ref)).toBe(want);
  });
});
