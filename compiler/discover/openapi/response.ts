/**
 * OpenAPI Responses → the operation's output schema: the JSON schemas of its 2xx responses (one, or
 * `anyOf` of several), `null` for 204/205, a string for a text-only response. With no 2xx response
 * the `default` one counts. Unknown when nothing is described. Each chosen response also says where
 * its type is in openapi-typescript's types of the spec.
 * https://spec.openapis.org/oas/v3.1.0#responses-object
 */
import type { JsonSchema } from "../../../runtime/contract/manifest.js";
import { canonicalJson } from "../../shared/canonical.js";
import type { SpecDocument } from "../sources/parse.js";
import { convertSchema, type SchemaContext } from "./schema.js";
import type { ResponseTypeIR } from "./type-refs.js";

type Data = Record<string, unknown>;

interface Converted {
  schema: JsonSchema;
  type: ResponseTypeIR;
}

/** The output schema of an operation's (dereferenced) `responses` (or undefined), and its types. */
export function convertResponses(
  responses: unknown,
  document: SpecDocument,
  pointer: string,
  context: SchemaContext,
): { schema?: JsonSchema; types: ResponseTypeIR[] } {
  if (typeof responses !== "object" || responses === null) return { types: [] };
  const codes = Object.keys(responses);
  const success = codes.filter((c) => /^2(\d\d|XX)$/i.test(c)).sort();
  const chosen = success.length > 0 ? success : codes.filter((c) => c === "default");
  const schemas = new Map<string, JsonSchema>();
  const types: ResponseTypeIR[] = [];
  for (const code of chosen) {
    const at = `${pointer}/${code}`;
    const resolved = context.refs.deref((responses as Data)[code], document);
    if (!resolved || typeof resolved.value !== "object" || resolved.value === null) continue;
    const found = responseSchema(
      code,
      resolved.value as Data,
      resolved.document,
      resolved.document === document ? at : "",
      context,
    );
    if (found === undefined) continue;
    schemas.set(canonicalJson(found.schema), found.schema);
    types.push(found.type);
  }
  const found = [...schemas.values()];
  if (found.length <= 1) return { ...(found[0] === undefined ? {} : { schema: found[0] }), types };
  return { schema: { anyOf: found }, types };
}

function responseSchema(
  code: string,
  response: Data,
  document: SpecDocument,
  pointer: string,
  context: SchemaContext,
): Converted | undefined {
  const content =
    typeof response.content === "object" && response.content !== null ? (response.content as Data) : {};
  const types = Object.keys(content);
  if (types.length === 0) {
    return code === "204" || code === "205"
      ? { schema: { type: "null" }, type: { fixed: "null" } }
      : undefined;
  }
  const json =
    types.find((t) => isJson(t)) ??
    types.find((t) => t.includes("*") && typeof (content[t] as Data | null)?.schema === "object");
  if (json === undefined) return { schema: { type: "string" }, type: { fixed: "string" } };
  const schema = (content[json] as Data | null)?.schema;
  if (schema === undefined) return { schema: {}, type: { fixed: "unknown" } };
  const escaped = json.replace(/~/g, "~0").replace(/\//g, "~1");
  return {
    schema: convertSchema(schema, document, `${pointer}/content/${escaped}/schema`, context),
    type: { code, mediaType: json },
  };
}

function isJson(mediaType: string): boolean {
  const essence = (mediaType.split(";")[0] ?? "").trim().toLowerCase();
  return essence === "application/json" || essence.endsWith("+json");
}
