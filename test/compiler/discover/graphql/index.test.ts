/**
 * GraphQL discovery through a compile: generated operations kept under the size cap say so, and
 * configured `operations` are the unit's only ones, as its documentation says.
 */
import { readFile } from "node:fs/promises";
import { buildSchema } from "graphql";
import { afterAll, describe, expect, it } from "vitest";
import { generateOperations } from "../../../../compiler/discover/graphql/generate.js";
import { generatedOperations } from "../../../../compiler/discover/graphql/index.js";
import { compileProject, graphqlConfig } from "../../../e2e/graphql-support.js";
import { graphqlContext } from "../../../support/graphql-context.js";
import { cleanupProjects } from "../../../support/project.js";

afterAll(cleanupProjects);

/** A type whose `width` fields are all of type `field`. */
const wide = (name: string, field: string, width: number) =>
  `type ${name} {\n${Array.from({ length: width }, (_, i) => `  f${i}: ${field}`).join("\n")}\n}`;

describe("generated GraphQL operations", () => {
  it("lowers the selection depth of an operation that would pass the size cap, and reports it", async () => {
    const sdl = [
      "type Query { big: A, small: String }",
      wide("A", "B", 40),
      wide("B", "C", 40),
      wide("C", "String", 40),
    ];
    const compiled = await compileProject({
      ".units/schema.graphql": `${sdl.join("\n")}\n`,
      ".units/config.json": graphqlConfig({
        endpointUrl: "https://wide.example.com/graphql",
        schemaPath: "schema.graphql",
        selectionDepth: 3,
      }),
    });
    expect(compiled.text).toContain(
      "info GRAPHQL_DEPTH_LOWERED 1 generated operations use a smaller selectionDepth than 3 to stay under 32000 characters: query_big",
    );
  });

  // The generator's documents all validate (generate.test.ts checks each shape it knows); a document
  // that does not is a bug in unitc, so the fault is put in through the generator parameter.
  it("leaves out a generated operation the schema rejects, says it is a bug in unitc, and keeps the rest", () => {
    const schema = buildSchema("type Query { pet: Pet, now: String } type Pet { name: String }");
    const { context, text } = graphqlContext({ endpointUrl: "https://pets.example.com/graphql" });
    const broken = (s: typeof schema, depth: number) =>
      generateOperations(s, depth).map((op) =>
        op.name === "query_pet" ? { ...op, text: "query query_pet {\n  pet { age }\n}\n" } : op,
      );
    const kept = generatedOperations(context, schema, broken);
    expect(kept.map((op) => op.name)).toEqual(["query_now"]);
    expect(text()).toBe(
      [
        '.units/config.json:3:5 warning GRAPHQL_GENERATED_INVALID generated operation query_pet is left out: Cannot query field "age" on type "Pet". Did you mean "name"?',
        "  hint: this is a bug in unitc: please report it with the schema; until then, configure this operation under operations with a document of your own",
      ].join("\n"),
    );
  });

  it("serves only the configured operations once any are configured, as the config schema says", async () => {
    const schemaFile = ".units/schema.graphql";
    const sdl = "type Query { pet: String, pets: [String] } type Mutation { adopt: String }\n";
    const names = async (fields: Record<string, unknown>) => {
      const compiled = await compileProject({
        [schemaFile]: sdl,
        ".units/config.json": graphqlConfig({
          endpointUrl: "https://pets.example.com/graphql",
          schemaPath: "schema.graphql",
          ...fields,
        }),
      });
      const manifest = JSON.parse(compiled.result.files.get("manifest.json") as string) as {
        units: Array<{ operations: Array<{ name: string }> }>;
      };
      return manifest.units[0]?.operations.map((o) => o.name);
    };
    expect(await names({})).toEqual(["query_pet", "query_pets", "mutation_adopt"]);
    expect(await names({ operations: { onePet: { document: "query onePet { pet }" } } })).toEqual(["onePet"]);
    // What an editor shows for the field says so, and docs/writing-units.md's GraphQL section too.
    const schema = JSON.parse(
      await readFile(new URL("../../../../schemas/config.schema.json", import.meta.url), "utf8"),
    );
    const text = JSON.stringify(schema);
    expect(text).toContain(
      "When set, these are the unit's only operations: the ones generated per Query and Mutation root field are not served beside them",
    );
    const page = await readFile(new URL("../../../../docs/writing-units.md", import.meta.url), "utf8");
    expect(page.replace(/\s+/g, " ")).toContain(
      "Configuring even one entry under `operations` makes those the unit's only operations: nothing is generated beside them",
    );
  });
});
