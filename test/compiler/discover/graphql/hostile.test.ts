/**
 * Strings from a GraphQL schema are untrusted: descriptions, deprecation reasons and default values
 * that try to end a comment or a string must reach generated code only as inert text.
 */
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { typecheckBundle } from "../../../../scripts/typecheck-generated.mjs";
import { compileProject, graphqlConfig } from "../../../e2e/graphql-support.js";
import { cleanupProjects } from "../../../support/project.js";

const HOSTILE = "*/ globalThis.__pwned = 1; /* ` ${globalThis.__pwned = 2} \" ' \u2028 </script>";

const SDL = `
"""${HOSTILE.replace(/"""/g, "")}"""
scalar Odd

"""${HOSTILE}"""
input Filter {
  """${HOSTILE}"""
  text: String = ${JSON.stringify(HOSTILE)}
}

type Query {
  """${HOSTILE}"""
  find("""${HOSTILE}""" filter: Filter, odd: Odd): [String] @deprecated(reason: ${JSON.stringify(HOSTILE)})
  other: Odd
}
`;

afterAll(cleanupProjects);

describe("a schema full of hostile strings", () => {
  it("compiles to code that type-checks and has no side effects when imported", async () => {
    const compiled = await compileProject({
      ".units/schema.graphql": SDL,
      ".units/config.json": graphqlConfig({
        endpointUrl: "https://example.com/graphql",
        schemaPath: "schema.graphql",
      }),
    });
    expect(compiled.text).toBe("");
    // Descriptions reach the codegen module (spec-types.ts) and the methods' comments in types.ts,
    // which the Code Mode declaration refers to.
    for (const file of ["units/pets/spec-types.ts", "units/pets/types.ts"]) {
      const text = compiled.result.files.get(file) ?? "";
      expect(text.split("globalThis.__pwned = 1").length, file).toBeGreaterThan(2);
    }
    expect(typecheckBundle(compiled.outDir)).toEqual([]);
    const bundle = await import(join(compiled.outDir, "index.ts"));
    expect(Object.keys(bundle.createUnits().pets)).toEqual(["query_find", "query_other"]);
    expect((globalThis as { __pwned?: unknown }).__pwned).toBeUndefined();
  }, 120_000);
});
