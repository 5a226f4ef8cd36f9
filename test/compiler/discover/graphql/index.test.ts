/** GraphQL discovery through a compile: generated operations kept under the size cap say so. */
import { afterAll, describe, expect, it } from "vitest";
import { compileProject, graphqlConfig } from "../../../e2e/graphql-support.js";
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
});
