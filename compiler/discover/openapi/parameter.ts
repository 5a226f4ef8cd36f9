/**
 * An OpenAPI Parameter Object → where its value goes and how it is serialised (`style`, `explode`),
 * plus the schema of its input property. Header names auth owns, and the three headers OpenAPI says
 * to ignore (Accept, Content-Type, Authorization), are left out of the input.
 * https://spec.openapis.org/oas/v3.1.0#parameter-object
 */

import type { JsonSchema, ManifestParameter, OpenapiParameter } from "../../../runtime/contract/manifest.js";
import {
  DEFAULT_STYLE,
  defaultExplode,
  withoutDefaultStyle,
} from "../../../runtime/invoke/openapi/parameter-style.js";
import type { SpecDocument } from "../sources/parse.js";
import { convertSchema, type SchemaContext } from "./schema.js";

type Data = Record<string, unknown>;

/** A usable parameter, one to leave out (optional ones that cannot be sent), or a reason to skip the operation. */
export type ParameterResult =
  | { parameter: ManifestParameter; schema: JsonSchema }
  | { dropped: string; required: boolean }
  | { ignored: true };

const STYLES: Record<OpenapiParameter["in"], readonly OpenapiParameter["style"][]> = {
  path: ["simple", "label", "matrix"],
  query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
  header: ["simple"],
  cookie: ["form"],
};
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers OpenAPI says a parameter definition may not set, and ones fetch owns. */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);
const FRAMING_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection", "cookie"]);
/** Swagger 2.0 parameter fields that describe the value itself (a parameter in another file is not converted). */
const LEGACY_SCHEMA_KEYS = ["type", "format", "items", "enum", "default", "minimum", "maximum", "pattern"];

/** Converts one (dereferenced) parameter written in `document` at `pointer`. */
export function convertParameter(
  raw: Data,
  document: SpecDocument,
  pointer: string,
  context: SchemaContext,
  authHeaders: ReadonlySet<string>,
): ParameterResult {
  const name = raw.name;
  const location = raw.in;
  const required = raw.required === true || location === "path";
  if (typeof name !== "string" || name === "") return { dropped: "a parameter has no name", required };
  if (location !== "path" && location !== "query" && location !== "header" && location !== "cookie") {
    return {
      dropped: `parameter ${JSON.stringify(name)} is in ${JSON.stringify(location)}, which unitc cannot send`,
      required,
    };
  }
  if (location === "header" || location === "cookie") {
    const key = name.toLowerCase();
    if (location === "header" && (IGNORED_HEADERS.has(key) || authHeaders.has(key))) return { ignored: true };
    if (!TOKEN.test(name) || (location === "header" && FRAMING_HEADERS.has(key))) {
      return { dropped: `${location} ${JSON.stringify(name)} cannot be set by a caller`, required };
    }
    if (location === "cookie" && authHeaders.has("cookie")) return { ignored: true };
  }
  const style = (raw.style ?? DEFAULT_STYLE[location]) as OpenapiParameter["style"];
  if (!STYLES[location].includes(style)) {
    return {
      dropped: `parameter ${JSON.stringify(name)} uses style ${JSON.stringify(style)}, which ${location} parameters cannot use`,
      required,
    };
  }
  const parameter: OpenapiParameter = {
    name,
    in: location,
    style,
    explode: typeof raw.explode === "boolean" ? raw.explode : defaultExplode(style),
    required,
  };
  const described = schemaOf(raw, document, pointer, context, parameter);
  if ("dropped" in described) return { dropped: described.dropped, required };
  return { parameter: withoutDefaultStyle(parameter), schema: described.schema };
}

function schemaOf(
  raw: Data,
  document: SpecDocument,
  pointer: string,
  context: SchemaContext,
  parameter: OpenapiParameter,
): { schema: JsonSchema } | { dropped: string } {
  let schema: JsonSchema = {};
  if (raw.schema !== undefined) schema = convertSchema(raw.schema, document, `${pointer}/schema`, context);
  else if (typeof raw.content === "object" && raw.content !== null) {
    const [mediaType, media] = Object.entries(raw.content as Data)[0] ?? [];
    if (mediaType === undefined || /[\r\n\0]/.test(mediaType))
      return { dropped: `parameter ${JSON.stringify(parameter.name)} has no usable content` };
    parameter.contentType = mediaType;
    const mediaSchema = (media as Data | null)?.schema;
    schema =
      mediaSchema === undefined ? {} : convertSchema(mediaSchema, document, `${pointer}/content`, context);
  } else if (raw.type !== undefined && raw.type !== "file") {
    const legacy = Object.fromEntries(LEGACY_SCHEMA_KEYS.filter((k) => k in raw).map((k) => [k, raw[k]]));
    schema = convertSchema(legacy, document, pointer, context);
  }
  return { schema: annotate(schema, raw) };
}

/** Copies the parameter's description and deprecation onto its schema, for docs and search. */
function annotate(schema: JsonSchema, raw: Data): JsonSchema {
  if (typeof schema === "boolean") return schema;
  const extra: Data = {};
  if (typeof raw.description === "string" && typeof schema.description !== "string")
    extra.description = raw.description;
  if (raw.deprecated === true) extra.deprecated = true;
  return Object.keys(extra).length === 0 ? schema : { ...schema, ...extra };
}
