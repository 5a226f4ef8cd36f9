/** Input validation: every call is checked against its operation's schema before anything is sent. */
import Ajv2020, { type CodeOptions, type ValidateFunction } from "ajv/dist/2020.js";
import type { JsonSchema } from "../contract/manifest.js";
import validateMetaSchema from "../contract/schema-meta.generated.js";
import { AJV_OPTIONS, addUnitcFormats, META_SCHEMA_ID } from "./ajv-setup.js";
import { describeProblems } from "./input-problems.js";

/**
 * How the compiler's check sets up its validator: `code` (the check never validates, so it skips
 * optimising the functions) and `inlineRefs: false` (each definition a function of its own, not
 * written again into every schema that reaches it) change only how the validating functions are
 * written, never what a schema means or whether it compiles.
 */
export interface CheckSetup {
  code?: CodeOptions;
  inlineRefs?: false;
}

/** The validator; exported for the test that checks the meta-schema's validator compiled ahead is used. */
export function createAjv(setup: CheckSetup = {}) {
  const ajv = new Ajv2020.default({ ...AJV_OPTIONS, ...setup });
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
