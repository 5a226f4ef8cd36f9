import { readFileSync } from "node:fs";
import { getIntrospectionQuery, graphqlSync, printSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { buildSchemaFromText, MAX_SCHEMA_PROBLEMS } from "../../../../compiler/discover/graphql/schema.js";
import { PETS_SDL } from "../../../e2e/graphql-support.js";

function introspectionOf(sdl: string): unknown {
  const built = buildSchemaFromText(sdl);
  if (!built.schema) throw new Error("fixture schema does not build");
  return graphqlSync({ schema: built.schema, source: getIntrospectionQuery() });
}

describe("buildSchemaFromText", () => {
  const result = introspectionOf(PETS_SDL) as { data: unknown };

  it.each([
    ["SDL", PETS_SDL, "sdl"],
    ["introspection with the data wrapper", JSON.stringify(result), "introspection"],
    ["introspection without it", JSON.stringify(result.data), "introspection"],
  ])("builds a schema from %s", (_name, text, format) => {
    const built = buildSchemaFromText(text);
    expect(built.problems).toEqual([]);
    expect(built.format).toBe(format);
    expect(printSchema(built.schema as never)).toContain("union SearchResult = Cat | Dog | Person");
  });

  it.each([
    [
      "a syntax error",
      "type Query {\n  a: String\n  b String\n}\n",
      [{ message: 'syntax error: Expected ":", found Name "String".', line: 3, column: 5 }],
    ],
    [
      "a field defined twice",
      "type Query {\n  a: String\n  a: Int\n}\n",
      [{ message: 'Field "Query.a" can only be defined once.', line: 2, column: 3 }],
    ],
    [
      "an unknown type",
      "type Query {\n  a: Missing\n}\n",
      [{ message: 'Unknown type "Missing".', line: 2, column: 6 }],
    ],
    [
      "an interface not implemented",
      "interface Named { name: String! }\ntype Query implements Named { id: ID }\n",
      [
        {
          message: "Interface field Named.name expected but Query does not provide it.",
          line: 1,
          column: 19,
        },
      ],
    ],
    ["no query type", "type Thing { a: Int }\n", [{ message: "Query root type must be provided." }]],
    [
      "JSON with a syntax error",
      '{\n  "__schema": {,}\n}',
      [{ message: "invalid JSON: Expected property name or '}'", line: 2, column: 16 }],
    ],
    [
      "JSON that is not introspection",
      '{"types": []}',
      [{ message: 'the JSON is not an introspection result: it has no "__schema" (or "data.__schema")' }],
    ],
    [
      "an introspection error answer",
      '{"errors": [{"message": "introspection is disabled"}]}',
      [{ message: "the introspection answered errors: introspection is disabled" }],
    ],
    [
      "an introspection without a query type",
      '{"__schema": {"types": []}}',
      [{ message: "Query root type must be provided." }],
    ],
    [
      "a broken introspection",
      '{"__schema": {}}',
      [{ message: "the introspection result is incomplete or malformed (list is not iterable)" }],
    ],
  ])("reports %s with its position", (_name, text, problems) => {
    const built = buildSchemaFromText(text);
    expect(built.schema).toBeUndefined();
    expect(built.problems).toEqual(problems);
  });

  it(`lists at most ${MAX_SCHEMA_PROBLEMS} problems and counts the rest`, () => {
    const fields = Array.from({ length: 15 }, (_, i) => `  a${i}: Missing${i}`).join("\n");
    const built = buildSchemaFromText(`type Query {\n${fields}\n}\n`);
    expect(built.problems).toHaveLength(MAX_SCHEMA_PROBLEMS);
    expect(built.problems.at(-1)?.message).toBe('Unknown type "Missing9". (and 5 more problems)');
  });

  it("finds the duplicate fields in GitHub's published SDL, and builds its introspection JSON", () => {
    const dir = new URL("../../../../node_modules/@octokit/graphql-schema/", import.meta.url);
    const sdl = buildSchemaFromText(readFileSync(new URL("schema.graphql", dir), "utf8"));
    expect(sdl.problems[0]).toMatchObject({
      message: expect.stringContaining("can only be defined once"),
      line: expect.any(Number),
    });
    expect(buildSchemaFromText(readFileSync(new URL("schema.json", dir), "utf8")).problems).toEqual([]);
  });
});
