import { describe, expect, it } from "vitest";
import { MAX_DEPTH, print, type TypeContext } from "../../../compiler/emit/schema-to-ts.js";

/** `#` is `Self`, `#/$defs/<x>` is `Def_<x>`; an eager self-reference is refused, as emit does. */
const context: TypeContext = {
  refName: (ref, eager) => {
    if (ref === "#") return eager ? undefined : "Self";
    const match = /^#\/\$defs\/([A-Za-z]+)$/.exec(ref);
    return match ? `Def_${match[1]}` : undefined;
  },
};

const obj = (lines: string[]) => `{\n${lines.map((l) => `  ${l}\n`).join("")}}`;

describe("print", () => {
  it.each<[string, { schema: unknown; want: string }]>([
    ["true schema", { schema: true, want: "unknown" }],
    ["false schema", { schema: false, want: "never" }],
    ["empty schema", { schema: {}, want: "unknown" }],
    ["not a schema", { schema: "string", want: "unknown" }],
    ["array is not a schema", { schema: [{ type: "string" }], want: "unknown" }],
    ["string", { schema: { type: "string", format: "uuid" }, want: "string" }],
    ["integer", { schema: { type: "integer" }, want: "number" }],
    ["number", { schema: { type: "number" }, want: "number" }],
    ["boolean", { schema: { type: "boolean" }, want: "boolean" }],
    ["null", { schema: { type: "null" }, want: "null" }],
    ["unknown type name", { schema: { type: "date" }, want: "unknown" }],
    ["type list", { schema: { type: ["string", "integer", "null"] }, want: "string | number | null" }],
    ["type list merges number and integer", { schema: { type: ["number", "integer"] }, want: "number" }],
    ["nullable (OpenAPI 3.0)", { schema: { type: "string", nullable: true }, want: "string | null" }],
    ["nullable without a type", { schema: { nullable: true }, want: "unknown" }],
    ["const string", { schema: { const: "card" }, want: '"card"' }],
    ["const number", { schema: { type: "integer", const: -3 }, want: "-3" }],
    ["const null", { schema: { const: null }, want: "null" }],
    [
      "const object",
      { schema: { const: { a: [1, "x"], "b-c": true } }, want: '{ a: [1, "x"]; "b-c": true }' },
    ],
    ["const empty object", { schema: { const: {} }, want: "Record<string, never>" }],
    ["enum", { schema: { enum: ["a", 1, true, null] }, want: '"a" | 1 | true | null' }],
    ["enum duplicates", { schema: { enum: ["a", "a"] }, want: '"a"' }],
    ["empty enum", { schema: { enum: [] }, want: "never" }],
    [
      "enum of odd strings",
      {
        schema: { enum: ['"', "'", "`", "${x}", "*/", "</script>", "\u2028", "a\nb", "\\"] },
        want: '"\\"" | "\'" | "`" | "${x}" | "*/" | "<\\/script>" | "\\u2028" | "a\\nb" | "\\\\"',
      },
    ],
    ["const wins over type", { schema: { type: "string", const: "x", enum: ["y"] }, want: '"x"' }],
    ["array", { schema: { type: "array", items: { type: "string" } }, want: "Array<string>" }],
    ["array without items", { schema: { type: "array" }, want: "Array<unknown>" }],
    ["array inferred from items", { schema: { items: { type: "number" } }, want: "Array<number>" }],
    [
      "closed tuple",
      {
        schema: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false },
        want: "[string, number]",
      },
    ],
    [
      "open tuple",
      {
        schema: { prefixItems: [{ type: "string" }], items: { type: "boolean" } },
        want: "[string, ...boolean[]]",
      },
    ],
    [
      "tuple with any rest",
      { schema: { prefixItems: [{ type: "string" }] }, want: "[string, ...unknown[]]" },
    ],
    ["object without properties", { schema: { type: "object" }, want: "{ [key: string]: unknown }" }],
    [
      "object with nothing allowed",
      { schema: { type: "object", additionalProperties: false }, want: "Record<string, never>" },
    ],
    [
      "map",
      {
        schema: { type: "object", additionalProperties: { type: "integer" } },
        want: "{ [key: string]: number }",
      },
    ],
    ["map of anything", { schema: { additionalProperties: true }, want: "{ [key: string]: unknown }" }],
    [
      "pattern properties, closed otherwise",
      {
        schema: {
          patternProperties: { "^x-": { type: "string" }, "^n-": { type: "number" } },
          additionalProperties: false,
        },
        want: "{ [key: string]: string | number }",
      },
    ],
    [
      "pattern and additional properties",
      {
        schema: {
          patternProperties: { "^x-": { type: "string" } },
          additionalProperties: { type: "boolean" },
        },
        want: "{ [key: string]: string | boolean }",
      },
    ],
    [
      "map of objects laid out on lines",
      {
        schema: {
          additionalProperties: { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
        },
        want: obj(["[key: string]: {", "  a: string;", "};"]),
      },
    ],
    [
      "required and optional properties, quoted keys",
      {
        schema: {
          type: "object",
          properties: { id: { type: "string" }, "x-rate": { type: "number" }, "": { type: "null" } },
          required: ["id"],
        },
        want: obj(["id: string;", '"x-rate"?: number;', '""?: null;']),
      },
    ],
    [
      "properties without additionalProperties are closed",
      { schema: { properties: { a: { type: "string" } } }, want: obj(["a?: string;"]) },
    ],
    [
      "properties plus additionalProperties schema",
      {
        schema: { properties: { a: { type: "string" } }, additionalProperties: { type: "string" } },
        want: obj(["a?: string;", "[key: string]: unknown;"]),
      },
    ],
    [
      "properties plus additionalProperties true",
      {
        schema: { properties: { a: true }, additionalProperties: true },
        want: obj(["a?: unknown;", "[key: string]: unknown;"]),
      },
    ],
    [
      "property that is a false schema",
      { schema: { properties: { gone: false } }, want: obj(["gone?: never;"]) },
    ],
    [
      "required but undeclared property",
      {
        schema: { properties: { a: { type: "string" } }, required: ["a", "b"], additionalProperties: false },
        want: obj(["a: string;", "b: unknown;"]),
      },
    ],
    [
      "required undeclared property takes the additionalProperties type",
      {
        schema: { required: ["b"], additionalProperties: { type: "integer" } },
        want: obj(["b: number;", "[key: string]: unknown;"]),
      },
    ],
    [
      "property docs: description, default, deprecated, comment end escaped",
      {
        schema: {
          properties: {
            a: { type: "string", description: "The a.", default: "x", deprecated: true },
            b: { type: "string", description: "Ends */ here" },
          },
        },
        want: obj([
          "/**",
          " * The a.",
          ' * @default "x"',
          " * @deprecated",
          " */",
          "a?: string;",
          "/** Ends *\\/ here */",
          "b?: string;",
        ]),
      },
    ],
    [
      "nested object is indented",
      {
        schema: { properties: { inner: { properties: { x: { type: "number" } }, required: ["x"] } } },
        want: obj(["inner?: {", "  x: number;", "};"]),
      },
    ],
    ["anyOf", { schema: { anyOf: [{ type: "string" }, { type: "number" }] }, want: "string | number" }],
    ["oneOf", { schema: { oneOf: [{ const: "a" }, { const: "b" }] }, want: '"a" | "b"' }],
    ["anyOf with anything", { schema: { anyOf: [{ type: "string" }, {}] }, want: "unknown" }],
    [
      "allOf",
      {
        schema: {
          allOf: [{ properties: { a: { type: "string" } } }, { properties: { b: { type: "number" } } }],
        },
        want: "{\n  a?: string;\n} & {\n  b?: number;\n}",
      },
    ],
    [
      "allOf drops unconstrained parts",
      { schema: { allOf: [{ type: "string" }, { description: "x" }] }, want: "string" },
    ],
    ["allOf with false", { schema: { allOf: [{ type: "string" }, false] }, want: "never" }],
    [
      "type and oneOf intersect, unions get parentheses",
      { schema: { type: "string", oneOf: [{ const: "a" }, { const: "b" }] }, want: 'string & ("a" | "b")' },
    ],
    [
      "nullable union keeps parentheses",
      {
        schema: {
          anyOf: [{ type: "string" }, { type: "number" }],
          allOf: [{ type: "string" }],
          nullable: true,
        },
        want: "((string | number) & string) | null",
      },
    ],
    ["$ref", { schema: { $ref: "#/$defs/Node" }, want: "Def_Node" }],
    ["$ref with description only", { schema: { $ref: "#/$defs/Node", description: "x" }, want: "Def_Node" }],
    [
      "$ref with sibling constraints (2020-12)",
      { schema: { $ref: "#/$defs/Node", type: "string" }, want: "Def_Node & string" },
    ],
    ["$ref that cannot be followed", { schema: { $ref: "https://example.com/s.json" }, want: "unknown" }],
    [
      "$ref in a union",
      { schema: { anyOf: [{ $ref: "#/$defs/Node" }, { type: "null" }] }, want: "Def_Node | null" },
    ],
    [
      "recursion via # inside an object",
      {
        schema: { properties: { children: { type: "array", items: { $ref: "#" } } } },
        want: obj(["children?: Array<Self>;"]),
      },
    ],
    [
      "recursion via # at the top would be circular",
      { schema: { anyOf: [{ $ref: "#" }, { type: "string" }] }, want: "unknown" },
    ],
    [
      "recursion via # in a map value",
      { schema: { additionalProperties: { $ref: "#" } }, want: "{ [key: string]: Self }" },
    ],
  ])("%s", (_name, { schema, want }) => {
    expect(print(schema, context)).toBe(want);
  });

  it("lays nested lines out at the given indent", () => {
    expect(print({ properties: { a: { type: "string" } } }, context, "    ")).toBe(
      "{\n      a?: string;\n    }",
    );
  });

  it(`gives up with unknown past ${MAX_DEPTH} levels`, () => {
    let schema: unknown = { type: "string" };
    for (let i = 0; i < 40; i++) schema = { type: "array", items: schema };
    const printed = print(schema, context);
    expect(printed).toBe(`${"Array<".repeat(MAX_DEPTH + 1)}unknown${">".repeat(MAX_DEPTH + 1)}`);
    let shallow: unknown = { type: "string" };
    for (let i = 0; i < 5; i++) shallow = { type: "array", items: shallow };
    expect(print(shallow, context)).toBe("Array<Array<Array<Array<Array<string>>>>>");
  });
});
