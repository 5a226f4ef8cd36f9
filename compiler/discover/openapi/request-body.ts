/**
 * An OpenAPI Request Body Object → the media type sent and the schema of `input.body`. One media type
 * is chosen, in this order: JSON (`application/json`, `+json`), `application/x-www-form-urlencoded`,
 * `multipart/form-data`, `text/plain`, `application/octet-stream`, any other concrete type (sent as
 * raw text), then wildcards (JSON when the schema is structured, else raw bytes).
 * https://spec.openapis.org/oas/v3.1.0#request-body-object
 */
import type { JsonSchema, OpenapiBody } from "../../../runtime/contract/manifest.js";
import type { SpecDocument } from "../sources/parse.js";
import { convertSchema, type SchemaContext } from "./schema.js";
import type { BodyTypeIR } from "./type-refs.js";

type Data = Record<string, unknown>;

export type BodyResult =
  | { body: OpenapiBody; schema: JsonSchema; type: BodyTypeIR }
  | { dropped: string; required: boolean };

const MEDIA_TYPE = /^[A-Za-z0-9!#$&^_.+*-]+\/[A-Za-z0-9!#$&^_.+*-]+(\s*;[^\r\n\0]*)?$/;
const FILE_FORMATS = new Set(["binary", "base64", "byte"]);

/** Rank of a media type (lower is preferred); undefined when it cannot be sent. */
function rank(mediaType: string): number | undefined {
  if (!MEDIA_TYPE.test(mediaType)) return undefined;
  const essence = essenceOf(mediaType);
  if (essence === "application/json") return 0;
  if (essence.endsWith("+json")) return 1;
  const fixed = [
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "text/plain",
    "application/octet-stream",
  ];
  const index = fixed.indexOf(essence);
  if (index >= 0) return 2 + index;
  return essence.includes("*") ? 7 : 6;
}

/** `application/json; charset=utf-8` → `application/json`. */
export function essenceOf(mediaType: string): string {
  return (mediaType.split(";")[0] ?? "").trim().toLowerCase();
}

/** Converts a (dereferenced) request body of an operation using `method`. */
export function convertRequestBody(
  raw: Data,
  document: SpecDocument,
  pointer: string,
  context: SchemaContext,
  method: string,
): BodyResult {
  const required = raw.required === true;
  if (method === "GET" || method === "HEAD" || method === "TRACE") {
    return { dropped: `a ${method} request cannot carry the body the spec describes`, required };
  }
  const content = typeof raw.content === "object" && raw.content !== null ? (raw.content as Data) : {};
  const choices = Object.keys(content)
    .map((type) => ({ type, rank: rank(type) }))
    .filter((c): c is { type: string; rank: number } => c.rank !== undefined)
    .sort((a, b) => a.rank - b.rank);
  const chosen = choices[0];
  if (!chosen) {
    const listed =
      Object.keys(content)
        .map((t) => JSON.stringify(t))
        .join(", ") || "none";
    return { dropped: `the request body has no media type unitc can send (listed: ${listed})`, required };
  }
  const media = (content[chosen.type] ?? {}) as Data;
  const at = `${pointer}/content/${chosen.type.replace(/~/g, "~0").replace(/\//g, "~1")}/schema`;
  const converted =
    media.schema === undefined ? undefined : convertSchema(media.schema, document, at, context);
  const shape = bodyShape(chosen.rank, converted, chosen.type);
  const body: OpenapiBody = { contentType: shape.contentType ?? chosen.type, required };
  if (essenceOf(chosen.type) === "multipart/form-data") {
    const files = fileProperties(media.schema, document, context);
    if (files.length > 0) body.files = files;
  }
  return { body, schema: describe(shape.schema, raw.description), type: shape.type };
}

/**
 * The schema of `input.body` for a media type of `rank`, and its type: the spec's own schema under
 * that media type, unless unitc sends something else in its place (a default, or text).
 */
function bodyShape(
  rank: number,
  converted: JsonSchema | undefined,
  mediaType: string,
): { schema: JsonSchema; type: BodyTypeIR; contentType?: string } {
  const spec: BodyTypeIR = { mediaType };
  if (rank <= 1) {
    if (converted !== undefined) return { schema: converted, type: spec };
    return { schema: {}, type: { fixed: "unknown" } };
  }
  if (rank <= 3) {
    if (converted !== undefined) return { schema: converted, type: spec };
    return { schema: { type: "object" }, type: { fixed: "{ [key: string]: unknown }" } };
  }
  if (rank === 7 && converted !== undefined && !isString(converted))
    return { schema: converted, type: spec, contentType: "application/json" };
  const contentType = rank === 7 ? { contentType: "application/octet-stream" } : {};
  if (converted !== undefined && isString(converted))
    return { schema: converted, type: spec, ...contentType };
  return { schema: { type: "string" }, type: { fixed: "string" }, ...contentType };
}

function isString(schema: JsonSchema): boolean {
  return typeof schema === "object" && schema.type === "string";
}

/** Top-level multipart properties that are files (`format: binary`, or arrays of them). */
function fileProperties(schema: unknown, document: SpecDocument, context: SchemaContext): string[] {
  const resolved = context.refs.deref(schema, document);
  const properties = (resolved?.value as Data | undefined)?.properties;
  if (typeof properties !== "object" || properties === null || !resolved) return [];
  const isFile = (value: unknown): boolean => {
    const property = context.refs.deref(value, resolved.document)?.value as Data | undefined;
    if (!property) return false;
    if (property.type === "array") return isFile(property.items);
    return (
      property.type === "file" ||
      (typeof property.format === "string" && FILE_FORMATS.has(property.format)) ||
      typeof property.contentMediaType === "string"
    );
  };
  return Object.entries(properties)
    .filter(([, value]) => isFile(value))
    .map(([name]) => name);
}

function describe(schema: JsonSchema, description: unknown): JsonSchema {
  if (
    typeof description !== "string" ||
    typeof schema !== "object" ||
    typeof schema.description === "string"
  ) {
    return schema;
  }
  return { ...schema, description };
}
