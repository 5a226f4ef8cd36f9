/**
 * The validators of the config and unit-file schemas (JSON Schema 2020-12, with unitc's keywords:
 * schema-keywords.ts). A compile uses those compiled ahead (`schema-validators.generated.ts`,
 * written by `npm run gen:types`): compiling the schemas with ajv was most of a no-change compile.
 * `compileSchemaValidators` (schema-ajv.ts) compiles them as that script does, for it and the tests.
 */
import type { ValidateFunction } from "ajv/dist/2020.js";
import { rawSchemas, type SchemaValidators } from "./schema-ajv.js";
import { validateConfig, validateUnit } from "./schema-validators.generated.js";

export type { SchemaName, SchemaValidators } from "./schema-ajv.js";

let cached: SchemaValidators | undefined;

/** The validators compiled ahead (see the file comment). */
export function getSchemaValidators(): SchemaValidators {
  cached ??= {
    config: validateConfig as unknown as ValidateFunction,
    unit: validateUnit as unknown as ValidateFunction,
    schemas: rawSchemas(),
  };
  return cached;
}
