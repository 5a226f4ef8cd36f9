/**
 * The input-schema check of OpenAPI discovery (schema-check.ts): an operation's own part compiled
 * with its definitions stood in for, the shared definitions once together, and, only when those
 * fail, each operation that reaches one compiled whole: the same operations are refused as when every
 * schema was compiled whole.
 */
import { describe, expect, it } from "vitest";
import {
  compileProblem,
  definitionsProblem,
  ownPartProblem,
  refusedByDefinitions,
} from "../../../../compiler/discover/openapi/schema-check.js";
import { createAjv } from "../../../../runtime/shared/validate-input.js";

const defs = {
  Bad: { type: "object", properties: { code: { type: "string", pattern: "[" } } },
  Outer: { type: "object", properties: { inner: { $ref: "#/$defs/Bad" } } },
  Good: { type: "object", properties: { self: { $ref: "#/$defs/Good" } } },
};
const reaching = (...names: (keyof typeof defs)[]) =>
  Object.fromEntries(names.map((name) => [name, defs[name]]));

describe("the input-schema check", () => {
  it("finds a problem in an operation's own part whatever its definitions hold", () => {
    expect(ownPartProblem({ type: "string", pattern: "(" })).toMatch(/regular expression|pattern/i);
    const own = { type: "object", properties: { a: { $ref: "#/$defs/Bad" } }, $defs: reaching("Bad") };
    expect(ownPartProblem(own)).toBeUndefined();
    expect(compileProblem(own)).toBeDefined();
  });

  it("answers an own part seen before as it did the first time, definitions in cycles or not", () => {
    const schemas = [
      { type: "object", properties: { a: { $ref: "#/$defs/Good" } }, $defs: reaching("Good") },
      { type: "object", properties: { a: { $ref: "#/$defs/Bad" } }, $defs: reaching("Bad") },
      { type: "object", properties: { a: { type: "string", pattern: "(" } }, $defs: reaching("Good") },
      { type: "object", properties: { a: { type: "string", pattern: "(" } } },
      { type: "object", properties: { a: { $ref: "#/$defs/Outer" } }, $defs: reaching("Outer", "Bad") },
    ];
    const first = schemas.map((schema) => ownPartProblem(schema));
    expect(first.map((problem) => problem === undefined)).toEqual([true, true, false, false, true]);
    // Equal copies, as other operations of a spec hold them: the same answers.
    const again = schemas.map((schema) => ownPartProblem(structuredClone(schema)));
    expect(again).toEqual(first);
    expect(ownPartProblem(schemas[2] ?? true)).toBe(compileProblem({ ...schemas[2], $defs: { Good: true } }));
  });

  it("refuses exactly the operations that reach a definition that does not compile", () => {
    const schemas = [
      { type: "object", properties: { a: { $ref: "#/$defs/Bad" } }, $defs: reaching("Bad") },
      { type: "object", properties: { a: { $ref: "#/$defs/Outer" } }, $defs: reaching("Outer", "Bad") },
      { type: "object", properties: { a: { $ref: "#/$defs/Good" } }, $defs: reaching("Good") },
      { type: "object", properties: { a: { type: "string" } } },
    ];
    const refused = refusedByDefinitions(schemas, defs);
    expect([...refused.keys()]).toEqual([0, 1]);
    for (const [index, problem] of refused) expect(problem).toBe(compileProblem(schemas[index] ?? true));
  });

  it("refuses nothing when the definitions compile together", () => {
    const good = { Good: defs.Good };
    const schemas = [{ type: "object", properties: { a: { $ref: "#/$defs/Good" } }, $defs: good }];
    expect(refusedByDefinitions(schemas, good).size).toBe(0);
  });
});

describe("the input-schema check beside the runtime's validator", () => {
  // Refused only while the validating function is written, not by the meta-schema: a definition
  // that reaches no other is the kind ajv writes into each schema reaching it, unless told not to.
  const leaves = {
    Untyped: { nullable: true, description: "nullable without a type" },
    Pattern: { type: "string", pattern: "(" },
    Fine: { type: "string", format: "date-time" },
  };
  const twice = (name: keyof typeof leaves) => ({
    type: "object",
    properties: { a: { $ref: `#/$defs/${name}` }, b: { items: { $ref: `#/$defs/${name}` } } },
    $defs: { [name]: leaves[name] },
  });
  const runtime = (schema: object) => {
    try {
      createAjv().compile(schema);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it("refuses the same schemas, in the same words, whole and by their definitions", () => {
    for (const name of ["Untyped", "Pattern", "Fine"] as const) {
      const schema = twice(name);
      expect(compileProblem(schema), name).toBe(runtime(schema));
      expect(definitionsProblem(schema.$defs) === undefined, name).toBe(name === "Fine");
    }
    expect(runtime(twice("Untyped"))).toMatch(/nullable/);
  });
});
