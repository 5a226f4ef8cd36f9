/**
 * How the input validator's ajv is set up (options and formats), in one place: `validate-input.ts`
 * creates it, and `scripts/gen-schema-meta.mjs` compiles the meta-schema's validator ahead with the
 * same setup (`schema-meta.generated.ts`), so installing that validator changes nothing ajv checks.
 */
import type Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { UNITC_FORMATS } from "./unitc-formats.js";

/** The JSON Schema 2020-12 meta-schema ajv checks each schema against before compiling it. */
export const META_SCHEMA_ID = "https://json-schema.org/draft/2020-12/schema";

/**
 * Schemas come from specs and configs written for many validators: be lenient about keywords
 * (strict: false) but exact about data. A format it does not know is not checked, and is no
 * reason to print to stderr, which is a stdio server's log.
 */
export const AJV_OPTIONS = { allErrors: true, strict: false, validateFormats: true, logger: false } as const;

/** Adds ajv-formats' formats and those of discovery documents (`unitc-formats.ts`) to `ajv`. */
export function addUnitcFormats(ajv: Ajv2020.default): void {
  addFormats.default(ajv);
  for (const [name, format] of Object.entries(UNITC_FORMATS)) ajv.addFormat(name, format);
}
