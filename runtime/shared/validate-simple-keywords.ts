/**
 * The plain validator's checks of the keywords that hold no subschema: ranges, multiples, counts,
 * patterns, formats, required names, `const` and `enum`, each with ajv's error for it.
 */

import { fullFormats } from "ajv-formats/dist/formats.js";
import { equalJson } from "./deep-equal.js";
import { UNITC_FORMATS } from "./unitc-formats.js";

/** One problem, in the shape of ajv's errors (the fields `describe` reads). */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Checks a value; `false` when it meets something only ajv can judge. */
export type Check = (data: unknown, path: string, errors: SchemaError[]) => boolean;

/** Passes anything: a schema of `true`, or a keyword ajv checks nothing for here. */
export const nothing: Check = () => true;

/** The formats ajv is given (ajv-formats' full set, then unitc's), by name. */
const FORMATS: Record<string, unknown> = { ...fullFormats, ...UNITC_FORMATS };
const LIMITS = {
  maximum: ["<=", (d: number, l: number) => d > l],
  minimum: [">=", (d: number, l: number) => d < l],
  exclusiveMaximum: ["<", (d: number, l: number) => d >= l],
  exclusiveMinimum: [">", (d: number, l: number) => d <= l],
} as const;

/** A schema's number as ajv writes it into its code, and so into errors: -0 becomes 0. */
export function written(value: number): number {
  return Number(String(value));
}

export function error(
  keyword: string,
  path: string,
  params: Record<string, unknown>,
  message: string,
): SchemaError {
  return { keyword, instancePath: path, params, message };
}

/** The checks of `const` and `enum`, which ajv runs whatever the data's type. */
export function untypedChecks(s: Record<string, unknown>): Check[] | undefined {
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

/** A range limit's check (`maximum`, `minimum`, `exclusiveMaximum`, `exclusiveMinimum`). */
export function limitCheck(keyword: keyof typeof LIMITS, value: unknown): Check | undefined {
  if (typeof value !== "number") return undefined;
  const [comparison, fails] = LIMITS[keyword];
  const limit = written(value);
  const message = `must be ${comparison} ${limit}`;
  return (data, path, errors) => {
    const n = data as number;
    if (fails(n, value) || Number.isNaN(n)) errors.push(error(keyword, path, { comparison, limit }, message));
    return true;
  };
}

export function multipleOfCheck(value: unknown): Check | undefined {
  if (typeof value !== "number" || !(value > 0)) return undefined;
  return (data, path, errors) => {
    const quotient = (data as number) / value;
    if (quotient !== Number.parseInt(String(quotient), 10)) {
      errors.push(error("multipleOf", path, { multipleOf: value }, `must be multiple of ${value}`));
    }
    return true;
  };
}

/** A count limit's check: `more`/`fewer` than `limit` of `what`. */
export function countCheck(
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

/**
 * A format's check in the group of data type `group`: none where ajv checks nothing there (a format
 * of the other type, one that checks nothing, or one it does not know, which it ignores as strict
 * is off); undefined for a format given some way this validator does not follow.
 */
export function formatCheck(name: unknown, group: string): Check | undefined {
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
export function codePoints(text: string): number {
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

export function patternCheck(pattern: unknown): Check | undefined {
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

export function requiredCheck(names: unknown): Check | undefined {
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
