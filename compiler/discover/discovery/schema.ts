/**
 * A discovery-document JsonSchema → JSON Schema 2020-12. `$ref` names a schema of the document's
 * `schemas` map and becomes `#/$defs/<Name>` (so cyclic schemas stay refs); `type: any` is unknown;
 * string `minimum`/`maximum` and string `default`s are coerced to the schema's type.
 * https://developers.google.com/discovery/v1/reference/apis#resource-representations
 */
import type { JsonSchema } from "../../../runtime/contract/manifest.js";
import { escapePointerToken } from "../../load/pointer.js";
import type { SchemaDefs } from "../sources/defs.js";

type Data = Record<string, unknown>;

export interface DiscoverySchemaContext {
  /** The document's `schemas` map. */
  schemas: Data;
  defs: SchemaDefs;
  warn(message: string, pointer: string): void;
}

const MAX_DEPTH = 48;
const TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

/** Converts the schema `node` found at `pointer` of the document. */
export function convertDiscoverySchema(
  node: unknown,
  pointer: string,
  context: DiscoverySchemaContext,
  depth = 0,
): JsonSchema {
  if (typeof node !== "object" || node === null || Array.isArray(node) || depth > MAX_DEPTH) return {};
  const source = node as Data;
  if (typeof source.$ref === "string") return refSchema(source.$ref, source, pointer, context);
  const out: Data = {};
  if (typeof source.type === "string" && TYPES.has(source.type)) out.type = source.type;
  for (const key of ["description", "format"]) if (typeof source[key] === "string") out[key] = source[key];
  for (const key of ["readOnly", "deprecated"]) if (typeof source[key] === "boolean") out[key] = source[key];
  if (typeof source.pattern === "string" && compiles(source.pattern)) out.pattern = source.pattern;
  for (const key of ["minimum", "maximum"]) {
    const value = Number(source[key]);
    if (source[key] !== undefined && source[key] !== "" && Number.isFinite(value)) out[key] = value;
  }
  if (Array.isArray(source.enum)) out.enum = source.enum.map((v) => coerce(v, source.type));
  if (source.default !== undefined) out.default = coerce(source.default, source.type);
  const sub = (value: unknown, at: string) => convertDiscoverySchema(value, at, context, depth + 1);
  if (typeof source.properties === "object" && source.properties !== null) {
    out.properties = Object.fromEntries(
      Object.entries(source.properties).map(([name, value]) => [
        name,
        sub(value, `${pointer}/properties/${escapePointerToken(name)}`),
      ]),
    );
  }
  if (typeof source.additionalProperties === "object" && source.additionalProperties !== null) {
    out.additionalProperties = sub(source.additionalProperties, `${pointer}/additionalProperties`);
  }
  if (typeof source.items === "object" && source.items !== null)
    out.items = sub(source.items, `${pointer}/items`);
  return out;
}

function refSchema(name: string, source: Data, pointer: string, context: DiscoverySchemaContext): JsonSchema {
  if (!Object.hasOwn(context.schemas, name)) {
    context.warn(
      `$ref ${JSON.stringify(name)} names no schema of the document; typed as unknown`,
      `${pointer}/$ref`,
    );
    return {};
  }
  const at = `/schemas/${escapePointerToken(name)}`;
  const ref = context.defs.refFor(at, name, () => convertDiscoverySchema(context.schemas[name], at, context));
  return typeof source.description === "string"
    ? { $ref: ref, description: source.description }
    : { $ref: ref };
}

/** A string default or enum value as the schema's type says (`"10"` → 10, `"true"` → true). */
export function coerce(value: unknown, type: unknown): unknown {
  if (typeof value !== "string") return value;
  if (type === "integer" || type === "number") {
    const number = Number(value);
    return value.trim() !== "" && Number.isFinite(number) ? number : value;
  }
  if (type === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, "u");
    return true;
  } catch {
    return false;
  }
}
