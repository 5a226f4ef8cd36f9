/**
 * A generated operation whose selection is too large even one level deep (a federation `_entities`
 * field over a union of many wide types) is cut to fit, with a warning naming it; the unit's other
 * operations compile as before.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildSchema, parse, validate } from "graphql";
import { afterAll, describe, expect, it } from "vitest";
import type { GraphqlInvoke } from "../../../../runtime/contract/manifest.js";
import { compileProject, graphqlConfig } from "../../../e2e/graphql-support.js";
import { parsedManifest } from "../../../support/manifest.js";
import { cleanupProjects } from "../../../support/project.js";

afterAll(cleanupProjects);

const SDL = readFileSync(join(import.meta.dirname, "../../../fixtures/corpus/wide-union.graphql"), "utf8");

describe("a root field whose selection is too large", () => {
  it("is cut to fit with a warning naming it, and the other operations compile", async () => {
    const compiled = await compileProject({
      ".units/schema.graphql": SDL,
      ".units/config.json": graphqlConfig({
        endpointUrl: "https://entities.example.com/graphql",
        schemaPath: "schema.graphql",
      }),
    });
    expect(compiled.text).not.toContain("DISCOVERY_FAILED");
    expect(compiled.text).toContain(
      "warning GRAPHQL_SELECTION_CUT generated operation query__entities selects more than 32000 characters even one level deep: it keeps 30 of the 40 members of _Entity, scalar fields only",
    );
    const manifest = parsedManifest(compiled.result.files.get("manifest.json"));
    const operations = manifest.units[0]?.operations ?? [];
    expect(operations.map((o) => o.name)).toEqual(["query__entities", "query_viewer"]);
    const document = (operations[0]?.invoke as GraphqlInvoke | undefined)?.document ?? "";
    expect(document.match(/\.\.\.on M\d\d\{/g)).toHaveLength(30);
    expect(validate(buildSchema(SDL), parse(document))).toEqual([]);
    expect(document).toContain("...on M01{");
  });
});
