/**
 * A validator for the plain JSON Schemas most operation inputs are (types, properties, required,
 * enums, constants, lengths, ranges, patterns, arrays and maps of them) that answers exactly what
 * ajv, set up as `validate-input.ts` sets it up, would: the same errors in the same order (a
 * property test over random schemas and values holds the two together). It spares a one-shot
 * `unitc call`, and any process's first call, loading ajv and compiling the schema, which is a
 * fifth of such a call's time. A schema with any other keyword (`$ref`, `anyOf`, `format`,
 * `nullable`…), or a value it cannot compare as JSON, is left to ajv: `undefined` says so.
 */

import { fullFormats } from "ajv-formats/dist/formats.js";
import { UNITC_FORMATS } from "./unitc-formats.js";

/** One problem, in the shape of ajv's errors (the fields `describe` reads). */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Checks a value; `false` when it meets something only ajv can judge. */
type Check = (data: unknown, path: string, errors: SchemaError[]) => boolean;

/** Passes anything: a schema of `true`, or a keyword ajv checks nothing for here. */
const nothing: Check = () => true;

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
/** The formats ajv is given (ajv-formats' full set, then unitc's), by name. */
const FORMATS: Record<string, unknown> = { ...fullFormats, ...UNITC_FORMATS };
const LIMITS = {
  maximum: ["<=", (d: number, l: number) => d > l],
  minimum: [">=", (d: number, l: number) => d < l],
  exclusiveMaximum: ["<", (d: number, l: number) => d >= l],
  exclusiveMinimum: [">", (d: number, l: number) => d <= l],
} as const;

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

/** A schema's number as ajv writes it into its code, and so into errors: -0 becomes 0. */
function written(value: number): number {
  return Number(String(value));
}

function error(keyword: string, path: string, params: Record<string, unknown>, message: string): SchemaError {
  return { keyword, instancePath: path, params, message };
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

function untypedChecks(s: Record<string, unknown>): Check[] | undefined {
  const steps: Check[] = [];
  if (s.const !== undefined) {
    const value = typeof s.const === "number" ? written(s.const) : s.const;
    const deep = typeof value === "object" && value !== null;
    steps.push((data, path, errors) => {
      const same = deep ? equalJson(data, value) : data === value;
      if (same === undefined) return false;
      if (!same) errors.push(error("const", path, { allowedValue: value }, "must be equal to constant"));
      return true;
    });
  }
  if (s.enum !== undefined) {
    if (!Array.isArray(s.enum) || s.enum.length === 0) return undefined;
    const values = s.enum;
    steps.push((data, path, errors) => {
      let found = false;
      for (const value of values) {
        // ajv compares objects deeply and anything else by ===, and stops at the first match.
        const same = typeof value === "object" && value !== null ? equalJson(data, value) : data === value;
        if (same === undefined) return false;
        if (same) {
          found = true;
          break;
        }
      }
      if (!found) {
        errors.push(
          error("enum", path, { allowedValues: values }, "must be equal to one of the allowed values"),
        );
      }
      return true;
    });
  }
  return steps;
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

/** A count limit's check: `more`/`fewer` than `limit` of `what`. */
function countCheck(
  keyword: string,
  value: unknown,
  what: string,
  count: (data: never) => number,
): Check | undefined {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) return undefined;
  const limit = written(value);
  const max = keyword.startsWith("max");
  const message = `must NOT have ${max ? "more" : "fewer"} than ${limit} ${what}`;
  return (data, path, errors) => {
    const n = count(data as never);
    if (max ? n > limit : n < limit) errors.push(error(keyword, path, { limit }, message));
    return true;
  };
}

function keywordCheck(keyword: string, s: Record<string, unknown>, group: string): Check | undefined {
  const value = s[keyword];
  switch (keyword) {
    case "maximum":
    case "minimum":
    case "exclusiveMaximum":
    case "exclusiveMinimum": {
      if (typeof value !== "number") return undefined;
      const [comparison, fails] = LIMITS[keyword];
      const limit = written(value);
      const message = `must be ${comparison} ${limit}`;
      return (data, path, errors) => {
        const n = data as number;
        if (fails(n, value) || Number.isNaN(n))
          errors.push(error(keyword, path, { comparison, limit }, message));
        return true;
      };
    }
    case "multipleOf": {
      if (typeof value !== "number" || !(value > 0)) return undefined;
      return (data, path, errors) => {
        const quotient = (data as number) / value;
        if (quotient !== Number.parseInt(String(quotient), 10)) {
          errors.push(error(keyword, path, { multipleOf: value }, `must be multiple of ${value}`));
        }
        return true;
      };
    }
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

/**
 * A format's check in the group of data type `group`: none where ajv checks nothing there (a format
 * of the other type, one that checks nothing, or one it does not know, which it ignores as strict
 * is off); undefined for a format given some way this validator does not follow.
 */
function formatCheck(name: unknown, group: string): Check | undefined {
  if (typeof name !== "string") return undefined;
  const format = Object.hasOwn(FORMATS, name) ? FORMATS[name] : true;
  if (format === true) return nothing;
  let type = "string";
  let test: unknown = format;
  if (typeof format === "object" && format !== null && !(format instanceof RegExp)) {
    const definition = format as { type?: string; validate?: unknown; async?: boolean };
    if (definition.async) return undefined;
    type = definition.type ?? "string";
    test = definition.validate;
  }
  if (type !== group) return nothing;
  const passes =
    test instanceof RegExp
      ? (data: unknown) => test.test(data as string)
      : typeof test === "function"
        ? (data: unknown) => Boolean(test(data))
        : undefined;
  if (!passes) return undefined;
  const message = `must match format "${name}"`;
  return (data, path, errors) => {
    if (!passes(data)) errors.push(error("format", path, { format: name }, message));
    return true;
  };
}

/** A string's length in code points, as ajv counts it (a surrogate pair is one character). */
function codePoints(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    length++;
    const unit = text.charCodeAt(i);
    if (
      unit >= 0xd800 &&
      unit <= 0xdbff &&
      i + 1 < text.length &&
      (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00
    )
      i++;
  }
  return length;
}

function patternCheck(pattern: unknown): Check | undefined {
  // The meta-schema's "regex" format (ajv-formats) refuses an unescaped \Z: ajv's to report.
  if (typeof pattern !== "string" || /[^\\]\\Z/.test(pattern)) return undefined;
  let regExp: RegExp;
  try {
    regExp = new RegExp(pattern, "u");
  } catch {
    return undefined;
  }
  const message = `must match pattern "${pattern}"`;
  return (data, path, errors) => {
    if (!regExp.test(data as string)) errors.push(error("pattern", path, { pattern }, message));
    return true;
  };
}

function requiredCheck(names: unknown): Check | undefined {
  if (!Array.isArray(names) || !names.every((name) => typeof name === "string")) return undefined;
  if (new Set(names).size !== names.length) return undefined;
  return (data, path, errors) => {
    const object = data as Record<string, unknown>;
    for (const name of names as string[]) {
      if (object[name] === undefined) {
        const message = `must have required property '${name}'`;
        errors.push(error("required", path, { missingProperty: name }, message));
      }
    }
    return true;
  };
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

/**
 * Whether two values are equal as ajv's deep equality (fast-deep-equal) finds them; undefined where
 * it would go by a value's own `valueOf` or `toString` (a RegExp, or an object with such a key),
 * which ajv is left to judge.
 */
function equalJson(a: unknown, b: unknown): boolean | undefined {
  if (a === b) return true;
  // Two NaNs are equal to it.
  if (!a || !b || typeof a !== "object" || typeof b !== "object") return Number.isNaN(a) && Number.isNaN(b);
  if (a.constructor !== b.constructor) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = a.length - 1; i >= 0; i--) {
      const same = equalJson(a[i], other[i]);
      if (same !== true) return same;
    }
    return true;
  }
  if (
    a.constructor === RegExp ||
    a.valueOf !== Object.prototype.valueOf ||
    a.toString !== Object.prototype.toString
  )
    return undefined;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (let i = keys.length - 1; i >= 0; i--) if (!Object.hasOwn(y, keys[i] as string)) return false;
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i] as string;
    const same = equalJson(x[key], y[key]);
    if (same !== true) return same;
  }
  return true;
}
