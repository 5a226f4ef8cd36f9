/**
 * Templates in configured actions. A string that is exactly `$input` or `$input.a.b` takes that input
 * value as is; inside a longer string `$input.a.b` is replaced by the value's text. Path templates
 * use `{name}` placeholders, each filled with one percent-encoded segment.
 */
import { UnitError } from "../../contract/errors.js";

const WHOLE = /^\$input((?:\.[A-Za-z0-9_-]+)*)$/;
const INSIDE = /\$input((?:\.[A-Za-z0-9_-]+)+)/g;
/** A `{name}` placeholder of a path template: OpenAPI path templating, which actions share. */
const PLACEHOLDER = /\{([^{}]+)\}/g;

function segments(path: string): string[] {
  return path.split(".").filter((s) => s !== "");
}

/** Reads `a.b` from `input`; undefined when any step is missing. Own properties only. */
export function readInput(input: unknown, path: readonly string[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The input path of a whole-value template (`$input.a.b` → `["a","b"]`), or undefined. */
export function wholeInputPath(template: string): string[] | undefined {
  const match = WHOLE.exec(template);
  return match ? segments(match[1] ?? "") : undefined;
}

function textOf(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * Replaces each `$input.a.b` inside `template` with the value's text. The longest path that exists in
 * the input wins, so `$input.name.txt` reads `name` when `name` is a string. A missing value is an
 * `INPUT_INVALID` error naming `where`.
 */
export function substitute(template: string, input: unknown, where: string): string {
  return template.replace(INSIDE, (_match, dotted: string) => {
    const parts = segments(dotted);
    for (let n = parts.length; n > 0; n--) {
      const value = readInput(input, parts.slice(0, n));
      if (value !== undefined && value !== null)
        return (
          textOf(value) +
          parts
            .slice(n)
            .map((p) => `.${p}`)
            .join("")
        );
    }
    throw new UnitError("INPUT_INVALID", `${where} needs input.${parts[0]}, which is missing`, {
      hint: `pass ${parts[0]} in the input, or mark it required in the inputSchema`,
    });
  });
}

/** Expands a JSON template: whole-value strings take input values (absent ones are dropped). */
export function expandJson(template: unknown, input: unknown): unknown {
  if (typeof template === "string") {
    const path = wholeInputPath(template);
    return path ? readInput(input, path) : template;
  }
  if (Array.isArray(template)) return template.map((item) => expandJson(item, input) ?? null);
  if (typeof template === "object" && template !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(template)) {
      const expanded = expandJson(value, input);
      if (expanded !== undefined) out[key] = expanded;
    }
    return out;
  }
  return template;
}

/** The `{name}` placeholders of a path template, in order. */
export function pathPlaceholders(path: string): string[] {
  return [...path.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
}

/** The path with each `{name}` placeholder replaced by `fill(name)`. */
export function replacePlaceholders(path: string, fill: (name: string) => string): string {
  return path.replace(PLACEHOLDER, (_match, name: string) => fill(name));
}

/**
 * True when `path` holds a `.` or `..` segment, plain or percent-encoded (`%2e`, `.%2E`, ...), which
 * URL parsing would resolve and so climb above the base URL's path. Checked up to any `?` or `#`,
 * with `\` as a separator too, as the URL parser reads http(s) URLs.
 */
export function hasDotSegment(path: string): boolean {
  const [pathPart = ""] = path.split(/[?#]/, 1);
  return pathPart.split(/[/\\]/).some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

/**
 * Fills `{name}` placeholders from top-level input values, each percent-encoded as one segment.
 * Values that are or contain dot-segments (`.`, `..`) are rejected so no input can climb the path.
 */
export function fillPath(path: string, input: unknown): string {
  return replacePlaceholders(path, (name) => {
    const value = readInput(input, [name]);
    if (value === undefined || value === null || typeof value === "object") {
      throw new UnitError("INPUT_INVALID", `path parameter ${name} is missing or not a scalar`, {
        hint: `pass ${name} as a string or number`,
      });
    }
    const text = String(value);
    if (text === "" || text.split(/[/\\]/).some((part) => part === "." || part === "..")) {
      throw new UnitError("INPUT_INVALID", `path parameter ${name} must not be empty or a dot-segment`, {
        hint: "pass the identifier itself, not a relative path",
      });
    }
    return encodeURIComponent(text);
  });
}
