/**
 * The ajv the config and unit-file schemas are compiled with (options, formats, unitc's keywords), in
 * one place: `scripts/gen-schema-validators.mjs` compiles them ahead with it, and the tests compile
 * them now with it to compare. It imports nothing generated, so the script can run before there is.
 */
import Ajv2020Module, { type Options, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import configSchema from "../../schemas/config.schema.json" with { type: "json" };
import unitSchema from "../../schemas/unit.schema.json" with { type: "json" };
import { schemaKeywordDefinitions } from "./schema-keywords.js";

const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

export type SchemaName = "config" | "unit";

export interface SchemaValidators {
  config: ValidateFunction;
  unit: ValidateFunction;
  /** The raw schemas by `$id`, for reading hints and allowed property names. */
  schemas: Map<string, unknown>;
}

/** The schemas' `$id`s. */
export const SCHEMA_IDS: Record<SchemaName, string> = { config: configSchema.$id, unit: unitSchema.$id };

/** The raw schemas by `$id`. */
export function rawSchemas(): Map<string, unknown> {
  return new Map<string, unknown>([
    [configSchema.$id, configSchema],
    [unitSchema.$id, unitSchema],
  ]);
}

/** The options the schemas are compiled with (here and by the script that compiles them ahead). */
export const SCHEMA_AJV_OPTIONS: Options = {
  allErrors: true,
  strict: true,
  strictRequired: false,
  verbose: true,
  allowUnionTypes: true,
};

/**
 * An ajv with the formats, keywords and `schemas` (the config and unit-file schemas as this build has
 * them; the generating script passes them as schemas/ has them); `options` adds to {@link SCHEMA_AJV_OPTIONS}.
 */
export function schemaAjv(
  options: Options = {},
  schemas: readonly object[] = [configSchema, unitSchema],
): InstanceType<typeof Ajv2020> {
  const ajv = new Ajv2020({ ...SCHEMA_AJV_OPTIONS, ...options });
  addFormats(ajv);
  for (const definition of schemaKeywordDefinitions()) ajv.addKeyword(definition);
  for (const schema of schemas) ajv.addSchema(schema);
  return ajv;
}

/** The validators compiled now, in this process. */
export function compileSchemaValidators(): SchemaValidators {
  const ajv = schemaAjv();
  const config = ajv.getSchema(configSchema.$id);
  const unit = ajv.getSchema(unitSchema.$id);
  if (!config || !unit) throw new Error("schemas failed to register");
  return { config, unit, schemas: rawSchemas() };
}
