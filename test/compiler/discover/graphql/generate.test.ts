import { buildSchema, parse, print, validate } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import {
  generateOperations,
  MAX_GENERATED_CHARS,
  operationName,
} from "../../../../compiler/discover/graphql/generate.js";
import { PETS_SDL } from "../../../e2e/graphql-support.js";
import { cpuMsOf } from "../../../support/cpu-time.js";

const pets = buildSchema(PETS_SDL);

function generated(schema: ReturnType<typeof buildSchema>, depth: number) {
  return generateOperations(schema, depth).map((op) => {
    const document = parse(op.text);
    expect(validate(schema, document), op.name).toEqual([]);
    return { ...op, printed: print(document) };
  });
}

describe("generateOperations", () => {
  it("makes one operation per Query and Mutation field, in schema order", () => {
    expect(generated(pets, 2).map((op) => [op.name, op.operationType])).toEqual([
      ["query_pet", "query"],
      ["query_pets", "query"],
      ["query_search", "query"],
      ["query_person", "query"],
      ["query_now", "query"],
      ["query_failing", "query"],
      ["query_whoami", "query"],
      ["mutation_addPet", "mutation"],
    ]);
  });

  it("selects two levels: leaves, nested objects without required arguments, fragments on abstract types", () => {
    const person = generated(pets, 2).find((op) => op.name === "query_person");
    // bestFriend: not entered again below Person; nickname: deprecated; petsOf: needs an argument.
    expect(person?.printed).toBe(`query query_person($id: ID!) {
  person(id: $id) {
    id
    name
    pets {
      __typename
      id
      name
      species
      ... on Cat {
        lives
      }
      ... on Dog {
        goodBoy
        weightKg
      }
    }
    born
  }
}`);
    expect(person?.description).toBe("Query field person.");
  });

  it("declares an argument with a default as a nullable variable", () => {
    const listing = generated(pets, 1).find((op) => op.name === "query_pets");
    expect(listing?.printed.split("\n")[0]).toBe("query query_pets($filter: PetFilter, $first: Int) {");
    expect(listing?.description).toBe("List pets, optionally filtered.");
  });

  it("falls back to __typename when nothing else can be selected at the last level", () => {
    const schema = buildSchema(
      "type Query { box: Box } type Box { inner: Box other: Other } type Other { a: Int }",
    );
    expect(generated(schema, 1)[0]?.printed).toBe("query query_box {\n  box {\n    __typename\n  }\n}");
    expect(generated(schema, 2)[0]?.printed).toContain("other {\n      a\n    }");
  });

  it("aliases a field that union members type differently, so the fragments can merge", () => {
    const schema = buildSchema(`
      type A { id: ID!, value: String, id_B: Int }
      type B { id: ID, value: Int, id_B: Int }
      union U = A | B
      type Query { u: [U] }`);
    expect(generated(schema, 2)[0]?.printed).toBe(`query query_u {
  u {
    __typename
    ... on A {
      id
      value
      id_B
    }
    ... on B {
      id_B_: id
      value_B: value
      id_B
    }
  }
}`);
  });

  it("chooses an alias no field of the interface already answers under", () => {
    // B's `value` cannot be aliased `value_B`: the interface's own `value_B` is selected beside it.
    const schema = buildSchema(`
      interface I { value_B: Int }
      type A implements I { value_B: Int, value: String }
      type B implements I { value_B: Int, value: Int }
      type Query { i: I }`);
    expect(generated(schema, 2)[0]?.printed).toBe(`query query_i {
  i {
    __typename
    value_B
    ... on A {
      value
    }
    ... on B {
      value_B_: value
    }
  }
}`);
  });

  it("keeps tool names within 64 characters, stably", () => {
    const long = "x".repeat(70);
    expect(operationName("mutation", long)).toHaveLength(64);
    expect(operationName("mutation", long)).toBe(operationName("mutation", long));
    expect(operationName("mutation", long)).toMatch(/^mutation_x+_[0-9a-f]{8}$/);
  });
});

describe("generateOperations on a big, densely linked schema", () => {
  // 40 types, each linking to 8 others; 600 query and 300 mutation fields.
  const types = Array.from({ length: 40 }, (_, i) => {
    const links = Array.from({ length: 8 }, (_, j) => `l${j}: T${(i * 7 + j * 3 + 1) % 40}`).join(" ");
    return `type T${i} { id: ID! name: String n${i}: Int ${links} self: T${i} }`;
  });
  const queries = Array.from({ length: 600 }, (_, i) => `q${i}(id: ID!): T${i % 40}`).join(" ");
  const mutations = Array.from({ length: 300 }, (_, i) => `m${i}(name: String = "x"): T${i % 40}`).join(" ");
  const schema = buildSchema(
    `${types.join("\n")}\ntype Query { ${queries} }\ntype Mutation { ${mutations} }`,
  );

  let ops: ReturnType<typeof generateOperations> = [];
  let milliseconds = 0;
  beforeAll(() => {
    milliseconds = cpuMsOf(() => {
      ops = generateOperations(schema, 5);
    });
  }, 60_000);

  it("generates every operation without blowing up, and each one validates", () => {
    // Unbounded, each operation would select over 10,000 fields at depth 5; bounded, all take seconds
    // of CPU (CPU time, which a loaded machine does not inflate).
    expect(milliseconds).toBeLessThan(20_000);
    expect(ops).toHaveLength(900);
    for (const op of ops.filter((_, i) => i % 30 === 0))
      expect(validate(schema, parse(op.text)), op.name).toEqual([]);
  });

  it(`lowers the depth of an operation whose document would pass ${MAX_GENERATED_CHARS} characters`, () => {
    expect(Math.max(...ops.map((op) => op.text.length))).toBeLessThanOrEqual(MAX_GENERATED_CHARS);
    expect(new Set(ops.map((op) => op.depth))).not.toContain(5);
    expect(Math.min(...ops.map((op) => op.depth))).toBeGreaterThan(1);
  });
});
