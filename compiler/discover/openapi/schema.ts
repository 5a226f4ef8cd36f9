/**
 * An OpenAPI Schema Object → JSON Schema 2020-12. Refs become `#/$defs/<Name>` (see `../sources/defs.ts`);
 * OpenAPI 3.0 `nullable` becomes a type union with "null" and its boolean `exclusiveMinimum` /
 * `exclusiveMaximum` the numeric form; `example` becomes `examples`. Only keywords JSON Schema
 * defines are kept, each checked to have a valid value (a regex that does not compile is dropped), so
 * the runtime's validator accepts every schema this produces.
 * https://spec.openapis.org/oas/v3.0.3#schema-object
 * https://spec.openapis.org/oas/v3.1.0#schema-object
 */
import type { JsonSchema } from "../../../runtime/contract/manifest.js";
import { SCHEMA_LISTS, SCHEMA_ONE } from "../../../runtime/contract/schema-defs.js";
import { escapePointerToken } from "../../load/pointer.js";
import type { SchemaDefs } from "../sources/defs.js";
import type { SpecDocument } from "../sources/parse.js";
import type { SpecRefs } from "../sources/refs.js";

type Schema = Record<string, unknown>;

/** What schema conversion needs: the spec's refs and defs, its dialect, and a way to warn. */
export interface SchemaContext {
  refs: SpecRefs;
  defs: SchemaDefs;
  /** "3.0" for OpenAPI 3.0 (and converted Swagger 2.0), "3.1" for 3.1 and later. */
  dialect: "3.0" | "3.1";
  /** Reports a problem at a pointer of a document, once per message. */
  warn(message: string, document: SpecDocument, pointer: string): void;
}

const MAX_DEPTH = 48;
const TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
const FORMATS = new Set(
  (
    "date time date-time iso-time iso-date-time duration uri uri-reference uri-template url email " +
    "hostname ipv4 ipv6 regex uuid json-pointer json-pointer-uri-fragment relative-json-pointer byte " +
    "int32 int64 float double password binary"
  ).split(" "),
);
const STRINGS = ["title", "description", "contentEncoding", "contentMediaType"];
const BOOLEANS = ["deprecated", "readOnly", "writeOnly", "uniqueItems"];
const NUMBERS = ["maximum", "minimum"];
const COUNTS = [
  "maxLength",
  "minLength",
  "maxItems",
  "minItems",
  "maxContains",
  "minContains",
  "maxProperties",
  "minProperties",
];
/** Schema keywords whose value is a map of subschemas (SCHEMA_ONE and SCHEMA_LISTS: the contract's). */
export const SCHEMA_MAPS = ["properties", "patternProperties", "dependentSchemas"];

/** Converts the schema `node` written in `document` at `pointer`. */
export function convertSchema(
  node: unknown,
  document: SpecDocument,
  pointer: string,
  context: SchemaContext,
  depth = 0,
): JsonSchema {
  if (typeof node === "boolean") return node;
  if (typeof node !== "object" || node === null || Array.isArray(node) || depth > MAX_DEPTH) return {};
  const source = node as Schema;
  const sub = (value: unknown, at: string) => convertSchema(value, document, at, context, depth + 1);
  if (typeof source.$ref === "string") {
    const ref = refSchema(source.$ref, document, context);
    const keep =
      context.dialect === "3.0"
        ? pick(source, ["description"])
        : convertKeywords(omit(source, "$ref"), document, pointer, context, sub);
    return nullable(source, Object.keys(keep).length === 0 ? ref : { ...ref, ...keep }, context);
  }
  return nullable(source, convertKeywords(source, document, pointer, context, sub), context);
}

/** `{ $ref: "#/$defs/<Name>" }` for a ref, or `{}` when it cannot be followed (already reported). */
function refSchema(ref: string, document: SpecDocument, context: SchemaContext): Schema {
  const seen = new Set<string>();
  let target = context.refs.resolve(ref, document);
  // A schema that is only a $ref is an alias: point at what it names.
  while (target && isAlias(target.value)) {
    if (seen.has(target.key)) {
      context.warn(`$ref ${JSON.stringify(ref)} only refers back to itself; typed as unknown`, document, "");
      return {};
    }
    seen.add(target.key);
    target = context.refs.resolve((target.value as { $ref: string }).$ref, target.document);
  }
  if (!target) return {};
  const found = target;
  const name =
    found.pointer === "" ? found.document.id.replace(/\.[^.]*$/, "") : (found.pointer.split("/").pop() ?? "");
  return {
    $ref: context.defs.refFor(found.key, name.replace(/~1/g, "/").replace(/~0/g, "~"), () =>
      convertSchema(found.value, found.document, found.pointer, context),
    ),
  };
}

function isAlias(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.keys(value).length === 1 &&
    typeof (value as Schema).$ref === "string"
  );
}

/** Every keyword kept; keys come from fixed lists, so none can be `__proto__`. */
function convertKeywords(
  source: Schema,
  document: SpecDocument,
  pointer: string,
  context: SchemaContext,
  sub: (value: unknown, at: string) => JsonSchema,
): Schema {
  const out = validationKeywords(source);
  if (typeof source.pattern === "string") {
    if (compiles(source.pattern)) out.pattern = source.pattern;
    else {
      const message = `pattern ${JSON.stringify(source.pattern)} is not a valid regular expression; left out`;
      context.warn(message, document, `${pointer}/pattern`);
    }
  }
  for (const key of SCHEMA_MAPS) {
    const map = source[key];
    if (typeof map !== "object" || map === null || Array.isArray(map)) continue;
    if (key === "patternProperties" && Object.keys(map).some((p) => !compiles(p))) continue;
    const entries = Object.entries(map).map(([name, value]) => [
      name,
      sub(value, `${pointer}/${key}/${escapePointerToken(name)}`),
    ]);
    out[key] = Object.fromEntries(entries);
  }
  for (const key of SCHEMA_ONE) if (isSchema(source[key])) out[key] = sub(source[key], `${pointer}/${key}`);
  for (const key of SCHEMA_LISTS) {
    const list = source[key];
    if (Array.isArray(list) && list.length > 0)
      out[key] = list.map((item, i) => sub(item, `${pointer}/${key}/${i}`));
  }
  if (isSchema(source.items)) out.items = sub(source.items, `${pointer}/items`);
  else if (Array.isArray(source.items) && source.items.length > 0 && !("prefixItems" in source)) {
    // A draft-04 style tuple.
    out.prefixItems = source.items.map((item, i) => sub(item, `${pointer}/items/${i}`));
  }
  return out;
}

/** The keywords whose values are data, each kept only when its value is valid for it. */
function validationKeywords(source: Schema): Schema {
  const out: Schema = {};
  const type = typeOf(source.type);
  if (type !== undefined) out.type = type;
  if (source.type === "file") Object.assign(out, { type: "string", format: "binary" });
  for (const key of STRINGS) if (typeof source[key] === "string") out[key] = source[key];
  for (const key of BOOLEANS) if (typeof source[key] === "boolean") out[key] = source[key];
  for (const key of NUMBERS) if (isNumber(source[key])) out[key] = source[key];
  for (const key of COUNTS) {
    if (Number.isInteger(source[key]) && (source[key] as number) >= 0) out[key] = source[key];
  }
  if (isNumber(source.multipleOf) && source.multipleOf > 0) out.multipleOf = source.multipleOf;
  exclusiveBounds(source, out);
  if (typeof source.format === "string" && FORMATS.has(source.format)) out.format = source.format;
  if (Array.isArray(source.enum)) out.enum = source.enum;
  for (const key of ["const", "default"]) if (source[key] !== undefined) out[key] = source[key];
  if (Array.isArray(source.examples)) out.examples = source.examples;
  else if (source.example !== undefined) out.examples = [source.example];
  const required = Array.isArray(source.required) ? source.required.filter((r) => typeof r === "string") : [];
  if (required.length > 0) out.required = [...new Set(required)];
  return out;
}

function typeOf(type: unknown): string | string[] | undefined {
  if (typeof type === "string") return TYPES.has(type) ? type : undefined;
  if (!Array.isArray(type)) return undefined;
  const known = [...new Set(type.filter((t): t is string => typeof t === "string" && TYPES.has(t)))];
  return known.length > 0 ? known : undefined;
}

/** 3.0's `exclusiveMinimum: true` beside `minimum` → 3.1's `exclusiveMinimum: <minimum>`. */
function exclusiveBounds(source: Schema, out: Schema): void {
  for (const [exclusive, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    const value = source[exclusive];
    if (isNumber(value)) out[exclusive] = value;
    else if (value === true && isNumber(source[bound])) {
      out[exclusive] = source[bound];
      delete out[bound];
    }
  }
}

/** Applies OpenAPI 3.0 `nullable: true` (and Swagger's `x-nullable`) as a union with null. */
function nullable(source: Schema, schema: Schema, context: SchemaContext): Schema {
  if (context.dialect !== "3.0" || (source.nullable !== true && source["x-nullable"] !== true)) return schema;
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  if (typeof schema.type === "string") return { ...schema, type: [schema.type, "null"] };
  if (Array.isArray(schema.type))
    return schema.type.includes("null") ? schema : { ...schema, type: [...schema.type, "null"] };
  const { description, ...rest } = schema;
  return { ...(typeof description === "string" ? { description } : {}), anyOf: [rest, { type: "null" }] };
}

function isSchema(value: unknown): boolean {
  return typeof value === "boolean" || (typeof value === "object" && value !== null && !Array.isArray(value));
}

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** True when `pattern` compiles as the runtime's validator compiles it (Unicode mode). */
function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
}

function pick(source: Schema, keys: string[]): Schema {
  return Object.fromEntries(keys.filter((k) => typeof source[k] === "string").map((k) => [k, source[k]]));
}

function omit(source: Schema, key: string): Schema {
  return Object.fromEntries(Object.entries(source).filter(([k]) => k !== key));
}
