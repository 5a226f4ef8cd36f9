/**
 * The input schema of an API operation (OpenAPI or discovery document), grouped by where each value
 * goes:
 *
 *   { path?: {…}, query?: {…}, header?: {…}, cookie?: {…}, body?: … }
 *
 * one object per parameter location, keyed by the parameter's name and closed
 * (`additionalProperties: false`), plus the request body. A group is required when something in it
 * is; the whole input is closed too, so a misspelt group or parameter is an input error.
 */
import type { JsonSchema, ManifestParameter, OpenapiParameter } from "../../../runtime/contract/manifest.js";

/** A parameter with the schema of its value. */
export interface ParameterIR {
  parameter: ManifestParameter;
  schema: JsonSchema;
}

const GROUP_TITLES: Record<OpenapiParameter["in"], string> = {
  path: "Path parameters.",
  query: "Query parameters.",
  header: "Header parameters.",
  cookie: "Cookie parameters.",
};

/** The grouped input schema (not yet bundled with its `$defs`). */
export function inputSchema(
  parameters: readonly ParameterIR[],
  body?: { schema: JsonSchema; required: boolean },
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const location of ["path", "query", "header", "cookie"] as const) {
    const members = parameters.filter((p) => p.parameter.in === location);
    if (members.length === 0) continue;
    const names = members.filter((p) => p.parameter.required).map((p) => p.parameter.name);
    properties[location] = {
      type: "object",
      description: GROUP_TITLES[location],
      properties: Object.fromEntries(members.map((p) => [p.parameter.name, p.schema])),
      ...(names.length > 0 ? { required: names } : {}),
      additionalProperties: false,
    };
    if (names.length > 0) required.push(location);
  }
  if (body) {
    properties.body = body.schema;
    if (body.required) required.push("body");
  }
  return {
    type: "object",
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}
