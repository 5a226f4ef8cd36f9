/**
 * The meta-schema's validator compiled ahead (`runtime/contract/schema-meta.generated.ts`): the file is what
 * `npm run gen:meta` writes from the installed ajv, the input validator's ajv uses it instead of
 * compiling the meta-schema, and every schema is accepted or refused exactly as ajv compiling the
 * meta-schema itself does, with the same message.
 */
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import validateMetaSchema from "../../../runtime/contract/schema-meta.generated.js";
import { AJV_OPTIONS, addUnitcFormats, META_SCHEMA_ID } from "../../../runtime/shared/ajv-setup.js";
import { createAjv } from "../../../runtime/shared/validate-input.js";
import { schemaMetaModule } from "../../../scripts/gen-schema-meta.mjs";

const GENERATED = new URL("../../../runtime/contract/schema-meta.generated.ts", import.meta.url);
const EXAMPLE_MANIFEST = new URL("../../../generated/openapi/manifest.json", import.meta.url);

/** What compiling `schema` does: "ok", or the message it throws. */
function outcome(ajv: Ajv2020.default, schema: object): string {
  try {
    ajv.compile(schema);
    return "ok";
  } catch (error) {
    return (error as Error).message;
  }
}

const refused: object[] = [
  { required: "name" },
  { type: "strnig" },
  { properties: { a: { minLength: -1 } } },
  { $defs: { a: { type: 5 } }, items: { $ref: "#/$defs/a" } },
  { allOf: {} },
  { anyOf: [] },
  { format: 3 },
  { enum: 1 },
  { prefixItems: [{}, { maxItems: "2" }] },
  { dependentRequired: { a: [1] } },
  { $anchor: "1bad" },
  { uniqueItems: "yes" },
];

describe("schema-meta.generated.ts", () => {
  it("is what npm run gen:meta writes from the installed ajv", async () => {
    expect(readFileSync(GENERATED, "utf8")).toBe(await schemaMetaModule());
  });

  it("is the validator the input validator's ajv checks schemas with", () => {
    expect(createAjv().schemas[META_SCHEMA_ID]?.validate).toBe(validateMetaSchema);
  });

  it("accepts and refuses schemas as ajv compiling the meta-schema does, in the same words", () => {
    const manifest = JSON.parse(readFileSync(EXAMPLE_MANIFEST, "utf8")) as {
      units: Array<{ operations: Array<{ inputSchema: object; outputSchema?: object }>; schemas?: object }>;
    };
    const accepted = manifest.units.flatMap((unit) => [
      ...unit.operations.flatMap((op) => [op.inputSchema, ...(op.outputSchema ? [op.outputSchema] : [])]),
      ...Object.values(unit.schemas ?? {}),
    ]);
    expect(accepted.length).toBeGreaterThan(5);
    for (const schema of [...accepted, ...refused]) {
      const itself = new Ajv2020.default(AJV_OPTIONS);
      addUnitcFormats(itself);
      const expected = outcome(itself, schema);
      expect(outcome(createAjv(), schema), JSON.stringify(schema)).toBe(expected);
      if (refused.includes(schema)) expect(expected).toMatch(/^schema is invalid: /);
    }
  });
});
