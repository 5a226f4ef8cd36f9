/**
 * JSON Schema (2020-12 and the draft-07 / OpenAPI 3.0 subset people write) → a TypeScript type
 * expression. Strings from the schema reach the output only as literals or doc comments.
 * https://json-schema.org/draft/2020-12/json-schema-core
 */
import { docComment, propertyKey, stringLiteral } from "./literal.js";

export interface TypeContext {
  /** The type name a `$ref` points to, or undefined when it cannot be followed (→ `unknown`). */
  refName: (ref: string) => string | undefined;
}

type Schema = Record<string, unknown>;
const MAX_DEPTH = 32;

function literal(value: unknown): string {
  if (typeof value === "string") return stringLiteral(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "number";
  if (typeof value === "boolean" || value === null) return String(value);
  return "unknown";
}

/** True when `type` has no top-level `|` or `&`, so it needs no parentheses inside another. */
function isAtomic(type: string): boolean {
  let depth = 0;
  for (let i = 0; i < type.length; i++) {
    const char = type[i];
    if (char === "/" && type[i + 1] === "*") {
      i = type.indexOf("*/", i + 2) + 1;
      if (i === 0) return false;
    } else if (char === '"') {
      for (i++; i < type.length && type[i] !== '"'; i++) if (type[i] === "\\") i++;
    } else if (char === "{" || char === "(" || char === "[" || char === "<") depth++;
    else if (char === "}" || char === ")" || char === "]" || char === ">") depth--;
    else if ((char === "|" || char === "&") && depth === 0) return false;
  }
  return true;
}

function join(parts: string[], separator: " | " | " & "): string {
  const unique = [...new Set(parts)];
  if (unique.length === 0) return separator === " | " ? "never" : "unknown";
  if (unique.length === 1) return unique[0] as string;
  if (separator === " | " && unique.includes("unknown")) return "unknown";
  return unique.map((p) => (isAtomic(p) ? p : `(${p})`)).join(separator);
}

function objectType(schema: Schema, context: TypeContext, indent: string, depth: number): string {
  const properties = (typeof schema.properties === "object" && schema.properties) || {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const inner = `${indent}  `;
  const lines: string[] = [];
  for (const [name, property] of Object.entries(properties as Record<string, unknown>)) {
    const description =
      typeof property === "object" && property ? (property as Schema).description : undefined;
    const doc = docComment(typeof description === "string" ? description : undefined, inner);
    const optional = required.has(name) ? "" : "?";
    lines.push(
      `${doc}${inner}${propertyKey(name)}${optional}: ${print(property, context, inner, depth + 1)};\n`,
    );
  }
  const additional = schema.additionalProperties;
  const open = additional === true || (typeof additional === "object" && additional !== null);
  const patterned = typeof schema.patternProperties === "object" && schema.patternProperties !== null;
  if (lines.length === 0) {
    if (additional === false && !patterned) return "Record<string, never>";
    const value = typeof additional === "object" ? print(additional, context, indent, depth + 1) : "unknown";
    return `{ [key: string]: ${value} }`;
  }
  if (open || patterned) lines.push(`${inner}[key: string]: unknown;\n`);
  return `{\n${lines.join("")}${indent}}`;
}

function arrayType(schema: Schema, context: TypeContext, indent: string, depth: number): string {
  if (Array.isArray(schema.prefixItems)) {
    const items = schema.prefixItems.map((s) => print(s, context, indent, depth + 1));
    if (schema.items !== false) items.push(`...${print(schema.items ?? true, context, indent, depth + 1)}[]`);
    return `[${items.join(", ")}]`;
  }
  return `Array<${print(schema.items ?? true, context, indent, depth + 1)}>`;
}

function byType(type: string, schema: Schema, context: TypeContext, indent: string, depth: number): string {
  switch (type) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return arrayType(schema, context, indent, depth);
    case "object":
      return objectType(schema, context, indent, depth);
    default:
      return "unknown";
  }
}

function baseType(schema: Schema, context: TypeContext, indent: string, depth: number): string | undefined {
  if ("const" in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return join(schema.enum.map(literal), " | ");
  const types = Array.isArray(schema.type)
    ? schema.type.map(String)
    : schema.type
      ? [String(schema.type)]
      : [];
  if (types.length === 0) {
    if (schema.properties || schema.additionalProperties !== undefined) types.push("object");
    else if (schema.items || schema.prefixItems) types.push("array");
  }
  if (types.length === 0) return undefined;
  return join(
    types.map((t) => byType(t, schema, context, indent, depth)),
    " | ",
  );
}

/** The TS type of `schema`, laid out at `indent`. */
export function print(schema: unknown, context: TypeContext, indent = "", depth = 0): string {
  if (schema === false) return "never";
  if (typeof schema !== "object" || schema === null || depth > MAX_DEPTH) return "unknown";
  const s = schema as Schema;
  if (typeof s.$ref === "string") return context.refName(s.$ref) ?? "unknown";
  const parts: string[] = [];
  const base = baseType(s, context, indent, depth);
  if (base !== undefined) parts.push(base);
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = s[key];
    if (Array.isArray(options))
      parts.push(
        join(
          options.map((o) => print(o, context, indent, depth + 1)),
          " | ",
        ),
      );
  }
  if (Array.isArray(s.allOf)) parts.push(...s.allOf.map((o) => print(o, context, indent, depth + 1)));
  let type = join(parts.length > 0 ? parts : ["unknown"], " & ");
  if (s.nullable === true && type !== "unknown") type = join([type, "null"], " | ");
  return type;
}

/** Named local definitions (`$defs`, `definitions`) of a schema, in declaration order. */
export function localDefinitions(schema: unknown): Array<{ ref: string; name: string; schema: unknown }> {
  if (typeof schema !== "object" || schema === null) return [];
  const found: Array<{ ref: string; name: string; schema: unknown }> = [];
  for (const key of ["$defs", "definitions"]) {
    const defs = (schema as Schema)[key];
    if (typeof defs !== "object" || defs === null) continue;
    for (const [name, def] of Object.entries(defs))
      found.push({ ref: `#/${key}/${name}`, name, schema: def });
  }
  return found;
}
