/**
 * A property's name is never a keyword: body properties named `default`, `enum`, `const` or
 * `examples` whose values are `$ref`s keep their referenced schemas, in the `$defs` an operation
 * bundles and in the `$ref`s a spec's loader follows.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { refSites } from "../../../../compiler/discover/sources/ref-rules.js";
import { defRefs } from "../../../../runtime/contract/schema-defs.js";
import { specOperations } from "../../../support/spec-context.js";

const FIXTURE = join(import.meta.dirname, "../../../fixtures/corpus/property-keyword-names.json");
const spec = () => JSON.parse(readFileSync(FIXTURE, "utf8")) as Record<string, unknown>;

describe("properties named after data keywords", () => {
  it("compile with the schemas their $refs name", async () => {
    const { op, text } = await specOperations(spec());
    expect(text).toBe("");
    const body = op("updatePolicies").inputSchema as {
      properties: { body: { properties: Record<string, unknown> } };
      $defs: Record<string, unknown>;
    };
    expect(body.properties.body.properties).toEqual({
      default: { $ref: "#/$defs/Policy" },
      enum: { $ref: "#/$defs/Policy" },
      const: { $ref: "#/$defs/Rule" },
      examples: { $ref: "#/$defs/Rule" },
    });
    expect(Object.keys(body.$defs).sort()).toEqual(["Policy", "Rule"]);
  });

  it("are searched for $defs refs, while the data keywords themselves are not", () => {
    const schema = {
      properties: { default: { $ref: "#/$defs/A" }, enum: { items: { $ref: "#/$defs/B" } } },
      patternProperties: { "^const$": { $ref: "#/$defs/C" } },
      $defs: { examples: { $ref: "#/$defs/D" } },
      default: { $ref: "#/$defs/NotARef" },
    };
    expect([...defRefs(schema)]).toEqual(["A", "B", "C", "D"]);
  });

  it("are searched for the $refs a spec's loader follows, as are responses named default", () => {
    const document = {
      components: {
        schemas: { S: { properties: { default: { $ref: "a.json" }, "x-y": { $ref: "b.json" } } } },
      },
      paths: { "/p": { get: { responses: { default: { $ref: "c.json" } } } } },
      example: { $ref: "http://data" },
    };
    expect([...refSites(document)].map((site) => site.pointer)).toEqual([
      "/components/schemas/S/properties/default/$ref",
      "/components/schemas/S/properties/x-y/$ref",
      "/paths/~1p/get/responses/default/$ref",
    ]);
  });
});
