/**
 * A discovery-document method → an operation called like an OpenAPI one: path and query parameters
 * (`repeated` ones are arrays sent as repeated query keys; `{+name}` path parameters may span
 * segments), the request schema as a JSON body, the response schema as output, and the method's
 * OAuth scopes kept in the manifest.
 * https://developers.google.com/discovery/v1/reference/apis#method
 */

import type {
  DiscoveryInvoke,
  JsonSchema,
  OpenapiMethod,
  OpenapiParameter,
  ToolAnnotations,
} from "../../../runtime/contract/manifest.js";
import { withoutDefaultStyle } from "../../../runtime/invoke/openapi/parameter-style.js";
import { pathTemplateProblem } from "../../../runtime/invoke/openapi/serialize.js";
import { inputSchema, type ParameterIR } from "../openapi/input.js";
import { plainReserved } from "../shared/reserved-expansion.js";
import type { OperationIR } from "../shared/types.js";
import type { SchemaDefs } from "../sources/defs.js";
import { coerce, convertDiscoverySchema, type DiscoverySchemaContext } from "./schema.js";

type Data = Record<string, unknown>;

export interface DiscoveryMethodContext extends DiscoverySchemaContext {
  defs: SchemaDefs;
}

const METHODS = new Set(["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH"]);

/** Converts the method at `pointer` into the operation `name`; a reason instead when it cannot be called. */
export function convertDiscoveryMethod(
  method: Data,
  pointer: string,
  name: string,
  context: DiscoveryMethodContext,
): { operation: OperationIR } | { skipped: string } {
  const httpMethod = String(method.httpMethod ?? "").toUpperCase();
  if (!METHODS.has(httpMethod))
    return { skipped: `its httpMethod ${JSON.stringify(method.httpMethod)} is not one unitc can send` };
  if (typeof method.path !== "string") return { skipped: "it has no path" };
  const badOperator = [...method.path.matchAll(/\{([^{}A-Za-z0-9_+])/g)][0];
  if (badOperator)
    return { skipped: `its path uses the URI template operator ${JSON.stringify(badOperator[1])}` };
  const { path, reserved } = plainReserved(`/${method.path.replace(/^\/+/, "")}`);
  const problem = pathTemplateProblem(path);
  if (problem) return { skipped: problem };
  const parameters = methodParameters(method, pointer, context, reserved);
  if ("skipped" in parameters) return parameters;
  const request = (method.request ?? undefined) as Data | undefined;
  const body =
    request && httpMethod !== "GET" && httpMethod !== "HEAD"
      ? { schema: convertDiscoverySchema(request, `${pointer}/request`, context), required: true }
      : undefined;
  const invoke: DiscoveryInvoke = {
    kind: "discovery",
    method: httpMethod as OpenapiMethod,
    path,
    parameters: parameters.list.map((p) => p.parameter),
    ...(body ? { body: { contentType: "application/json", required: true } } : {}),
    ...(Array.isArray(method.scopes)
      ? { scopes: method.scopes.filter((s): s is string => typeof s === "string") }
      : {}),
  };
  const output =
    method.response === undefined
      ? undefined
      : convertDiscoverySchema(method.response, `${pointer}/response`, context);
  const operation: OperationIR = {
    name,
    description:
      typeof method.description === "string" && method.description.trim() !== ""
        ? method.description
        : `${httpMethod} ${path}`,
    inputSchema: context.defs.bundle(inputSchema(parameters.list, body)),
    annotations: annotate(httpMethod),
    invoke,
  };
  if (output !== undefined) operation.outputSchema = context.defs.bundle(output);
  return { operation };
}

/** Path and query parameters in `parameterOrder` first, then the rest in document order. */
function methodParameters(
  method: Data,
  pointer: string,
  context: DiscoveryMethodContext,
  reserved: ReadonlySet<string>,
): { list: ParameterIR[] } | { skipped: string } {
  const declared = (
    typeof method.parameters === "object" && method.parameters !== null ? method.parameters : {}
  ) as Data;
  const order = Array.isArray(method.parameterOrder)
    ? method.parameterOrder.filter((n): n is string => typeof n === "string")
    : [];
  const names = [...new Set([...order.filter((n) => Object.hasOwn(declared, n)), ...Object.keys(declared)])];
  const list: ParameterIR[] = [];
  for (const name of names) {
    const raw = (declared[name] ?? {}) as Data;
    const location = raw.location;
    if (location !== "path" && location !== "query") {
      if (raw.required === true)
        return { skipped: `parameter ${JSON.stringify(name)} is in ${JSON.stringify(location)}` };
      continue;
    }
    const at = `${pointer}/parameters/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    const { repeated, location: _location, required: _required, ...rest } = raw;
    const value = convertDiscoverySchema(rest, at, context);
    const schema: JsonSchema = repeated === true ? arrayOf(value, raw) : value;
    const parameter: OpenapiParameter = {
      name,
      in: location,
      style: location === "path" ? "simple" : "form",
      explode: location === "query",
      required: location === "path" || raw.required === true,
      ...(reserved.has(name) ? { allowReserved: true } : {}),
    };
    list.push({ parameter: withoutDefaultStyle(parameter), schema });
  }
  return { list };
}

/** A `repeated` parameter: an array of the value's schema, keeping the description on the array. */
function arrayOf(value: JsonSchema, raw: Data): JsonSchema {
  if (typeof value === "boolean") return { type: "array", items: value };
  const { description, default: fallback, ...item } = value;
  return {
    type: "array",
    items: item,
    ...(typeof description === "string" ? { description } : {}),
    ...(fallback === undefined ? {} : { default: [coerce(fallback, raw.type)] }),
  };
}

function annotate(method: string): ToolAnnotations {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return { readOnlyHint: true };
  if (method === "DELETE") return { destructiveHint: true, idempotentHint: true };
  return method === "PUT" ? { idempotentHint: true } : {};
}
