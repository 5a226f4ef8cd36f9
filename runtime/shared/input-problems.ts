/**
 * The problems of a value against an operation's schema, one readable line each (empty when it
 * passes): from the plain validator when the schema is a plain one (`validate-simple.ts`), which
 * answers as ajv would without loading it, else from ajv itself (`validate-input.ts`), loaded then.
 */
import type { JsonSchema } from "../contract/manifest.js";
import { simpleValidator } from "./validate-simple.js";
import type { SchemaError } from "./validate-simple-keywords.js";

/** The problems of `value` against `schema`, named as the problems of `input`. */
export async function schemaProblems(schema: JsonSchema, value: unknown): Promise<string[]> {
  if (schema === true) return [];
  if (schema === false) return ["input is not accepted"];
  const errors = simpleValidator(schema)?.(value);
  if (errors) return describeProblems(errors);
  return (await import("./validate-input.js")).inputProblems(schema, value);
}

/** One line per distinct problem, in the order found. */
export function describeProblems(errors: readonly SchemaError[]): string[] {
  return [...new Set(errors.map(describe))];
}

function describe(error: SchemaError): string {
  const at = error.instancePath === "" ? "input" : `input${error.instancePath.replace(/\//g, ".")}`;
  if (error.keyword === "additionalProperties") {
    return `${at} has unknown property ${JSON.stringify(error.params.additionalProperty)}`;
  }
  if (error.keyword === "required")
    return `${at} lacks required property ${JSON.stringify(error.params.missingProperty)}`;
  return `${at} ${error.message ?? "is invalid"}`;
}
