/**
 * A GraphQL schema from text: SDL, or an introspection result (`{"__schema": …}`, with or without
 * the `{"data": …}` wrapper). Problems come back as data with positions, never thrown.
 * https://spec.graphql.org/October2021/#sec-Type-System
 */
import {
  buildASTSchema,
  buildClientSchema,
  type GraphQLError,
  type GraphQLSchema,
  type IntrospectionQuery,
  parse,
  validateSchema,
} from "graphql";
// Public API loses positions of SDL errors (it joins them into one message); this keeps them.
import { validateSDL } from "graphql/validation/validate.js";

/** One problem of a schema text; `line` and `column` are 1-based positions in that text. */
export interface SchemaProblem {
  message: string;
  line?: number;
  column?: number;
}

export type SchemaFormat = "sdl" | "introspection";

export interface BuiltSchema {
  format: SchemaFormat;
  schema?: GraphQLSchema;
  problems: SchemaProblem[];
}

/** Problems listed per schema; the rest are counted in the last one. */
export const MAX_SCHEMA_PROBLEMS = 10;

/** Builds a schema from SDL or introspection JSON text. */
export function buildSchemaFromText(text: string): BuiltSchema {
  if (looksLikeJson(text)) return fromIntrospectionText(text);
  return fromSdl(text);
}

/** True when the text is JSON rather than SDL (SDL never starts with `{`). */
export function looksLikeJson(text: string): boolean {
  return /^\s*\{/.test(text);
}

/** The `__schema` of an introspection result, unwrapping `data`; undefined when there is none. */
export function introspectionOf(value: unknown): IntrospectionQuery | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.__schema === "object" && record.__schema !== null)
    return record as unknown as IntrospectionQuery;
  return record.data === undefined ? undefined : introspectionOf(record.data);
}

function fromIntrospectionText(text: string): BuiltSchema {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { format: "introspection", problems: [jsonProblem(text, error)] };
  }
  return fromIntrospection(value);
}

/** Builds a schema from a parsed introspection result. */
export function fromIntrospection(value: unknown): BuiltSchema {
  const introspection = introspectionOf(value);
  if (!introspection) {
    const errors = (value as { errors?: unknown } | null)?.errors;
    const message = Array.isArray(errors)
      ? `the introspection answered errors: ${errors.map((e) => (e as { message?: unknown }).message).join("; ")}`
      : 'the JSON is not an introspection result: it has no "__schema" (or "data.__schema")';
    return { format: "introspection", problems: [{ message }] };
  }
  let schema: GraphQLSchema;
  try {
    schema = buildClientSchema(introspection);
  } catch (error) {
    const message = `the introspection result is incomplete or malformed (${errorMessage(error)})`;
    return { format: "introspection", problems: [{ message }] };
  }
  return finish("introspection", schema, validateSchema(schema));
}

function fromSdl(text: string): BuiltSchema {
  let document: ReturnType<typeof parse>;
  try {
    document = parse(text);
  } catch (error) {
    return { format: "sdl", problems: [graphqlProblem(error as GraphQLError)] };
  }
  const sdlErrors = validateSDL(document);
  if (sdlErrors.length > 0) return { format: "sdl", problems: limit(sdlErrors.map(graphqlProblem)) };
  let schema: GraphQLSchema;
  try {
    schema = buildASTSchema(document, { assumeValidSDL: true });
  } catch (error) {
    return { format: "sdl", problems: [{ message: errorMessage(error) }] };
  }
  return finish("sdl", schema, validateSchema(schema));
}

function finish(format: SchemaFormat, schema: GraphQLSchema, errors: readonly GraphQLError[]): BuiltSchema {
  if (errors.length > 0) return { format, problems: limit(errors.map(graphqlProblem)) };
  return { format, schema, problems: [] };
}

/** A graphql-js error as a problem at its first location. */
export function graphqlProblem(error: GraphQLError): SchemaProblem {
  const at = error.locations?.[0];
  const message = error.message.replace(/^Syntax Error: /, "syntax error: ");
  return at ? { message, line: at.line, column: at.column } : { message };
}

function limit(problems: SchemaProblem[]): SchemaProblem[] {
  if (problems.length <= MAX_SCHEMA_PROBLEMS) return problems;
  const kept = problems.slice(0, MAX_SCHEMA_PROBLEMS);
  const more = problems.length - MAX_SCHEMA_PROBLEMS;
  const last = kept[kept.length - 1] as SchemaProblem;
  kept[kept.length - 1] = { ...last, message: `${last.message} (and ${more} more problems)` };
  return kept;
}

function errorMessage(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
}

/** A JSON.parse failure, at the line and column of the offset V8 reports. */
function jsonProblem(text: string, error: unknown): SchemaProblem {
  const message = `invalid JSON: ${errorMessage(error).replace(/ in JSON at position \d+.*$/, "")}`;
  const offset = /position (\d+)/.exec(errorMessage(error))?.[1];
  if (offset === undefined) return { message };
  const before = text.slice(0, Number(offset));
  const line = before.split("\n").length;
  return { message, line, column: before.length - before.lastIndexOf("\n") };
}
