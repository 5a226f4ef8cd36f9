/**
 * Builds the request of an OpenAPI operation (or discovery-document method) from input grouped as
 * `{ path, query, header, cookie, body }`: the URL on the unit's own origin under `baseUrl`'s path,
 * parameters serialised per their style, the body per its media type, and auth headers last, so
 * input can never set or override them.
 */
import { UnitError } from "../../contract/errors.js";
import type {
  DiscoveryInvoke,
  OpenapiConnection,
  OpenapiInvoke,
  OpenapiParameter,
} from "../../contract/manifest.js";
import { checkedTarget, checkHeaderName, type HttpRequest } from "../http/request.js";
import { encodeBody } from "./body.js";
import { withStyle } from "./parameter-style.js";
import { headerValue, serializeCookies, serializePath, serializeQuery } from "./serialize.js";

type Data = Record<string, unknown>;

/** The connection fields requests need (the same for OpenAPI and discovery units). */
export type ApiConnection = Pick<OpenapiConnection, "baseUrl">;
/** An OpenAPI operation or a discovery-document method. */
export type ApiInvoke = OpenapiInvoke | DiscoveryInvoke;

const NO_BODY = new Set(["GET", "HEAD", "TRACE"]);

/** The input group `name` (`path`, `query`, …) as an object; absent → empty. */
function group(input: unknown, name: string): Data {
  if (typeof input !== "object" || input === null || !Object.hasOwn(input, name)) return {};
  const value = (input as Data)[name];
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new UnitError("INPUT_INVALID", `input.${name} must be an object`, {
      hint: `pass the ${name} parameters as input.${name}.<name>`,
    });
  }
  return value as Data;
}

/** The request URL: base URL (with its path prefix), the filled path and the query; never another origin. */
function buildApiUrl(
  connection: ApiConnection,
  path: string,
  parameters: readonly OpenapiParameter[],
  input: unknown,
): URL {
  const { origin, prefix } = checkedTarget(connection.baseUrl, path);
  const url = new URL(`${origin}${prefix}${serializePath(path, parameters, group(input, "path"))}`);
  if (url.origin !== origin || !url.pathname.startsWith(`${prefix}/`)) {
    throw new UnitError("INPUT_INVALID", `the request would leave ${origin}${prefix}/`, {
      hint: "path parameters name a resource; they cannot change the host or climb above baseUrl",
    });
  }
  const query = serializeQuery(parameters, group(input, "query"));
  if (query !== "") url.search = query;
  return url;
}

/** Header and cookie parameters; a header auth sets is skipped before its value is even read. */
function parameterHeaders(
  parameters: readonly OpenapiParameter[],
  input: unknown,
  auth: ReadonlyMap<string, string>,
) {
  const headers = new Map<string, string>();
  const values = group(input, "header");
  for (const parameter of parameters) {
    if (parameter.in !== "header" || !Object.hasOwn(values, parameter.name)) continue;
    const key = checkHeaderName(parameter.name);
    if (auth.has(key) || key === "cookie") continue;
    const value = values[parameter.name];
    if (value !== undefined && value !== null) headers.set(key, headerValue(parameter, value));
  }
  const cookies = auth.has("cookie") ? undefined : serializeCookies(parameters, group(input, "cookie"));
  if (cookies !== undefined) headers.set("cookie", cookies);
  return headers;
}

/** Each operation's parameters with their styles, filled in on its first call only. */
const styled = new WeakMap<ApiInvoke, OpenapiParameter[]>();

/**
 * The operation's parameters with OpenAPI's default styles, which the manifest leaves out, filled
 * in once for every reader of them.
 */
function styledParameters(invoke: ApiInvoke): OpenapiParameter[] {
  let parameters = styled.get(invoke);
  if (!parameters) {
    parameters = invoke.parameters.map(withStyle);
    styled.set(invoke, parameters);
  }
  return parameters;
}

/** The whole request; GET, HEAD and TRACE never carry a body. */
export function buildApiRequest(
  connection: ApiConnection,
  invoke: ApiInvoke,
  input: unknown,
  auth: ReadonlyMap<string, string>,
): HttpRequest {
  if (!Array.isArray(invoke.parameters)) {
    throw new UnitError("MANIFEST_INVALID", "the operation lists no parameters", {
      hint: "recompile the unit with unitc compile",
    });
  }
  const parameters = styledParameters(invoke);
  const url = buildApiUrl(connection, invoke.path, parameters, input);
  const headers = parameterHeaders(parameters, input, auth);
  headers.set("accept", "application/json, */*;q=0.8");
  let body: HttpRequest["body"];
  const value = typeof input === "object" && input !== null ? (input as Data).body : undefined;
  if (invoke.body && value !== undefined && !NO_BODY.has(invoke.method)) {
    const encoded = encodeBody(invoke.body, value);
    body = encoded.body;
    if (encoded.contentType !== undefined) headers.set("content-type", encoded.contentType);
  }
  for (const [key, value] of auth) headers.set(key, value);
  return { method: invoke.method, url, headers, body };
}
