/**
 * One shared ajv (JSON Schema 2020-12) instance holding the config and unit-file schemas, with the
 * schemas' own keywords: `x-secret` (references only), `x-literal` (no `${`), `x-http-url`
 * (http(s), no credentials; `"base"` also forbids query and fragment), and the annotation `x-hint`.
 */
import Ajv2020Module, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { isSecretReference } from "../../runtime/references.js";
import configSchema from "../../schemas/config.schema.json" with { type: "json" };
import unitSchema from "../../schemas/unit.schema.json" with { type: "json" };
import { checkHttpUrl } from "./url-rules.js";

const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

export type SchemaName = "config" | "unit";

export interface SchemaValidators {
  config: ValidateFunction;
  unit: ValidateFunction;
  /** The raw schemas by `$id`, for reading hints and allowed property names. */
  schemas: Map<string, unknown>;
}

let cached: SchemaValidators | undefined;

type KeywordValidate = ((schema: unknown, data: unknown) => boolean) & { errors?: Partial<ErrorObject>[] };

function keyword(
  name: string,
  check: (schema: unknown, data: string) => string | undefined,
): KeywordValidate {
  const validate: KeywordValidate = (schema, data) => {
    // Every field with these keywords also has minLength 1, which reports an empty string better.
    if (schema === false || typeof data !== "string" || data === "") return true;
    const problem = check(schema, data);
    if (problem === undefined) return true;
    validate.errors = [{ keyword: name, message: problem, params: { problem } }];
    return false;
  };
  return validate;
}

/** The compiled validators (built once per process). */
export function getSchemaValidators(): SchemaValidators {
  if (cached) return cached;
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    strictRequired: false,
    verbose: true,
    allowUnionTypes: true,
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: "x-hint", schemaType: "string" });
  ajv.addKeyword({
    keyword: "x-secret",
    schemaType: "boolean",
    errors: true,
    validate: keyword("x-secret", (_schema, data) =>
      isSecretReference(data) ? undefined : "holds a literal secret; secrets must be references",
    ),
  });
  ajv.addKeyword({
    keyword: "x-literal",
    schemaType: "boolean",
    errors: true,
    validate: keyword("x-literal", (_schema, data) =>
      data.includes("${") ? "is literal text; ${...} is not interpolated here" : undefined,
    ),
  });
  ajv.addKeyword({
    keyword: "x-http-url",
    schemaType: ["boolean", "string"],
    errors: true,
    validate: keyword("x-http-url", (schema, data) => checkHttpUrl(data, schema === "base" ? "base" : "url")),
  });
  ajv.addSchema(configSchema);
  ajv.addSchema(unitSchema);
  const config = ajv.getSchema(configSchema.$id);
  const unit = ajv.getSchema(unitSchema.$id);
  if (!config || !unit) throw new Error("schemas failed to register");
  cached = {
    config,
    unit,
    schemas: new Map<string, unknown>([
      [configSchema.$id, configSchema],
      [unitSchema.$id, unitSchema],
    ]),
  };
  return cached;
}
