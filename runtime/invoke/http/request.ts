/**
 * Builds the request of a configured HTTP action: URL on the unit's own origin, query and headers from
 * templates, auth headers last (input can never override them), and the JSON body.
 */
import { UnitError } from "../../contract/errors.js";
import type { AuthConfig, HttpApiConnection, HttpInvoke } from "../../contract/manifest.js";
import { referencedVariables, resolveReference, type StoredSecrets } from "../../shared/references.js";
import { isSlash, trimWhere } from "../../shared/trim.js";
import {
  expandJson,
  fillPath,
  hasDotSegment,
  readInput,
  substitute,
  wholeInputPath,
} from "../shared/template.js";
import { forbiddenHeaderList, headerNameProblem, isCredentialHeader } from "./header-rules.js";

/** A request ready to send; `headers` are keyed by lower-case name. */
export interface HttpRequest {
  /** An HTTP action's method, or any other an OpenAPI operation names (TRACE included). */
  method: HttpInvoke["method"] | "TRACE";
  url: URL;
  headers: Map<string, string>;
  /** Bodies that can be sent again on a same-origin redirect (no streams). */
  body: string | URLSearchParams | FormData | Blob | undefined;
}

/** Auth headers to send plus every resolved secret, so errors and results can be redacted. */
export interface ResolvedAuth {
  headers: Map<string, string>;
  secrets: string[];
}

const CONTROL = /[\r\n\0]/;

/** Throws `INPUT_INVALID` when `value` holds CR, LF or NUL (header and query injection). */
export function rejectControl(value: string, where: string): string {
  if (CONTROL.test(value)) {
    throw new UnitError("INPUT_INVALID", `${where} must not contain CR, LF or NUL`, {
      hint: "pass a single-line value",
    });
  }
  return value;
}

/** The lower-case header name; throws `MANIFEST_INVALID` for an invalid or framing header name. */
export function checkHeaderName(name: string): string {
  if (headerNameProblem(name) !== undefined) {
    throw new UnitError("MANIFEST_INVALID", `header ${JSON.stringify(name)} cannot be configured`, {
      hint: `use a valid header name other than ${forbiddenHeaderList("or")}`,
    });
  }
  return name.toLowerCase();
}

/**
 * Expands one query or header template. A whole-value template (`$input.x`) yields no value when the
 * input value is absent or null and one value per element of an array; other strings are substituted.
 */
function expandValues(template: string, input: unknown, where: string): string[] {
  const path = wholeInputPath(template);
  if (!path) return [rejectControl(substitute(template, input, where), where)];
  const value = readInput(input, path);
  const items = Array.isArray(value) ? value : [value];
  return items
    .filter((item) => item !== undefined && item !== null)
    .map((item) => {
      if (typeof item === "object") {
        throw new UnitError("INPUT_INVALID", `${where} takes a scalar or a list of scalars, not an object`, {
          hint: `pass input.${path.join(".")} as a string, number or boolean`,
        });
      }
      return rejectControl(String(item), where);
    });
}

/** Base URLs already checked, and the paths of HTTP actions with no dot-segment: checked once, not per call. */
const targets = new Map<string, { origin: string; prefix: string }>();
const cleanPaths = new Set<string>();
const MAX_CACHED = 1024;

/**
 * The manifest's base URL (http or https) and path template, checked; `prefix` is the base URL's
 * path without a trailing slash, which every request path is appended to.
 */
export function checkedTarget(baseUrl: string, path: string): { origin: string; prefix: string } {
  const target = targets.get(baseUrl) ?? checkedBase(baseUrl);
  if (!path.startsWith("/")) {
    throw new UnitError("MANIFEST_INVALID", `path ${JSON.stringify(path)} must start with /`);
  }
  return target;
}

function checkedBase(baseUrl: string): { origin: string; prefix: string } {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new UnitError("MANIFEST_INVALID", `baseUrl ${JSON.stringify(baseUrl)} is not a URL`);
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") {
    throw new UnitError("MANIFEST_INVALID", `baseUrl must be http or https, not ${base.protocol}`);
  }
  const target = { origin: base.origin, prefix: trimWhere(base.pathname, isSlash, "end") };
  if (targets.size >= MAX_CACHED) targets.clear();
  targets.set(baseUrl, target);
  return target;
}

/** Throws `MANIFEST_INVALID` when an action's path template holds a dot-segment. */
function checkPath(path: string): void {
  if (cleanPaths.has(path)) return;
  // Validation refuses these; a manifest written by hand or by an older unitc is checked again here.
  if (hasDotSegment(path)) {
    throw new UnitError("MANIFEST_INVALID", `path ${JSON.stringify(path)} holds a dot-segment`, {
      hint: "write the path below baseUrl without . or .. segments, then recompile the unit",
    });
  }
  if (cleanPaths.size >= MAX_CACHED) cleanPaths.clear();
  cleanPaths.add(path);
}

/** The request URL: base URL (with its path prefix) plus the filled path; never another origin. */
export function buildUrl(connection: HttpApiConnection, invoke: HttpInvoke, input: unknown): URL {
  const { origin, prefix } = checkedTarget(connection.baseUrl, invoke.path);
  checkPath(invoke.path);
  const url = new URL(`${origin}${prefix}${fillPath(invoke.path, input)}`);
  if (url.origin !== origin) {
    throw new UnitError("INPUT_INVALID", `the request would leave ${origin}`, {
      hint: "path parameters name a resource; they cannot change the host",
    });
  }
  for (const [name, template] of Object.entries(invoke.query ?? {})) {
    for (const value of expandValues(template, input, `query ${name}`)) url.searchParams.append(name, value);
  }
  return url;
}

function secretsOf(reference: string, resolved: string, env: Record<string, string | undefined>): string[] {
  const values = referencedVariables(reference).map((name) => env[name]);
  return [resolved, ...values.filter((value): value is string => value !== undefined)];
}

/**
 * Resolves the unit's auth into headers (`stored`: its `file:` and `vault:` references, read before).
 * Throws `MissingVariableError` for an unset variable and `UNSUPPORTED_BACKEND` for OAuth, which
 * HTTP-based calls get from runtime/invoke/http/call-auth.ts instead (remote MCP units do not have it yet).
 */
export function resolveAuth(
  auth: AuthConfig,
  env: Record<string, string | undefined>,
  stored?: StoredSecrets,
): ResolvedAuth {
  const headers = new Map<string, string>();
  const secrets: string[] = [];
  switch (auth.type) {
    case "none":
      break;
    case "bearer": {
      const token = resolveReference(auth.token, env, stored);
      headers.set("authorization", rejectControl(`Bearer ${token}`, "auth header Authorization"));
      secrets.push(...secretsOf(auth.token, token, env));
      break;
    }
    case "headers":
      for (const [name, reference] of Object.entries(auth.headers)) {
        const value = resolveReference(reference, env, stored);
        secrets.push(...secretsOf(reference, value, env));
        headers.set(checkHeaderName(name), rejectControl(value, `auth header ${name}`));
      }
      break;
    default:
      throw new UnitError("UNSUPPORTED_BACKEND", `auth type ${auth.type} is not supported here yet`, {
        hint: "use bearer or headers auth with an env: reference here",
      });
  }
  return { headers, secrets };
}

/**
 * Adds an action's credential-bearing headers (validation makes them secret references) to the
 * resolved auth: resolved from the environment, redacted like auth, and never built from input.
 * The unit's auth wins over an action header of the same name.
 */
export function withCredentialHeaders(
  auth: ResolvedAuth,
  headers: Record<string, string> | undefined,
  env: Record<string, string | undefined>,
  stored?: StoredSecrets,
): ResolvedAuth {
  const credentials = new Map<string, string>();
  const secrets = [...auth.secrets];
  for (const [name, reference] of Object.entries(headers ?? {})) {
    if (!isCredentialHeader(name)) continue;
    const value = resolveReference(reference, env, stored);
    secrets.push(...secretsOf(reference, value, env));
    credentials.set(checkHeaderName(name), rejectControl(value, `header ${name}`));
  }
  if (credentials.size === 0) return auth;
  return { headers: new Map([...credentials, ...auth.headers]), secrets };
}

/** Configured headers from templates, then auth headers, which replace any header of the same name. */
export function buildHeaders(
  invoke: HttpInvoke,
  input: unknown,
  auth: Map<string, string>,
): Map<string, string> {
  const headers = new Map<string, string>();
  for (const [name, template] of Object.entries(invoke.headers ?? {})) {
    const key = checkHeaderName(name);
    // Skipped before expansion: input must not even influence a header that auth owns.
    if (auth.has(key)) continue;
    const values = expandValues(template, input, `header ${name}`);
    if (values.length > 0) headers.set(key, values.join(", "));
  }
  for (const [key, value] of auth) headers.set(key, value);
  return headers;
}

/** The whole request. GET and HEAD never carry a body, even when `jsonBody` is configured. */
export function buildRequest(
  connection: HttpApiConnection,
  invoke: HttpInvoke,
  input: unknown,
  auth: ResolvedAuth,
): HttpRequest {
  const url = buildUrl(connection, invoke, input);
  const headers = buildHeaders(invoke, input, auth.headers);
  let body: string | undefined;
  if (invoke.jsonBody !== undefined && invoke.method !== "GET" && invoke.method !== "HEAD") {
    const value = expandJson(invoke.jsonBody, input);
    body = value === undefined ? undefined : JSON.stringify(value);
  }
  if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  return { method: invoke.method, url, headers, body };
}
