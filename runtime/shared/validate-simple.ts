/**
 * A validator for the plain JSON Schemas most operation inputs are (types, properties, required,
 * enums, constants, lengths, ranges, patterns, arrays and maps of them) that answers exactly what
 * ajv, set up as `validate-input.ts` sets it up, would: the same errors in the same order (a
 * property test over random schemas and values holds the two together). It spares a one-shot
 * `unitc call`, and any process's first call, loading ajv and compiling the schema, which is a
 * fifth of such a call's time. A schema with any other keyword (`$ref`, `anyOf`, `format`,
 * `nullable`…), or a value it cannot compare as JSON, is left to ajv: `undefined` says so.
 * This file compiles a schema's structure (types, keyword groups, items and properties); the
 * checks of single keywords are in `validate-simple-keywords.ts`.
 */
import {
  type Check,
  codePoints,
  countCheck,
  error,
  formatCheck,
  limitCheck,
  multipleOfCheck,
  nothing,
  patternCheck,
  requiredCheck,
  type SchemaError,
  untypedChecks,
} from "./validate-simple-keywords.js";

const TYPES = new Set(["string", "number", "integer", "boolean", "null", "object", "array"]);
/**
 * Keywords ajv reads without checking data, each with what the meta-schema asks of its value (a
 * schema breaking it is ajv's to refuse), and keywords it does not know (ignored, as strict is off).
 */
const ANNOTATIONS: Record<string, (value: unknown) => boolean> = {
  title: (v) => typeof v === "string",
  description: (v) => typeof v === "string",
  $comment: (v) => typeof v === "string",
  default: () => true,
  examples: Array.isArray,
  deprecated: (v) => typeof v === "boolean",
  readOnly: (v) => typeof v === "boolean",
  writeOnly: (v) => typeof v === "boolean",
};
const UNKNOWN = new Set(["example", "externalDocs", "xml"]);
/** ajv's keyword groups, in the order it runs them: untyped first, then by the data's type. */
const GROUPS = {
  number: ["maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf", "format"],
  string: ["maxLength", "minLength", "pattern", "format"],
  array: ["maxItems", "minItems", "items"],
  object: ["maxProperties", "minProperties", "required", "additionalProperties", "properties"],
} as const;
const UNTYPED = ["const", "enum"];
const KNOWN = new Set<string>(["type", ...UNTYPED, ...Object.values(GROUPS).flat()]);

/** A schema's validator: its errors for a value, or undefined when only ajv can judge the value. */
type Validator = (data: unknown) => SchemaError[] | undefined;

const built = new WeakMap<object, Validator | null>();

/** The validator of `schema`, or undefined when it uses anything this validator leaves to ajv. */
export function simpleValidator(schema: unknown): Validator | undefined {
  if (typeof schema !== "object" || schema === null) return undefined;
  let validator = built.get(schema);
  if (validator === undefined) {
    const check = compile(schema);
    validator = check
      ? (data) => {
          const errors: SchemaError[] = [];
          return check(data, "", errors) ? errors : undefined;
        }
      : null;
    built.set(schema, validator);
  }
  return validator ?? undefined;
}

function isType(type: string, data: unknown): boolean {
  switch (type) {
    case "null":
      return data === null;
    case "array":
      return Array.isArray(data);
    case "object":
      return typeof data === "object" && data !== null && !Array.isArray(data);
    case "integer":
      return typeof data === "number" && !(data % 1) && !Number.isNaN(data);
    default:
      return typeof data === type;
  }
}

/** The data type a keyword group runs for (as ajv tells them: integers are numbers). */
function groupApplies(group: keyof typeof GROUPS, data: unknown): boolean {
  return group === "number" ? typeof data === "number" : isType(group, data);
}

/** A subschema: `true`, `false` or an object this validator handles. */
function compile(schema: unknown): Check | undefined {
  if (schema === true) return nothing;
  if (schema === false) {
    return (_data, path, errors) => {
      errors.push(error("false schema", path, {}, "boolean schema is false"));
      return true;
    };
  }
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return undefined;
  const s = schema as Record<string, unknown>;
  for (const [key, value] of Object.entries(s)) {
    const annotation = Object.hasOwn(ANNOTATIONS, key) ? ANNOTATIONS[key] : undefined;
    if (annotation ? !annotation(value) : !KNOWN.has(key) && !UNKNOWN.has(key) && !key.startsWith("x-"))
      return undefined;
  }
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  if (types.length === 0 && s.type !== undefined) return undefined;
  if (!types.every((t) => typeof t === "string" && TYPES.has(t)) || new Set(types).size !== types.length)
    return undefined;
  const typeError = (path: string) =>
    error("type", path, { type: s.type }, `must be ${Array.isArray(s.type) ? s.type.join(",") : s.type}`);
  const has = (keyword: string) => s[keyword] !== undefined;
  const used = (group: keyof typeof GROUPS) => GROUPS[group].some(has);
  // ajv checks the type first, unless there is one type whose own keywords the schema uses: then
  // the type is checked where that group's keywords run.
  const only = types.length === 1 ? (types[0] as string) : undefined;
  const deferred = only !== undefined && only in GROUPS && used(only as keyof typeof GROUPS);
  const steps: Check[] = [];
  if (types.length > 0 && !deferred) {
    steps.push((data, path, errors) => {
      if (!types.some((t) => isType(t as string, data))) errors.push(typeError(path));
      return true;
    });
  }
  const untyped = untypedChecks(s);
  if (!untyped) return undefined;
  steps.push(...untyped);
  for (const group of Object.keys(GROUPS) as Array<keyof typeof GROUPS>) {
    if (!used(group)) continue;
    const inner = groupChecks(group, s);
    if (!inner) return undefined;
    const reportsType = deferred && only === group;
    steps.push((data, path, errors) => {
      if (!groupApplies(group, data)) {
        if (reportsType) errors.push(typeError(path));
        return true;
      }
      return inner.every((step) => step(data, path, errors));
    });
  }
  return (data, path, errors) => steps.every((step) => step(data, path, errors));
}

function groupChecks(group: keyof typeof GROUPS, s: Record<string, unknown>): Check[] | undefined {
  const steps: Check[] = [];
  for (const keyword of GROUPS[group]) {
    if (s[keyword] === undefined) continue;
    const step = keywordCheck(keyword, s, group);
    if (!step) return undefined;
    steps.push(step);
  }
  return steps;
}

function keywordCheck(keyword: string, s: Record<string, unknown>, group: string): Check | undefined {
  const value = s[keyword];
  switch (keyword) {
    case "maximum":
    case "minimum":
    case "exclusiveMaximum":
    case "exclusiveMinimum":
      return limitCheck(keyword, value);
    case "multipleOf":
      return multipleOfCheck(value);
    case "maxLength":
    case "minLength":
      return countCheck(keyword, value, "characters", codePoints);
    case "maxItems":
    case "minItems":
      return countCheck(keyword, value, "items", (data: unknown[]) => data.length);
    case "maxProperties":
    case "minProperties":
      return countCheck(keyword, value, "properties", (data: object) => Object.keys(data).length);
    case "pattern":
      return patternCheck(value);
    case "required":
      return requiredCheck(value);
    case "items":
      return itemsCheck(value);
    case "properties":
      return propertiesCheck(value);
    case "additionalProperties":
      return additionalCheck(value, s.properties);
    case "format":
      return formatCheck(value, group);
    default:
      return undefined;
  }
}

/** A JSON Pointer step (`~` and `/` escaped), as ajv writes instance paths. */
function step(key: string | number): string {
  return `/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

function itemsCheck(schema: unknown): Check | undefined {
  const item = compile(schema);
  if (!item) return undefined;
  return (data, path, errors) =>
    (data as unknown[]).every((value, i) => item(value, `${path}${step(i)}`, errors));
}

function propertiesCheck(properties: unknown): Check | undefined {
  if (typeof properties !== "object" || properties === null || Array.isArray(properties)) return undefined;
  const checks: Array<[string, Check]> = [];
  for (const [name, schema] of Object.entries(properties)) {
    if (name === "__proto__") continue;
    const check = compile(schema);
    if (!check) return undefined;
    checks.push([name, check]);
  }
  return (data, path, errors) => {
    const object = data as Record<string, unknown>;
    return checks.every(
      ([name, check]) => object[name] === undefined || check(object[name], `${path}${step(name)}`, errors),
    );
  };
}

function additionalCheck(schema: unknown, properties: unknown): Check | undefined {
  if (schema === true) return nothing;
  const extra = compile(schema);
  if (!extra) return undefined;
  const declared = typeof properties === "object" && properties !== null ? properties : {};
  const names = Object.keys(declared).filter((name) => name !== "__proto__");
  // ajv compares up to 8 names one by one and asks the properties object itself beyond that.
  const isDeclared =
    names.length > 8 ? (key: string) => Object.hasOwn(declared, key) : (key: string) => names.includes(key);
  return (data, path, errors) => {
    const object = data as Record<string, unknown>;
    for (const key in object) {
      if (isDeclared(key)) continue;
      if (schema === false) {
        errors.push(
          error(
            "additionalProperties",
            path,
            { additionalProperty: key },
            "must NOT have additional properties",
          ),
        );
      } else if (!extra(object[key], `${path}${step(key)}`, errors)) {
        return false;
      }
    }
    return true;
  };
}
