/** The keyword → mapper table, through real ajv errors of small schemas. */
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { parseDocument } from "../../../compiler/load/parse-document.js";
import { keywordMappers } from "../../../compiler/validate/schema-error-mappers.js";
import { mapSchemaErrors } from "../../../compiler/validate/schema-errors.js";

const ajv = new Ajv2020Module.default({ allErrors: true, strict: false, verbose: true });
addFormatsModule.default(ajv);

function diagnose(schema: object, yaml: string) {
  const { value, sourceMap } = parseDocument(yaml, { file: "config.yaml" });
  const validate = ajv.compile(schema);
  expect(validate(value)).toBe(false);
  return mapSchemaErrors(validate.errors ?? [], {
    sourceMap,
    rootName: "the config",
    resolveRef: () => undefined,
  });
}

describe("schema error mappers", () => {
  it("has a mapper for each keyword the schemas use", () => {
    expect(Object.keys(keywordMappers)).toEqual(
      expect.arrayContaining(["required", "type", "enum", "pattern", "format"]),
    );
  });

  it("maps pattern to PATTERN_MISMATCH with the schema's description as the hint", () => {
    const schema = {
      properties: { name: { type: "string", pattern: "^[a-z]+$", description: "lower-case letters" } },
    };
    expect(diagnose(schema, "name: Abc\n")).toMatchObject([
      { code: "PATTERN_MISMATCH", line: 1, column: 7, hint: "lower-case letters" },
    ]);
  });

  it("maps format to INVALID_FORMAT", () => {
    const schema = { properties: { when: { type: "string", format: "date" } } };
    expect(diagnose(schema, "when: yesterday\n")).toMatchObject([
      { code: "INVALID_FORMAT", message: '"when" is not a valid date' },
    ]);
  });

  it("maps a keyword without a mapper to SCHEMA_VIOLATION", () => {
    const schema = { properties: { n: { multipleOf: 5 } } };
    expect(diagnose(schema, "n: 7\n")).toMatchObject([
      { code: "SCHEMA_VIOLATION", message: '"n" must be multiple of 5' },
    ]);
  });
});
