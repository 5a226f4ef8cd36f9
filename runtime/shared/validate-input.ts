/** Input validation: every call is checked against its operation's schema before anything is sent. */
import Ajv2020, { type CodeOptions, type ValidateFunction } from "ajv/dist/2020.js";
import type { JsonSchema } from "../contract/manifest.js";
import validateMetaSchema from "../contract/schema-meta.generated.js";
import { AJV_OPTIONS, addUnitcFormats, META_SCHEMA_ID } from "./ajv-setup.js";
import { describeProblems } from "./input-problems.js";

/**
 * The validator; exported for the test that checks the meta-schema's validator compiled ahead is used.
 * `code` changes only how the validating functions are written (the compiler's check, which never
 * validates, skips optimising them), never what a schema compiles to or whether it compiles.
 */
export function createAjv(code?: CodeOptions) {
  const ajv = new Ajv2020.default(code === undefined ? AJV_OPTIONS : { ...AJV_OPTIONS, code });
  addUnitcFormats(ajv);
  // The meta-schema's validator compiled ahead with this same setup (scripts/gen-schema-meta.mjs):
  // ajv checks each schema against it as before, without compiling the meta-schema in every process.
  const meta = ajv.schemas[META_SCHEMA_ID];
  if (meta && !meta.validate) meta.validate = validateMetaSchema as unknown as ValidateFunction;
  return ajv;
}

let shared: ReturnType<typeof createAjv> | undefined;
const compiled = new WeakMap<object, ValidateFunction>();

/** The problems of `input` against `schema`, one readable line each; empty when valid. */
export function inputProblems(schema: JsonSchema, input: unknown): string[] {
  if (schema === true) return [];
  if (schema === false) return ["input is not accepted"];
  let validate = compiled.get(schema);
  if (!validate) {
    shared ??= createAjv();
    validate = shared.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(input)) return [];
  return describeProblems(validate.errors ?? []);
}
