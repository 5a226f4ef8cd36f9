/**
 * One mapper per ajv keyword: each turns an error of that keyword into a diagnostic (or nothing,
 * when another error of the same run says it better). `schema-errors.ts` looks the keyword up here.
 */
import type { ErrorObject } from "ajv/dist/2020.js";
import { didYouMean } from "../../runtime/shared/did-you-mean.js";
import type { Diagnostic, DiagnosticCode, SourceLocation } from "../codes/diagnostics.js";
import { joinPointer } from "../load/pointer.js";
import type { SourceMap } from "../load/source-map.js";
import { allowedProperties, discriminatorFor } from "./allowed-properties.js";
import { article, comparisonWords, describeType, formatHint, rangeHint, typeHint } from "./schema-hints.js";

type Schema = Record<string, unknown>;

/** What a mapper gets besides the error: where it is, what to call it, and how to build the diagnostic. */
export interface MapperInput {
  error: ErrorObject;
  params: Record<string, unknown>;
  pointer: string;
  /** The value's position. */
  at: SourceLocation;
  /** The value named for a message: `"transport"`, `"tags[2]"`, or the root's name. */
  what: string;
  rootName: string;
  sourceMap: SourceMap;
  resolveRef: (ref: string) => Schema | undefined;
  make: (
    code: DiagnosticCode,
    message: string,
    location?: SourceLocation,
    fallbackHint?: string,
  ) => Diagnostic;
}

type Mapper = (input: MapperInput) => Diagnostic | undefined;

const quote = (name: string) => `"${name}"`;

/** `"a", "b" or "c"`. */
export function listWords(words: readonly string[], joiner: "or" | "and"): string {
  const quoted = words.map(quote);
  if (quoted.length <= 1) return quoted.join("");
  return `${quoted.slice(0, -1).join(", ")} ${joiner} ${quoted.at(-1)}`;
}

/** The property names of an exactly-one-of rule (`oneOf` of `{required: [x]}` branches), if it is one. */
export function choiceNames(error: ErrorObject): string[] | undefined {
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

const violation: Mapper = ({ make, what, error }) =>
  make("SCHEMA_VIOLATION", `${what} ${error.message ?? "is invalid"}`);

const extraProperty: Mapper = ({ error, params, pointer, what, rootName, sourceMap, resolveRef, make }) => {
  const name = String(params.additionalProperty ?? params.unevaluatedProperty);
  const parent = error.parentSchema as Schema;
  const allowed = allowedProperties(parent, resolveRef, error.data);
  // A property allowed here is "unevaluated" only because a subschema failed: that error is reported.
  if (allowed.includes(name)) return undefined;
  const where = pointer === "" ? rootName : `${what}`;
  const location = sourceMap.locateKey(joinPointer(pointer, name));
  const discriminator = discriminatorFor(parent, name, resolveRef);
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
  if (name === "<<") {
    const hint = "YAML merge keys (<<: *alias) are not supported: write the fields out";
    return make("UNKNOWN_PROPERTY", `unknown property "<<" in ${where}`, location, hint);
  }
  const guess = didYouMean(name, allowed);
  const hint = guess
    ? `did you mean "${guess}"?`
    : allowed.length > 0
      ? `remove it; allowed here: ${allowed.join(", ")}`
      : "remove it";
  return make("UNKNOWN_PROPERTY", `unknown property "${name}" in ${where}`, location, hint);
};

const choice: Mapper = (input) => {
  const { error, params, pointer, what, sourceMap, make } = input;
  const names = choiceNames(error);
  if (!names) return violation(input);
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
};

const notRequired: Mapper = (input) => {
  const { error, pointer, what, sourceMap, make } = input;
  const name = ((error.schema as Schema | undefined)?.required as string[] | undefined)?.[0];
  if (name === undefined) return violation(input);
  const location = sourceMap.locateKey(joinPointer(pointer, name));
  return make("FORBIDDEN_PROPERTY", `"${name}" is not allowed in ${what} here`, location, `remove "${name}"`);
};

const enumValue: Mapper = ({ error, params, what, at, make }) => {
  const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v));
  const guess =
    typeof error.data === "string"
      ? didYouMean(
          error.data,
          allowed.map((a) => JSON.parse(a) as string),
        )
      : undefined;
  const message = `${what} is ${JSON.stringify(error.data)}; expected one of ${allowed.join(", ")}`;
  return make(
    "INVALID_VALUE",
    message,
    at,
    guess ? `did you mean "${guess}"?` : `use one of ${allowed.join(", ")}`,
  );
};

const plural = (limit: unknown, word: string) => `${String(limit)} ${word}${limit === 1 ? "" : "s"}`;
const parentOf = (error: ErrorObject) => error.parentSchema as Schema | undefined;

const range: Mapper = ({ error, params, what, at, make }) =>
  make(
    "OUT_OF_RANGE",
    `${what} is ${JSON.stringify(error.data)}; it must be ${comparisonWords(String(params.comparison))} ${String(params.limit)}`,
    at,
    rangeHint(parentOf(error)),
  );

/** The keyword → mapper table; a keyword not in it becomes SCHEMA_VIOLATION. */
export const keywordMappers: Readonly<Record<string, Mapper>> = {
  additionalProperties: extraProperty,
  unevaluatedProperties: extraProperty,
  required: ({ params, what, pointer, sourceMap, make }) => {
    const name = String(params.missingProperty);
    const message = `${what} is missing the required property "${name}"`;
    return make("MISSING_PROPERTY", message, sourceMap.locateKey(pointer), `add "${name}"`);
  },
  oneOf: choice,
  anyOf: choice,
  not: notRequired,
  type: ({ error, params, what, at, pointer, rootName, make }) =>
    make(
      "WRONG_TYPE",
      `${what} must be ${article(String(params.type))}, not ${describeType(error.data)}`,
      at,
      typeHint(String(params.type), rootName, pointer === ""),
    ),
  enum: enumValue,
  const: ({ params, what, at, make }) => {
    const value = JSON.stringify(params.allowedValue);
    return make("INVALID_VALUE", `${what} must be ${value}`, at, `set it to ${value} or remove it`);
  },
  pattern: ({ error, params, what, at, make }) => {
    const description = parentOf(error)?.description;
    const message = `${what} does not match the pattern ${String(params.pattern)}`;
    return make("PATTERN_MISMATCH", message, at, typeof description === "string" ? description : undefined);
  },
  minLength: ({ params, what, at, make }) =>
    make(
      "TOO_SHORT",
      `${what} must be at least ${plural(params.limit, "character")} long`,
      at,
      params.limit === 1 ? "write a non-empty value, or remove the property" : "lengthen it",
    ),
  maxLength: ({ params, what, at, make }) =>
    make("TOO_LONG", `${what} must be at most ${String(params.limit)} characters long`, at, "shorten it"),
  minItems: ({ params, what, at, make }) =>
    make(
      "TOO_SHORT",
      `${what} must hold at least ${plural(params.limit, "item")}`,
      at,
      "add items, or remove the property",
    ),
  maxItems: ({ params, what, at, make }) =>
    make("TOO_LONG", `${what} must hold at most ${String(params.limit)} items`, at, "remove items"),
  uniqueItems: ({ what, at, make }) =>
    make("DUPLICATE_ITEM", `${what} holds a duplicate item`, at, "remove the duplicate"),
  minimum: range,
  maximum: range,
  exclusiveMinimum: range,
  exclusiveMaximum: range,
  format: ({ params, what, at, make }) =>
    make(
      "INVALID_FORMAT",
      `${what} is not a valid ${String(params.format)}`,
      at,
      formatHint(String(params.format)),
    ),
};

/** The mapper of a keyword. */
export function mapperFor(keyword: string): Mapper {
  return Object.hasOwn(keywordMappers, keyword) ? (keywordMappers[keyword] as Mapper) : violation;
}
