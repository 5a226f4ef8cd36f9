/**
 * The plain validator answers exactly what ajv answers: for random schemas of the keywords it
 * handles and random values, the same errors (keyword, path, parameters, message) in the same order.
 * Every other schema it leaves to ajv, and so does the input check built on both.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../../../runtime/contract/manifest.js";
import { describeProblems, schemaProblems } from "../../../runtime/shared/input-problems.js";
import { createAjv, inputProblems } from "../../../runtime/shared/validate-input.js";
import { simpleValidator } from "../../../runtime/shared/validate-simple.js";

const ajv = createAjv();
const NAMES = ["a", "b", "id", "x/y", "t~n", "10", "constructor", "owner"];
const PATTERNS = ["^a", "b$", "^[a-z]+$", "\\d{2}", '"q"', "\\p{L}", "é", "^.$", "a|b", "\\\\"];

/** Strings some formats accept and some refuse. */
const FORMATTED = [
  "2026-11-27",
  "2026-02-30",
  "2026-11-27T10:00:00Z",
  "a@b.co",
  "http://x.y/",
  "b.co",
  "aGk=",
  "^a(",
  "x",
];
const FORMATS = [
  "date",
  "date-time",
  "email",
  "uri",
  "byte",
  "regex",
  "password",
  "int32",
  "uint32",
  "double",
  "google-datetime",
  "made-up",
];

const leaf = fc.oneof(
  fc.string({ maxLength: 4, unit: "grapheme" }),
  fc.constantFrom(...FORMATTED, 2 ** 31, 2 ** 32, -1, 1.5),
  fc.integer({ min: -20, max: 20 }),
  fc.double({ min: -50, max: 50, noNaN: true }),
  fc.boolean(),
  fc.constant(null),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    leaf,
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...NAMES), tie("value"), { maxKeys: 4, noNullPrototype: true }),
  ),
})).value;

const types = fc.constantFrom("string", "number", "integer", "boolean", "null", "object", "array");
const count = fc.nat({ max: 4 });
const limit = fc.oneof(fc.integer({ min: -10, max: 10 }), fc.double({ min: -10, max: 10, noNaN: true }));

/** Keywords of one schema that hold no schema, each valid under the meta-schema. */
const flat = fc.record(
  {
    type: fc.oneof(types, fc.uniqueArray(types, { minLength: 1, maxLength: 3 })),
    const: json,
    enum: fc.array(json, { minLength: 1, maxLength: 3 }),
    maximum: limit,
    minimum: limit,
    exclusiveMaximum: limit,
    exclusiveMinimum: limit,
    multipleOf: fc.constantFrom(0.5, 1, 2, 3, 0.1),
    maxLength: count,
    minLength: count,
    pattern: fc.constantFrom(...PATTERNS),
    format: fc.constantFrom(...FORMATS),
    maxItems: count,
    minItems: count,
    maxProperties: count,
    minProperties: count,
    required: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 3 }),
    description: fc.string({ maxLength: 5 }),
    default: json,
    "x-vendor": json,
  },
  { requiredKeys: [] },
);

/** A schema of the keywords the plain validator handles, at most three levels deep. */
const schema = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", maxDepth: 3, withCrossShrink: true },
    fc.boolean(),
    flat,
    fc
      .tuple(
        flat,
        fc.record(
          {
            properties: fc.dictionary(fc.constantFrom(...NAMES), tie("schema"), {
              maxKeys: 2,
              noNullPrototype: true,
            }),
            additionalProperties: tie("schema"),
            items: tie("schema"),
          },
          { requiredKeys: [] },
        ),
      )
      .map(([own, inner]) => ({ ...own, ...inner })),
  ),
})).schema;

/** A value shaped like `schema` often enough to reach its inner keywords. */
const value = fc.oneof(
  json,
  fc.dictionary(fc.constantFrom(...NAMES), json, { maxKeys: 5, noNullPrototype: true }),
);

/** A schema `data` meets, using every keyword the plain validator handles where it can. */
function schemaOf(data: unknown): Record<string, unknown> {
  if (Array.isArray(data)) {
    const items = data.length > 0 ? { enum: data } : {};
    return { type: "array", minItems: data.length, maxItems: data.length, items };
  }
  if (data !== null && typeof data === "object") {
    const properties = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, schemaOf(v)]));
    const n = Object.keys(data).length;
    return {
      type: "object",
      properties,
      required: Object.keys(data),
      additionalProperties: false,
      minProperties: n,
      maxProperties: n,
    };
  }
  if (typeof data === "string")
    return { type: "string", minLength: [...data].length, maxLength: [...data].length, pattern: "^" };
  if (typeof data === "number") {
    const integer = Number.isInteger(data);
    return {
      type: integer ? ["integer"] : "number",
      minimum: data,
      maximum: data,
      ...(integer ? { multipleOf: 1 } : {}),
    };
  }
  return { const: data, type: data === null ? "null" : "boolean" };
}

const fields = (
  errors: ReadonlyArray<{ keyword: string; instancePath: string; params: object; message?: string }>,
) => errors.map(({ keyword, instancePath, params, message }) => ({ keyword, instancePath, params, message }));

describe("the plain validator", () => {
  it("finds what ajv finds, in ajv's order, for any schema of its keywords and any value", () => {
    fc.assert(
      fc.property(schema, value, (s, data) => {
        fc.pre(typeof s === "object");
        const validate = ajv.compile(s);
        validate(data);
        const check = simpleValidator(s);
        expect(check).toBeDefined();
        const found = check?.(data);
        expect(found).toBeDefined();
        expect(fields(found ?? [])).toEqual(fields(validate.errors ?? []));
        expect(describeProblems(found ?? [])).toEqual(inputProblems(s as JsonSchema, data));
      }),
      { numRuns: 1500 },
    );
  });

  it("passes values that meet their schema, as ajv does", () => {
    fc.assert(
      fc.property(json, (data) => {
        const s = schemaOf(data);
        expect(simpleValidator(s)?.(data)).toEqual([]);
        expect(ajv.validate(s, data)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("counts characters as ajv does, a surrogate pair as one", () => {
    const s = { type: "string", maxLength: 2, minLength: 2 };
    for (const text of ["😀😀", "😀", "ab", "a\ud800", "\udc00\ud800x"]) {
      expect(simpleValidator(s)?.(text)).toEqual(ajv.validate(s, text) ? [] : fields(ajv.errors ?? []));
    }
  });

  it.each([
    ["a reference", { $ref: "#/$defs/a", $defs: { a: { type: "string" } } }],
    ["a composition", { anyOf: [{ type: "string" }] }],
    ["a format that is not text", { type: "string", format: 5 }],
    ["nullable", { type: "string", nullable: true }],
    ["a nested keyword it does not handle", { properties: { a: { oneOf: [true] } } }],
    ["a negative length the meta-schema refuses", { maxLength: -1 }],
    ["a repeated required name", { required: ["a", "a"] }],
    ["a repeated type", { type: ["string", "string"] }],
    ["a pattern with an unescaped \\Z", { pattern: "a\\Z" }],
    ["a description that is not text", { description: 5 }],
    ["an empty enum", { enum: [] }],
  ])("leaves %s to ajv", (_name, s) => {
    expect(simpleValidator(s)).toBeUndefined();
  });

  it("leaves a comparison by a value's own valueOf to ajv", () => {
    const check = simpleValidator({ const: { a: 1 } });
    expect(check?.({ a: 1 })).toEqual([]);
    expect(check?.({ valueOf: 1 })).toBeUndefined();
  });
});

describe("schemaProblems", () => {
  it("answers plain schemas and the others alike, as ajv would", async () => {
    const plain = { type: "object", properties: { n: { type: "integer", minimum: 1 } }, required: ["id"] };
    expect(await schemaProblems(plain, { n: 0.5 })).toEqual([
      'input lacks required property "id"',
      "input.n must be integer",
      "input.n must be >= 1",
    ]);
    const other = { type: "object", properties: { n: { anyOf: [{ type: "string" }, { type: "null" }] } } };
    expect(await schemaProblems(other, { n: 1 })).toEqual(inputProblems(other, { n: 1 }));
    expect(await schemaProblems(true, 1)).toEqual([]);
    expect(await schemaProblems(false, 1)).toEqual(["input is not accepted"]);
  });
});
