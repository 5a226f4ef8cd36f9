/**
 * Turns ajv errors into diagnostics with exact positions, stable codes and hints. Exactly-one-of
 * rules are `oneOf` of `{required: [x]}` branches in the schemas; their inner errors are folded into
 * one diagnostic. `if` failures only explain `then` errors and are dropped.
 */
import type { ErrorObject } from "ajv/dist/2020.js";
import { createDiagnostic, type Diagnostic, type DiagnosticCode } from "../codes/diagnostics.js";
import { joinPointer, splitPointer } from "../load/pointer.js";
import type { SourceMap } from "../load/source-map.js";
import { choiceNames, mapperFor } from "./schema-error-mappers.js";

type Schema = Record<string, unknown>;

export interface SchemaErrorContext {
  sourceMap: SourceMap;
  /** What the document root is called in messages ("the frontmatter", "the config"). */
  rootName: string;
  /** Follows a `$ref` from the schemas, for listing allowed property names. */
  resolveRef: (ref: string) => Schema | undefined;
}

/** Maps the errors of one validation run to diagnostics (deduplicated, in source order). */
export function mapSchemaErrors(errors: readonly ErrorObject[], context: SchemaErrorContext): Diagnostic[] {
  const choices = errors.filter(
    (e) => (e.keyword === "oneOf" || e.keyword === "anyOf") && choiceNames(e) !== undefined,
  );
  const folded = (error: ErrorObject) =>
    choices.some(
      (c) =>
        c !== error &&
        error.schemaPath.startsWith(`${c.schemaPath}/`) &&
        (error.instancePath === c.instancePath || error.instancePath.startsWith(`${c.instancePath}/`)),
    );
  const seen = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  // A URL that fails the unitc URL rule also fails `format: uri`; the URL rule says more.
  const urlProblems = new Set(errors.filter((e) => e.keyword === "x-http-url").map((e) => e.instancePath));
  for (const error of errors) {
    if (error.keyword === "if" || folded(error)) continue;
    if (error.keyword === "format" && urlProblems.has(error.instancePath)) continue;
    const diagnostic = mapError(error, context);
    if (!diagnostic) continue;
    const key = `${diagnostic.code}|${diagnostic.pointer}|${diagnostic.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    diagnostics.push(diagnostic);
  }
  return diagnostics;
}

/** Names the value at a pointer for a message: `"transport"`, `"tags[2]"`, or the root's name. */
function subject(pointer: string, rootName: string): string {
  const tokens = splitPointer(pointer);
  const last = tokens.at(-1);
  if (last === undefined) return rootName;
  if (/^\d+$/.test(last)) {
    const parent = tokens.at(-2);
    return parent === undefined ? `item ${last}` : `"${parent}[${last}]"`;
  }
  return `"${last}"`;
}

function hintOf(error: ErrorObject): string | undefined {
  const parent = error.parentSchema as Schema | undefined;
  return typeof parent?.["x-hint"] === "string" ? (parent["x-hint"] as string) : undefined;
}

function mapError(error: ErrorObject, context: SchemaErrorContext): Diagnostic | undefined {
  const { sourceMap, rootName } = context;
  const pointer = error.instancePath;
  const at = sourceMap.locate(pointer);
  const what = subject(pointer, rootName);
  const params = error.params as Record<string, unknown>;
  const hint = hintOf(error);
  const make = (code: DiagnosticCode, message: string, location = at, fallbackHint?: string) =>
    createDiagnostic("error", code, message, location, hint ?? fallbackHint);

  // The inner error of a propertyNames failure carries the key and is reported instead.
  if (error.keyword === "propertyNames") return undefined;
  if (error.propertyName !== undefined) {
    const keyPointer = joinPointer(pointer, error.propertyName);
    return make(
      "INVALID_KEY",
      `"${error.propertyName}" is not a valid key here: use 1 to 64 letters, digits, "_" or "-"`,
      sourceMap.locateKey(keyPointer),
      "rename the key",
    );
  }

  // unitc's own keywords (ajv.ts) name their code and hint.
  if (typeof params.code === "string") {
    const location = params.at === "key" ? sourceMap.locateKey(pointer) : at;
    const message = `${what} ${String(params.problem)}`;
    return createDiagnostic("error", params.code as DiagnosticCode, message, location, String(params.hint));
  }

  return mapperFor(error.keyword)({
    error,
    params,
    pointer,
    at,
    what,
    rootName,
    sourceMap,
    resolveRef: context.resolveRef,
    make,
  });
}
