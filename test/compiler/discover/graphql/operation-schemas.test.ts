import { buildSchema, Kind, type OperationDefinitionNode, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { variableDescriptions, variablesSchema } from "../../../../compiler/discover/graphql/input-schema.js";
import { resultSchema } from "../../../../compiler/discover/graphql/output-schema.js";
import { fragmentMap } from "../../../../compiler/discover/graphql/prepare.js";
import { PETS_SDL } from "../../../e2e/graphql-support.js";

const schema = buildSchema(`${PETS_SDL}
input Choice @oneOf { byId: ID, byName: String }
extend type Query { choose(choice: Choice!): Pet, matrix(rows: [[Int!]]!): [[Float]] }
`);

/** Parses (and, unless `unused` variables are the point, validates) one operation. */
function operationOf(text: string, unused = false) {
  const document = parse(text);
  const errors = validate(schema, document).filter((e) => !unused || !e.message.includes("is never used"));
  expect(errors).toEqual([]);
  const operation = document.definitions.find(
    (d) => d.kind === Kind.OPERATION_DEFINITION,
  ) as OperationDefinitionNode;
  return { document, operation };
}

const object = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({
  type: "object",
  properties,
  ...(required.length > 0 ? { required } : {}),
  additionalProperties: false,
});
const SPECIES = { enum: ["CAT", "DOG", "PARROT"] };
const DATE_TIME = { description: "GraphQL scalar DateTime: An ISO-8601 date and time, as a string." };

describe("variablesSchema", () => {
  it.each([
    [
      "scalars, non-null and nullable",
      "query($a: ID!, $b: String, $c: Int!, $d: Float, $e: Boolean) { now }",
      object(
        {
          a: { type: "string" },
          b: { type: ["string", "null"] },
          c: { type: "integer" },
          d: { type: ["number", "null"] },
          e: { type: ["boolean", "null"] },
        },
        ["a", "c"],
      ),
    ],
    [
      "a default makes a non-null variable optional",
      "query($n: Int! = 3) { pets(first: $n) { id } }",
      object({ n: { type: "integer", default: 3 } }, []),
    ],
    [
      "enums and custom scalars",
      "query($s: Species, $t: DateTime) { now }",
      object({ s: { enum: ["CAT", "DOG", "PARROT", null] }, t: DATE_TIME }, []),
    ],
    [
      "nested lists",
      "query($rows: [[Int!]]!) { matrix(rows: $rows) }",
      object({ rows: { type: "array", items: { type: ["array", "null"], items: { type: "integer" } } } }),
    ],
  ])("%s", (_name, text, want) => {
    expect(variablesSchema(schema, operationOf(text, true).operation)).toEqual(want);
  });

  it("puts input objects in $defs, recursive ones included, with field defaults and descriptions", () => {
    const { operation } = operationOf("query($f: PetFilter, $n: NewPet!) { pets(filter: $f) { id } }", true);
    expect(variablesSchema(schema, operation)).toEqual({
      ...object(
        { f: { anyOf: [{ $ref: "#/$defs/PetFilter" }, { type: "null" }] }, n: { $ref: "#/$defs/NewPet" } },
        ["n"],
      ),
      $defs: {
        PetFilter: {
          ...object(
            {
              species: { enum: [...SPECIES.enum, null] },
              nameContains: { type: ["string", "null"] },
              and: { anyOf: [{ $ref: "#/$defs/PetFilter" }, { type: "null" }] },
            },
            [],
          ),
          description: "Narrows a pet listing; filters nest through `and`.",
        },
        NewPet: object(
          {
            name: { type: "string" },
            species: SPECIES,
            ownerId: { type: ["string", "null"] },
            born: DATE_TIME,
            lives: { type: ["integer", "null"], default: 9 },
          },
          ["name", "species"],
        ),
      },
    });
  });

  it("makes a @oneOf input object a oneOf of single-field objects", () => {
    const { operation } = operationOf("query($c: Choice!) { choose(choice: $c) { id } }");
    expect((variablesSchema(schema, operation) as { $defs: unknown }).$defs).toEqual({
      Choice: {
        type: "object",
        oneOf: [object({ byId: { type: "string" } }), object({ byName: { type: "string" } })],
      },
    });
  });

  it("describes a variable by the argument it is passed to", () => {
    const { document } = operationOf("query($id: ID!) { pet(id: $id) { id } }");
    const withArgDoc = buildSchema('type Query { pet("The pet\'s ID." id: ID!): Int }');
    expect(variableDescriptions(withArgDoc, parse("query($id: ID!) { pet(id: $id) }"))).toEqual(
      new Map([["id", "The pet's ID."]]),
    );
    expect(variableDescriptions(schema, document)).toEqual(new Map());
  });
});

/** The part of a schema at `path` (property names and array indexes). */
function at(schema: unknown, ...path: Array<string | number>): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], schema);
}

/** The property names of the object schema at `path`. */
const keysAt = (schema: unknown, ...path: Array<string | number>) =>
  Object.keys(at(schema, ...path, "properties") as object);

describe("resultSchema", () => {
  const result = (text: string) => {
    const { document, operation } = operationOf(text);
    return resultSchema(schema, operation, fragmentMap(document));
  };

  it.each([
    [
      "aliases, nullability and custom scalars",
      "{ clock: now failing }",
      object({
        clock: DATE_TIME,
        failing: { type: ["string", "null"], description: "Always fails; shows partial data." },
      }),
    ],
    [
      "@skip and @include make a field optional",
      "query($x: Boolean!) { now @skip(if: $x) failing @include(if: $x) whoami }",
      object({ now: DATE_TIME, failing: expect.anything(), whoami: expect.anything() }, ["whoami"]),
    ],
    [
      "an object with a self-referential field",
      "{ person(id: 1) { name bestFriend { name } } }",
      object({
        person: {
          type: ["object", "null"],
          properties: {
            name: { type: "string" },
            bestFriend: {
              type: ["object", "null"],
              properties: { name: { type: "string" } },
              required: ["name"],
              additionalProperties: false,
              description: "The person's best friend, another person.",
            },
          },
          required: ["name", "bestFriend"],
          additionalProperties: false,
        },
      }),
    ],
    [
      "an interface selected without fragments",
      "{ pet(id: 1) { __typename name } }",
      object({
        pet: {
          type: ["object", "null"],
          properties: { __typename: { type: "string", enum: ["Cat", "Dog"] }, name: { type: "string" } },
          required: ["__typename", "name"],
          additionalProperties: false,
          description: "Look up one pet by ID.",
        },
      }),
    ],
  ])("%s", (_name, text, want) => {
    expect(result(text)).toEqual(want);
  });

  it("splits a union into one branch per shape, sharing branches between types that select alike", () => {
    const data = result('{ search(text: "a") { __typename ... on Pet { name } ... on Dog { goodBoy } } }');
    expect(at(data, "properties", "search", "items", "anyOf")).toEqual([
      object({ __typename: { type: "string", const: "Cat" }, name: { type: "string" } }),
      object({
        __typename: { type: "string", const: "Dog" },
        name: { type: "string" },
        goodBoy: { type: ["boolean", "null"] },
      }),
      object({ __typename: { type: "string", const: "Person" } }),
    ]);
    const shared = result('{ search(text: "a") { __typename ... on Person { name } } }');
    expect(at(shared, "properties", "search", "items", "anyOf")).toEqual([
      object({ __typename: { type: "string", enum: ["Cat", "Dog"] } }),
      object({ __typename: { type: "string", const: "Person" }, name: { type: "string" } }),
    ]);
  });

  it("follows named fragments, merging fields selected twice", () => {
    const data = result(
      "{ pet(id: 1) { ...A owner { id } } } fragment A on Pet { owner { name } ... on Cat { lives } }",
    );
    const pet = at(data, "properties", "pet", "anyOf");
    expect(keysAt(pet, 0)).toEqual(["owner", "lives"]);
    expect(keysAt(pet, 0, "properties", "owner")).toEqual(["name", "id"]);
    expect(keysAt(pet, 1)).toEqual(["owner"]);
    expect(at(pet, 2)).toEqual({ type: "null" });
  });

  it("types the data of a mutation", () => {
    const data = result('mutation { addPet(input: { name: "x", species: CAT }) { id species } }');
    expect(at(data, "properties", "addPet")).toEqual({
      ...object({ id: { type: "string" }, species: SPECIES }),
      description: "Adopt a new pet.",
    });
  });
});
