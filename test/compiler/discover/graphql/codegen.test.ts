/**
 * The types @graphql-codegen writes for GraphQL units: the module (exported types only) and each
 * operation's `$types` expressions, names that never meet, and the fallback when codegen fails.
 */
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { CODEGEN_GENERATOR } from "../../../../compiler/discover/graphql/codegen.js";
import type { UnitIR } from "../../../../compiler/discover/shared/types.js";
import { typecheckBundle } from "../../../../scripts/typecheck-generated.mjs";
import { compileProject, graphqlConfig, PETS_SDL } from "../../../e2e/graphql-support.js";
import { cleanupProjects } from "../../../support/project.js";
import { errorsOf, programOf, writeTypedOperations } from "../../../support/typed-operations.js";

afterAll(cleanupProjects);

const SDL = `${PETS_SDL}
"""Sneaky */ export const leaked = 1; /* text."""
enum Mood { HAPPY SAD }
"""A schema type named like the result of an operation called Pet."""
input PetQuery { id: ID! }
extend type Query { byQuery(q: PetQuery): Pet, tags(names: [String!]!): [String!]!, mood(m: Mood): String }
`;

async function compileOperations(operations: Record<string, unknown>, sdl = SDL) {
  const compiled = await compileProject({
    ".units/schema.graphql": sdl,
    ".units/config.json": graphqlConfig({
      endpointUrl: "https://pets.example.com/graphql",
      schemaPath: "schema.graphql",
      operations,
    }),
  });
  const unit = compiled.result.context.discovered?.units[0] as UnitIR;
  const types = Object.fromEntries(unit.operations.map((o) => [o.name, o.types]));
  return { ...compiled, unit, types };
}

/** `[input, output]` expressions of `<base><Query|Mutation>`. */
const typesOf = (base: string, kind = "Query") => ({
  input: `$types.${base}${kind}Variables`,
  output: `$types.${base}${kind}`,
});

/** Statements of a module that are not exported type or interface declarations. */
function notExportedTypes(text: string): string[] {
  const source = ts.createSourceFile("spec-types.ts", text, ts.ScriptTarget.ES2022);
  return source.statements
    .filter((s) => !(ts.isTypeAliasDeclaration(s) || ts.isInterfaceDeclaration(s)))
    .concat(
      source.statements.filter(
        (s) =>
          !ts.getModifiers(s as ts.TypeAliasDeclaration)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword),
      ),
    )
    .map((s) => s.getText(source));
}

describe("operation type names", () => {
  it.each([
    [
      "an operation keeps its name",
      { findPet: { document: "query FindPet($id: ID!) { pet(id: $id) { id } }" } },
      { findPet: typesOf("FindPet") },
    ],
    [
      "an anonymous operation is named after its key",
      { "find-pet": { document: "query($id: ID!) { pet(id: $id) { id } }" } },
      { "find-pet": typesOf("Find_pet") },
    ],
    [
      "a name whose types would meet a schema type is numbered",
      { pet: { document: "query Pet($q: PetQuery) { byQuery(q: $q) { id } }" } },
      { pet: typesOf("Pet_2") },
    ],
    [
      "a name two operations use is numbered",
      { a: { document: "query Same { now }" }, b: { document: "query Same { whoami }" } },
      { a: typesOf("Same"), b: typesOf("Same_2") },
    ],
    [
      "a name a query and a mutation use is numbered",
      {
        a: { document: "query Add { now }" },
        b: { document: "mutation Add($p: NewPet!) { addPet(input: $p) { id } }" },
      },
      { a: typesOf("Add"), b: typesOf("Add_2", "Mutation") },
    ],
  ])("%s", async (_name, operations, want) => {
    const { text, unit, types } = await compileOperations(operations);
    expect(text).toBe("");
    expect(types).toEqual(want);
    expect(notExportedTypes(unit.typesModule?.text ?? "")).toEqual([]);
  });
});

describe("the types module", () => {
  it("writes a fragment operations share once, and renames a different one of the same name", async () => {
    const card = "fragment Card on Pet { id name }";
    const { text, unit } = await compileOperations({
      a: { document: `query A { pets { ...Card } } ${card}` },
      b: { document: `query B($id: ID!) { pet(id: $id) { ...Card } } ${card}` },
      c: { document: "query C { person(id: 1) { ...Card } } fragment Card on Person { name }" },
    });
    expect(text).toBe("");
    const module = unit.typesModule?.text ?? "";
    expect(module.match(/^export type CardFragment =/gm)).toHaveLength(1);
    expect(module).toContain("export type Card_2Fragment = { name: string };");
    const dir = await writeTypedOperations(unit);
    expect(errorsOf(programOf(dir, ["operations.ts"]))).toEqual([]);
  });

  it("holds only types: enums as string unions, lists as arrays, descriptions kept in comments", async () => {
    const { text, unit } = await compileOperations({
      tags: { document: "query Tags($names: [String!]!, $m: Mood) { tags(names: $names) mood(m: $m) }" },
    });
    expect(text).toBe("");
    const module = unit.typesModule?.text ?? "";
    expect(unit.typesModule?.generator).toBe(CODEGEN_GENERATOR);
    expect(CODEGEN_GENERATOR).toMatch(/^@graphql-codegen\/typescript-operations \d+\.\d+\.\d+$/);
    expect(notExportedTypes(module)).toEqual([]);
    expect(module).toContain(
      "/** Sneaky *\\/ export const leaked = 1; /* text. */\nexport type Mood =\n  | 'HAPPY'\n  | 'SAD';\n",
    );
    expect(module).toContain(
      "export type TagsQueryVariables = Exact<{\n  names: Array<string>;\n  m?: Mood | null | undefined;\n}>;",
    );
    expect(module).toContain("export type TagsQuery = { tags: Array<string>, mood: string | null };");
  });

  it("falls back to the JSON Schema types, with a warning, when codegen fails", async () => {
    // A schema type named like codegen's own helper makes codegen declare `Exact` twice.
    const sdl = `${PETS_SDL}\ninput Exact { a: Int }\nextend type Query { exact(e: Exact): Int }\n`;
    const { text, unit, outDir } = await compileOperations(
      { e: { document: "query E($e: Exact) { exact(e: $e) }" } },
      sdl,
    );
    expect(text).toBe(
      `.units/config.json:3:5 warning GRAPHQL_CODEGEN_FAILED ${CODEGEN_GENERATOR} could not type the operations (codegen declared Exact twice); their types are printed from their JSON Schemas instead\n` +
        "  hint: the client still compiles and works; if the operations look right, report this with the schema and documents",
    );
    expect(unit.typesModule).toBeUndefined();
    expect(unit.operations[0]?.types).toBeUndefined();
    expect(typecheckBundle(outDir)).toEqual([]);
  });
});
