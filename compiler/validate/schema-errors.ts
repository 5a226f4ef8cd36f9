/**
 * Turns ajv errors into diagnostics with exact positions, stable codes and hints. Exactly-one-of
 * rules are `oneOf` of `{required: [x]}` branches in the schemas; their inner errors are folded into
 * one diagnostic. `if` failures only explain `then` errors and are dropped.
 */
import type { ErrorObject } from "ajv/dist/2020.js";
import { createDiagnostic, type Diagnostic } from "../diagnostics.js";
import type { SourceMap } from "../load/parse-document.js";
import { joinPointer, splitPointer } from "../load/pointer.js";
import { allowedProperties, discriminatorFor } from "./allowed-properties.js";
import { didYouMean } from "./did-you-mean.js";
import { article, comparisonWords, describeType, formatHint, rangeHint, typeHint } from "./schema-hints.js";

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

function choiceNames(error: ErrorObject): string[] | undefined {
  const branches = (error.parentSchema as Schema | undefined)?.[error.keyword];
  if (!Array.isArray(branches)) return undefined;
  const names: string[] = [];
  for (const branch of branches as Schema[]) {
    const keys = Object.keys(branch);
    const required = branch.required;
    if (keys.length !== 1 || !Array.isArray(required) || required.length !== 1) return undefined;
    names.push(String(required[0]));
  }
  return names;
}

const quote = (name: string) => `"${name}"`;

function listWords(words: readonly string[], joiner: "or" | "and"): string {
  const quoted = words.map(quote);
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} ${joiner} ${quoted.at(-1)}`;
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
  return quote(last);
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
  const parentSchema = error.parentSchema as Schema | undefined;
  const make = (code: string, message: string, location = at, fallbackHint?: string) =>
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
    return createDiagnostic("error", params.code, message, location, String(params.hint));
  }

  switch (error.keyword) {
    case "additionalProperties":
    case "unevaluatedProperties": {
      const name = String(params.additionalProperty ?? params.unevaluatedProperty);
      const parent = error.parentSchema as Schema;
      const allowed = allowedProperties(parent, context.resolveRef, error.data);
      // A property allowed here is "unevaluated" only because a subschema failed: that error is reported.
      if (allowed.includes(name)) return undefined;
      const where = pointer === "" ? rootName : `${what}`;
      const location = sourceMap.locateKey(joinPointer(pointer, name));
      const discriminator = discriminatorFor(parent, name, context.resolveRef);
      const current = (error.data as Record<string, unknown> | undefined)?.[discriminator?.key ?? ""];
      // Without the discriminator its own "missing property" error says what to do first.
      if (discriminator && current === undefined) return undefined;
      if (discriminator) {
        const key = quote(discriminator.key);
        return make(
          "FORBIDDEN_PROPERTY",
          `"${name}" is not allowed in ${where} when ${key} is ${JSON.stringify(current)}`,
          location,
          `remove "${name}", or set ${key} to ${listWords(discriminator.values.map(String), "or")}`,
        );
      }
      const guess = didYouMean(name, allowed);
      if (name === "<<") {
        return make(
          "UNKNOWN_PROPERTY",
          `unknown property "<<" in ${where}`,
          location,
          "YAML merge keys (<<: *alias) are not supported: write the fields out",
        );
      }
      return make(
        "UNKNOWN_PROPERTY",
        `unknown property "${name}" in ${where}`,
        location,
        guess
          ? `did you mean "${guess}"?`
          : allowed.length > 0
            ? `remove it; allowed here: ${allowed.join(", ")}`
            : "remove it",
      );
    }
    case "required": {
      const name = String(params.missingProperty);
      return make(
        "MISSING_PROPERTY",
        `${what} is missing the required property "${name}"`,
        sourceMap.locateKey(pointer),
        `add "${name}"`,
      );
    }
    case "oneOf":
    case "anyOf": {
      const names = choiceNames(error);
      if (!names) return make("SCHEMA_VIOLATION", `${what} ${error.message ?? "is invalid"}`);
      if (Array.isArray(params.passingSchemas)) {
        // ajv names only the first two passing branches; the data says which fields are all set.
        const data = error.data as Record<string, unknown>;
        const set = names.filter(
          (name) => data !== null && typeof data === "object" && Object.hasOwn(data, name),
        );
        return make(
          "MUTUALLY_EXCLUSIVE",
          `${listWords(set, "and")} cannot be set together`,
          sourceMap.locateKey(joinPointer(pointer, set[1] ?? set[0] ?? "")),
          `keep exactly one of ${listWords(names, "or")}`,
        );
      }
      const exactly = error.keyword === "oneOf" ? "exactly one" : "at least one";
      return make(
        "ONE_OF_REQUIRED",
        `${what} needs ${exactly} of ${listWords(names, "or")}`,
        sourceMap.locateKey(pointer),
        `add ${listWords(names, "or")}`,
      );
    }
    case "not": {
      const forbidden = ((error.schema as Schema | undefined)?.required as string[] | undefined) ?? [];
      const name = forbidden[0];
      if (name === undefined) return make("SCHEMA_VIOLATION", `${what} ${error.message ?? "is invalid"}`);
      return make(
        "FORBIDDEN_PROPERTY",
        `"${name}" is not allowed in ${what} here`,
        sourceMap.locateKey(joinPointer(pointer, name)),
        `remove "${name}"`,
      );
    }
    case "type":
      return make(
        "WRONG_TYPE",
        `${what} must be ${article(String(params.type))}, not ${describeType(error.data)}`,
        at,
        typeHint(String(params.type), rootName, pointer === ""),
      );
    case "enum": {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v));
      const guess =
        typeof error.data === "string"
          ? didYouMean(
              error.data,
              allowed.map((a) => JSON.parse(a) as string),
            )
          : undefined;
      return make(
        "INVALID_VALUE",
        `${what} is ${JSON.stringify(error.data)}; expected one of ${allowed.join(", ")}`,
        at,
        guess ? `did you mean "${guess}"?` : `use one of ${allowed.join(", ")}`,
      );
    }
    case "const":
      return make(
        "INVALID_VALUE",
        `${what} must be ${JSON.stringify(params.allowedValue)}`,
        at,
        `set it to ${JSON.stringify(params.allowedValue)} or remove it`,
      );
    case "pattern":
      return make(
        "PATTERN_MISMATCH",
        `${what} does not match the pattern ${String(params.pattern)}`,
        at,
        typeof parentSchema?.description === "string" ? parentSchema.description : undefined,
      );
    case "minLength":
      return make(
        "TOO_SHORT",
        `${what} must be at least ${String(params.limit)} character${params.limit === 1 ? "" : "s"} long`,
        at,
        params.limit === 1 ? "write a non-empty value, or remove the property" : "lengthen it",
      );
    case "maxLength":
      return make(
        "TOO_LONG",
        `${what} must be at most ${String(params.limit)} characters long`,
        at,
        "shorten it",
      );
    case "minItems":
      return make(
        "TOO_SHORT",
        `${what} must hold at least ${String(params.limit)} item${params.limit === 1 ? "" : "s"}`,
        at,
        "add items, or remove the property",
      );
    case "maxItems":
      return make("TOO_LONG", `${what} must hold at most ${String(params.limit)} items`, at, "remove items");
    case "uniqueItems":
      return make("DUPLICATE_ITEM", `${what} holds a duplicate item`, at, "remove the duplicate");
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return make(
        "OUT_OF_RANGE",
        `${what} is ${JSON.stringify(error.data)}; it must be ${comparisonWords(String(params.comparison))} ${String(params.limit)}`,
        at,
        rangeHint(parentSchema),
      );
    case "format":
      return make(
        "INVALID_FORMAT",
        `${what} is not a valid ${String(params.format)}`,
        at,
        formatHint(String(params.format)),
      );
    default:
      return make("SCHEMA_VIOLATION", `${what} ${error.message ?? "is invalid"}`);
  }
}
