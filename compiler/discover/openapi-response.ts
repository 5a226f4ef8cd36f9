/**
 * OpenAPI Responses → the operation's output schema: the JSON schemas of its 2xx responses (one, or
 * `anyOf` of several), `null` for 204/205, a string for a text-only response. With no 2xx response
 * the `default` one counts. Unknown when nothing is described.
 * https://spec.openapis.org/oas/v3.1.0#responses-object
 */
import type { JsonSchema } from "../../runtime/manifest.js";
import { canonicalJson } from "../canonical.js";
import { convertSchema, type SchemaContext } from "./openapi-schema.js";
import type { SpecDocument } from "./spec-parse.js";

type Data = Record<string, unknown>;

/** The output schema of an operation's (dereferenced) `responses`, or undefined. */
export function convertResponses(
  responses: unknown,
  document: SpecDocument,
  pointer: string,
  context: SchemaContext,
): JsonSchema | undefined {
  if (typeof responses !== "object" || responses === null) return undefined;
  const codes = Object.keys(responses);
  const success = codes.filter((c) => /^2(\d\d|XX)$/i.test(c)).sort();
  const chosen = success.length > 0 ? success : codes.filter((c) => c === "default");
  const schemas = new Map<string, JsonSchema>();
  for (const code of chosen) {
    const at = `${pointer}/${code}`;
    const resolved = context.refs.deref((responses as Data)[code], document);
    if (!resolved || typeof resolved.value !== "object" || resolved.value === null) continue;
    const schema = responseSchema(
      code,
      resolved.value as Data,
      resolved.document,
      resolved.document === document ? at : "",
      context,
    );
    if (schema !== undefined) schemas.set(canonicalJson(schema), schema);
  }
  const found = [...schemas.values()];
  if (found.length <= 1) return found[0];
  return { anyOf: found };
}

function responseSchema(
  code: string,
  response: Data,
  document: SpecDocument,
  pointer: string,
  context: SchemaContext,
) {
  const content =
    typeof response.content === "object" && response.content !== null ? (response.content as Data) : {};
  const types = Object.keys(content);
  if (types.length === 0) return code === "204" || code === "205" ? { type: "null" } : undefined;
  const json =
    types.find((t) => isJson(t)) ??
    types.find((t) => t.includes("*") && typeof (content[t] as Data | null)?.schema === "object");
  if (json === undefined) return { type: "string" };
  const schema = (content[json] as Data | null)?.schema;
  if (schema === undefined) return {};
  const escaped = json.replace(/~/g, "~0").replace(/\//g, "~1");
  return convertSchema(schema, document, `${pointer}/content/${escaped}/schema`, context);
}

function isJson(mediaType: string): boolean {
  const essence = (mediaType.split(";")[0] ?? "").trim().toLowerCase();
  return essence === "application/json" || essence.endsWith("+json");
}
