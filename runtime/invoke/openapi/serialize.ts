/**
 * Parameter serialisation of OpenAPI operations (and discovery-document methods): path values as
 * `simple`, `label` or `matrix`, each piece percent-encoded so it stays inside its segment (dot-
 * segments rejected); query values as `form` (exploded or comma-joined), `spaceDelimited`,
 * `pipeDelimited` or `deepObject`; headers as `simple`; cookies as `form`. Header, query and cookie
 * values with CR, LF or NUL are rejected.
 * https://spec.openapis.org/oas/v3.1.0#style-values
 */
import { UnitError } from "../../contract/errors.js";
import type { OpenapiParameter } from "../../contract/manifest.js";
import { rejectControl } from "../http/request.js";
import { hasDotSegment, replacePlaceholders } from "../shared/template.js";

type Data = Record<string, unknown>;

/** Why a spec's path template cannot be used safely, or undefined when it can. */
export function pathTemplateProblem(path: string): string | undefined {
  if (!path.startsWith("/")) return "the path does not start with /";
  const literal = replacePlaceholders(path, () => "x");
  if (/[{}]/.test(literal)) return "the path has unbalanced braces";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is rejected
  if (/[?#\\\u0000-\u001f\u007f]/.test(literal)) return "the path holds ?, #, \\ or a control character";
  if (hasDotSegment(literal)) return "the path holds a dot-segment (. or ..)";
  return undefined;
}

/** A scalar's text; structured values nested inside a list or map are sent as JSON. */
function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The value as the parameter sends it: JSON text for a JSON `content` parameter. */
function prepared(parameter: OpenapiParameter, value: unknown): unknown {
  const type = parameter.contentType?.split(";")[0]?.trim().toLowerCase();
  if (type === undefined) return value;
  return type === "application/json" || type.endsWith("+json") ? JSON.stringify(value) : text(value);
}

function entries(value: object): Array<[string, string]> {
  return Object.entries(value).map(([key, item]) => [key, text(item)]);
}

/** Percent-encodes one path piece after rejecting empty values and dot-segments. */
function encodeSegment(parameter: OpenapiParameter, raw: string): string {
  const parts = raw.split(/[/\\]/);
  if (
    raw === "" ||
    parts.some((p) => p === "." || p === ".." || (parameter.allowReserved === true && p === ""))
  ) {
    throw new UnitError(
      "INPUT_INVALID",
      `path parameter ${parameter.name} must not be empty or a dot-segment`,
      {
        hint: "pass the identifier itself, not a relative path",
      },
    );
  }
  if (parameter.allowReserved === true) return raw.split("/").map(encodeReserved).join("/");
  return encodeURIComponent(raw);
}

/**
 * One segment of a reserved (`{+name}`) value: the reserved characters a path segment may hold
 * (`:`, `@` and the sub-delimiters) stay as written; `?`, `#`, `[`, `]` and the rest are encoded,
 * so the value never reaches into the query or fragment.
 */
function encodeReserved(segment: string): string {
  return encodeURIComponent(segment).replace(/%(3A|40|24|26|2B|2C|3B|3D)/g, (match) =>
    decodeURIComponent(match),
  );
}

function pathValue(parameter: OpenapiParameter, value: unknown): string {
  const encode = (raw: string) => encodeSegment(parameter, raw);
  const { style, explode } = parameter;
  const name = encodeURIComponent(parameter.name);
  if (Array.isArray(value)) {
    const items = value.map((item) => encode(text(item)));
    if (style === "label") return `.${items.join(explode ? "." : ",")}`;
    if (style === "matrix")
      return explode ? items.map((i) => `;${name}=${i}`).join("") : `;${name}=${items.join(",")}`;
    return items.join(",");
  }
  if (typeof value === "object" && value !== null) {
    const pairs = entries(value).map(([k, v]) => [encode(k), encode(v)] as const);
    const joined = explode ? pairs.map(([k, v]) => `${k}=${v}`) : [pairs.flat().join(",")];
    if (style === "label") return `.${joined.join(explode ? "." : ",")}`;
    if (style === "matrix") return explode ? joined.map((p) => `;${p}`).join("") : `;${name}=${joined[0]}`;
    return joined.join(",");
  }
  const single = encode(text(value));
  if (style === "label") return `.${single}`;
  if (style === "matrix") return `;${name}=${single}`;
  return single;
}

/** The path with every `{name}` filled from `values` (the input's `path` group). */
export function serializePath(
  template: string,
  parameters: readonly OpenapiParameter[],
  values: Data,
): string {
  return replacePlaceholders(template, (name) => {
    const parameter = parameters.find((p) => p.in === "path" && p.name === name);
    const value = parameter && Object.hasOwn(values, name) ? prepared(parameter, values[name]) : undefined;
    if (!parameter || value === undefined || value === null) {
      throw new UnitError("INPUT_INVALID", `path parameter ${name} is missing`, {
        hint: `pass input.path.${name}`,
      });
    }
    return pathValue(parameter, value);
  });
}

const q = (raw: string, where: string) => encodeURIComponent(rejectControl(raw, where));

function queryPairs(parameter: OpenapiParameter, value: unknown): string[] {
  const where = `query parameter ${parameter.name}`;
  const name = q(parameter.name, where);
  const { style, explode } = parameter;
  const separator = style === "spaceDelimited" ? "%20" : style === "pipeDelimited" ? "|" : ",";
  if (Array.isArray(value)) {
    const items = value.map((item) => q(text(item), where));
    if (explode || style === "deepObject") return items.map((i) => `${name}=${i}`);
    return [`${name}=${items.join(separator)}`];
  }
  if (typeof value === "object" && value !== null) {
    if (style === "deepObject") return deepPairs(name, value, where);
    const pairs = entries(value).map(([k, v]) => [q(k, where), q(v, where)] as const);
    if (explode) return pairs.map(([k, v]) => `${k}=${v}`);
    return [`${name}=${pairs.flat().join(separator)}`];
  }
  return [`${name}=${q(text(value), where)}`];
}

/** `filter[name]=x&filter[tags]=a&filter[tags]=b`; nested objects nest brackets. */
function deepPairs(prefix: string, value: object, where: string, depth = 0): string[] {
  return Object.entries(value).flatMap(([key, item]) => {
    const name = `${prefix}[${q(key, where)}]`;
    if (Array.isArray(item)) return item.map((i) => `${name}=${q(text(i), where)}`);
    if (typeof item === "object" && item !== null && depth < 8)
      return deepPairs(name, item, where, depth + 1);
    return item === undefined ? [] : [`${name}=${q(text(item), where)}`];
  });
}

/** The query string (without `?`) for the input's `query` group; empty when nothing is set. */
export function serializeQuery(parameters: readonly OpenapiParameter[], values: Data): string {
  return parameters
    .filter((p) => p.in === "query" && Object.hasOwn(values, p.name))
    .flatMap((p) => {
      const value = prepared(p, values[p.name]);
      return value === undefined || value === null ? [] : queryPairs(p, value);
    })
    .join("&");
}

/** A header value (`simple` style); CR, LF, NUL and characters beyond Latin-1 are rejected. */
export function headerValue(parameter: OpenapiParameter, raw: unknown): string {
  const value = prepared(parameter, raw);
  let result: string;
  if (Array.isArray(value)) result = value.map(text).join(",");
  else if (typeof value === "object" && value !== null) {
    const pairs = entries(value);
    result = parameter.explode ? pairs.map(([k, v]) => `${k}=${v}`).join(",") : pairs.flat().join(",");
  } else result = text(value);
  const where = `${parameter.in} parameter ${parameter.name}`;
  rejectControl(result, where);
  if ([...result].some((char) => (char.codePointAt(0) ?? 0) > 0xff)) {
    throw new UnitError("INPUT_INVALID", `${where} holds characters a header cannot carry`, {
      hint: "pass ASCII text",
    });
  }
  return result;
}

/** The `Cookie` header value for the input's `cookie` group, or undefined when it is empty. */
export function serializeCookies(parameters: readonly OpenapiParameter[], values: Data): string | undefined {
  const pairs = parameters
    .filter((p) => p.in === "cookie" && Object.hasOwn(values, p.name))
    .flatMap((p) => {
      const value = prepared(p, values[p.name]);
      if (value === undefined || value === null) return [];
      const encoded = (raw: string) => encodeURIComponent(rejectControl(raw, `cookie ${p.name}`));
      if (Array.isArray(value) && p.explode) return value.map((item) => `${p.name}=${encoded(text(item))}`);
      if (typeof value === "object" && value !== null && !Array.isArray(value) && p.explode) {
        return entries(value).map(([k, v]) => `${encodeURIComponent(k)}=${encoded(v)}`);
      }
      const flat = Array.isArray(value)
        ? value.map(text)
        : typeof value === "object"
          ? entries(value).flat()
          : [text(value)];
      return [`${p.name}=${flat.map(encoded).join(",")}`];
    });
  return pairs.length > 0 ? pairs.join("; ") : undefined;
}
