/**
 * Compact TypeScript renderings of JSON Schemas, for the call signatures shown to agents
 * (`search_tools` hits, progressive `describe`). Inline and depth-limited: a hint at the shape,
 * not the full declaration (that is the generated `code-mode.d.ts`).
 */

type Schema = Record<string, unknown>;

/** Longest rendering of one schema before it is cut to `{ … }`. */
const MAX_TYPE_CHARS = 240;
/** Most enum members spelled out. */
const MAX_ENUM = 8;
/** Keywords that can make an input required even without `required` at the top. */
const COMPOSED = ["$ref", "anyOf", "oneOf", "allOf", "not", "if", "const", "enum"];
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The minimal operation shape a signature needs (manifest operations and upstream catalogues). */
export interface SignatureOperation {
  tsName: string;
  inputSchema: unknown;
  outputSchema?: unknown;
  invoke?: { kind: string; output?: unknown };
}

/** True when the input may be left out: an object schema that plainly requires nothing. */
export function inputIsOptional(schema: unknown): boolean {
  if (schema === true || schema === undefined) return true;
  if (typeof schema !== "object" || schema === null) return false;
  const s = schema as Schema;
  if (Array.isArray(s.required) && s.required.length > 0) return false;
  if (COMPOSED.some((key) => key in s)) return false;
  return s.type === "object" || s.type === undefined;
}

function literal(value: unknown): string {
  return JSON.stringify(value) ?? "unknown";
}

function union(parts: string[]): string {
  const unique = [...new Set(parts)];
  return unique.length === 0 ? "never" : unique.join(" | ");
}

function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

function objectType(s: Schema, depth: number): string {
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  const names = Object.keys(properties);
  const extra = s.additionalProperties;
  if (names.length === 0) {
    if (extra && typeof extra === "object") return `Record<string, ${render(extra, depth + 1)}>`;
    return "Record<string, unknown>";
  }
  if (depth >= 3) return "{ … }";
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const members = names.map(
    (name) => `${propertyKey(name)}${required.has(name) ? "" : "?"}: ${render(properties[name], depth + 1)}`,
  );
  return `{ ${members.join("; ")} }`;
}

function typeName(type: string, s: Schema, depth: number): string {
  switch (type) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array": {
      const item = render(s.items ?? true, depth + 1);
      return /^[\w.$]+$/.test(item) ? `${item}[]` : `Array<${item}>`;
    }
    case "object":
      return objectType(s, depth);
    default:
      return "unknown";
  }
}

function render(schema: unknown, depth: number): string {
  if (schema === true || schema === undefined) return "unknown";
  if (schema === false) return "never";
  if (typeof schema !== "object" || schema === null) return "unknown";
  const s = schema as Schema;
  if (typeof s.$ref === "string") return s.$ref.split("/").pop() || "unknown";
  if ("const" in s) return literal(s.const);
  if (Array.isArray(s.enum)) {
    const members = s.enum.slice(0, MAX_ENUM).map(literal);
    return union(s.enum.length > MAX_ENUM ? [...members, "…"] : members);
  }
  const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) return union(alternatives.map((a) => render(a, depth)));
  if (Array.isArray(s.allOf)) return s.allOf.map((a) => render(a, depth)).join(" & ") || "unknown";
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === "string" ? [s.type] : [];
  if (types.length === 0) return s.properties ? objectType(s, depth) : "unknown";
  const rendered = union(types.map((t) => typeName(t, s, depth)));
  return s.nullable === true ? union([rendered, "null"]) : rendered;
}

/** A schema as a compact inline TypeScript type, cut to `{ … }` when it grows too long. */
export function schemaToTs(schema: unknown): string {
  const text = render(schema, 0);
  return text.length <= MAX_TYPE_CHARS ? text : text.startsWith("{") ? "{ … }" : "unknown";
}

/** The result type of an operation without an output schema. */
function fallbackOutput(operation: SignatureOperation): string {
  return operation.invoke?.kind === "cli" && operation.invoke.output === "text" ? "string" : "unknown";
}

/** `createNote(input: { title: string; body?: string }): Promise<{ id: string }>`. */
export function operationSignature(operation: SignatureOperation): string {
  const optional = inputIsOptional(operation.inputSchema) ? "?" : "";
  const output =
    operation.outputSchema === undefined ? fallbackOutput(operation) : schemaToTs(operation.outputSchema);
  return `${operation.tsName}(input${optional}: ${schemaToTs(operation.inputSchema)}): Promise<${output}>`;
}

/** How agent code reaches a unit: `units.notes`, or `units["team-1a2b__notes"]`. */
export function unitAccessor(unitId: string): string {
  return IDENTIFIER.test(unitId) ? `units.${unitId}` : `units[${JSON.stringify(unitId)}]`;
}
