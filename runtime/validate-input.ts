/** Input validation: every call is checked against its operation's schema before anything is sent. */
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { JsonSchema } from "./manifest.js";

function createAjv() {
  // Schemas come from specs and configs written for many validators: be lenient about keywords
  // (strict: false) but exact about data. A format it does not know is not checked, and is no
  // reason to print to stderr, which is a stdio server's log.
  const ajv = new Ajv2020.default({ allErrors: true, strict: false, validateFormats: true, logger: false });
  addFormats.default(ajv);
  // Formats of discovery documents that ajv-formats does not name (int32, int64, float and double
  // it does): the widths that fit a JSON number are checked; the others only name a string shape.
  ajv.addFormat("uint32", {
    type: "number",
    validate: (n: number) => Number.isInteger(n) && n >= 0 && n <= 2 ** 32 - 1,
  });
  ajv.addFormat("uint64", { type: "number", validate: (n: number) => Number.isInteger(n) && n >= 0 });
  for (const name of ["google-datetime", "google-duration", "google-fieldmask"]) ajv.addFormat(name, true);
  return ajv;
}

let shared: ReturnType<typeof createAjv> | undefined;
const compiled = new WeakMap<object, ValidateFunction>();

function describe(error: ErrorObject): string {
  const at = error.instancePath === "" ? "input" : `input${error.instancePath.replace(/\//g, ".")}`;
  if (error.keyword === "additionalProperties") {
    return `${at} has unknown property ${JSON.stringify(error.params.additionalProperty)}`;
  }
  if (error.keyword === "required")
    return `${at} lacks required property ${JSON.stringify(error.params.missingProperty)}`;
  return `${at} ${error.message ?? "is invalid"}`;
}

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
  return [...new Set((validate.errors ?? []).map(describe))];
}
