/**
 * JSON Schema (2020-12 and the draft-07 / OpenAPI 3.0 subset people write) → a TypeScript type
 * expression. Strings from the schema reach the output only as literals or doc comments.
 * https://json-schema.org/draft/2020-12/json-schema-core
 *
 * As in openapi-typescript, an object schema that lists `properties` but says nothing about
 * `additionalProperties` becomes a closed type, so a misspelt key is a compile error; `true` or a
 * schema there adds an index signature.
 */
import { docComment, propertyKey, stringLiteral } from "./literal.js";

export interface TypeContext {
  /**
   * The type name a `$ref` points to, or undefined when it cannot be followed (→ `unknown`). `eager`
   * is true when the reference is not nested in an object or array type: there a reference back to
   * the alias being declared would make that alias circular.
   */
  refName: (ref: string, eager: boolean) => string | undefined;
}

type Schema = Record<string, unknown>;

/** Nesting depth past which a schema prints as `unknown` (a guard against absurd or hostile input). */
export const MAX_DEPTH = 32;

interface State {
  context: TypeContext;
  indent: string;
  depth: number;
  eager: boolean;
}

/** A nested position: one level deeper, laid out at `indent`, inside an object or array when `nested`. */
function deeper(state: State, indent = state.indent, nested = false): State {
  return { ...state, indent, depth: state.depth + 1, eager: state.eager && !nested };
}

/** The literal type of a JSON value (`const`, `enum` members). */
function literal(value: unknown, depth = 0): string {
  if (typeof value === "string") return stringLiteral(value);
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "number";
  if (typeof value === "boolean" || value === null) return String(value);
  if (depth >= MAX_DEPTH || typeof value !== "object") return "unknown";
  if (Array.isArray(value)) return `[${value.map((v) => literal(v, depth + 1)).join(", ")}]`;
  const entries = Object.entries(value).map(([k, v]) => `${propertyKey(k)}: ${literal(v, depth + 1)}`);
  return entries.length === 0 ? "Record<string, never>" : `{ ${entries.join("; ")} }`;
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

/** A union or intersection without duplicates, absorbing `unknown` and `never` the way TS does. */
function join(parts: string[], separator: " | " | " & "): string {
  const [absorbing, neutral] = separator === " | " ? ["unknown", "never"] : ["never", "unknown"];
  const unique = [...new Set(parts)];
  if (unique.includes(absorbing)) return absorbing;
  const kept = unique.filter((p) => p !== neutral);
  if (kept.length === 0) return neutral;
  if (kept.length === 1) return kept[0] as string;
  return kept.map((p) => (isAtomic(p) ? p : `(${p})`)).join(separator);
}

/** The doc comment of a property: its description, default and deprecation. */
function propertyDoc(property: unknown, indent: string): string {
  if (typeof property !== "object" || property === null) return "";
  const { description, default: fallback, deprecated } = property as Schema;
  const lines = typeof description === "string" && description.trim() !== "" ? [description.trim()] : [];
  if (fallback !== undefined) lines.push(`@default ${JSON.stringify(fallback)}`);
  if (deprecated === true) lines.push("@deprecated");
  return docComment(lines.join("\n"), indent);
}

/**
 * The value type of an object's index signature, or undefined for a closed object. Pattern and
 * additional properties share it; when `additionalProperties` is absent the object is closed unless it
 * names no properties at all (a bare `{ "type": "object" }` is a map of anything).
 */
function indexValue(schema: Schema, state: State, named: boolean): string | undefined {
  const additional = schema.additionalProperties;
  const patterns = schema.patternProperties;
  const values = typeof patterns === "object" && patterns !== null ? Object.values(patterns) : [];
  if (additional === true || (additional === undefined && !named && values.length === 0)) return "unknown";
  if (typeof additional === "object" && additional !== null) values.push(additional);
  if (values.length === 0) return undefined;
  return join(
    values.map((v) => printAt(v, state)),
    " | ",
  );
}

function objectType(schema: Schema, state: State): string {
  const { indent } = state;
  const properties = (typeof schema.properties === "object" && schema.properties) || {};
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  const inner = `${indent}  `;
  const nested = deeper(state, inner, true);
  const lines: string[] = [];
  for (const [name, property] of Object.entries(properties as Record<string, unknown>)) {
    const optional = required.includes(name) ? "" : "?";
    lines.push(
      `${propertyDoc(property, inner)}${inner}${propertyKey(name)}${optional}: ${printAt(property, nested)};\n`,
    );
  }
  // A required name the schema does not describe must still be passed; its type is whatever an
  // undeclared property may be.
  for (const name of new Set(required)) {
    if (Object.hasOwn(properties, name)) continue;
    const additional = schema.additionalProperties;
    const type =
      typeof additional === "object" && additional !== null ? printAt(additional, nested) : "unknown";
    lines.push(`${inner}${propertyKey(name)}: ${type};\n`);
  }
  const value = indexValue(schema, nested, lines.length > 0);
  if (lines.length === 0) {
    if (value === undefined) return "Record<string, never>";
    if (!value.includes("\n")) return `{ [key: string]: ${value} }`;
  }
  // With named properties the index signature must admit all of them, so it stays `unknown`.
  if (value !== undefined) lines.push(`${inner}[key: string]: ${lines.length === 0 ? value : "unknown"};\n`);
  return `{\n${lines.join("")}${indent}}`;
}

function arrayType(schema: Schema, state: State): string {
  const nested = deeper(state, state.indent, true);
  if (Array.isArray(schema.prefixItems)) {
    const items = schema.prefixItems.map((s) => printAt(s, nested));
    if (schema.items !== false) items.push(`...${printAt(schema.items ?? true, nested)}[]`);
    return `[${items.join(", ")}]`;
  }
  return `Array<${printAt(schema.items ?? true, nested)}>`;
}

function byType(type: string, schema: Schema, state: State): string {
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
      return arrayType(schema, state);
    case "object":
      return objectType(schema, state);
    default:
      return "unknown";
  }
}

function baseType(schema: Schema, state: State): string | undefined {
  if ("const" in schema) return literal(schema.const);
  if (Array.isArray(schema.enum))
    return join(
      schema.enum.map((v) => literal(v)),
      " | ",
    );
  const types = Array.isArray(schema.type)
    ? schema.type.map(String)
    : schema.type
      ? [String(schema.type)]
      : [];
  if (types.length === 0) {
    if (schema.properties || schema.additionalProperties !== undefined || schema.patternProperties)
      types.push("object");
    else if (schema.items || schema.prefixItems) types.push("array");
  }
  if (types.length === 0) return undefined;
  return join(
    types.map((t) => byType(t, schema, state)),
    " | ",
  );
}

function printAt(schema: unknown, state: State): string {
  if (schema === false) return "never";
  if (typeof schema !== "object" || schema === null || Array.isArray(schema) || state.depth > MAX_DEPTH)
    return "unknown";
  const { $ref, ...rest } = schema as Schema;
  // 2020-12 applies a `$ref`'s siblings too; OpenAPI 3.0 ignores them, and they usually add nothing.
  if (typeof $ref === "string")
    return join([state.context.refName($ref, state.eager) ?? "unknown", printAt(rest, state)], " & ");
  const parts: string[] = [];
  const base = baseType(rest, state);
  if (base !== undefined) parts.push(base);
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = rest[key];
    if (Array.isArray(options))
      parts.push(
        join(
          options.map((o) => printAt(o, deeper(state))),
          " | ",
        ),
      );
  }
  if (Array.isArray(rest.allOf)) parts.push(...rest.allOf.map((o) => printAt(o, deeper(state))));
  let type = join(parts.length > 0 ? parts : ["unknown"], " & ");
  if (rest.nullable === true && type !== "unknown") type = join([type, "null"], " | ");
  return type;
}

/** The TS type of `schema`, laid out at `indent`. */
export function print(schema: unknown, context: TypeContext, indent = "", depth = 0): string {
  return printAt(schema, { context, indent, depth, eager: true });
}

/** The `$ref`s {@link print} writes outside any object or array type, where a cycle is an error. */
export function eagerRefs(schema: unknown, depth = 0): string[] {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema) || depth > MAX_DEPTH) return [];
  const s = schema as Schema;
  const found = typeof s.$ref === "string" ? [s.$ref] : [];
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const options = s[key];
    if (Array.isArray(options)) for (const option of options) found.push(...eagerRefs(option, depth + 1));
  }
  return found;
}

/** A JSON pointer token: `~` → `~0`, `/` → `~1` (RFC 6901). */
function pointerToken(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** A local `$ref` as written (`#/$defs/a~1b`, `#/$defs/a%20b`) → the form {@link localDefinitions} uses. */
export function normalizeRef(ref: string): string {
  try {
    return decodeURIComponent(ref);
  } catch {
    return ref;
  }
}

/** Named local definitions (`$defs`, `definitions`) of a schema, in declaration order. */
export function localDefinitions(schema: unknown): Array<{ ref: string; name: string; schema: unknown }> {
  if (typeof schema !== "object" || schema === null) return [];
  const found: Array<{ ref: string; name: string; schema: unknown }> = [];
  for (const key of ["$defs", "definitions"]) {
    const defs = (schema as Schema)[key];
    if (typeof defs !== "object" || defs === null) continue;
    for (const [name, def] of Object.entries(defs))
      found.push({ ref: `#/${key}/${pointerToken(name)}`, name, schema: def });
  }
  return found;
}
