/**
 * What each field of an OpenAPI document holds, by where it stands (a schema, a parameter, a map of
 * responses…), and the component map a `$ref` to each kind names: the types document's map of the spec.
 * https://spec.openapis.org/oas/v3.1.0#schema
 */
import { SCHEMA_LISTS, SCHEMA_ONE as SCHEMA_ONE_SHARED } from "../../../runtime/contract/schema-defs.js";
import { SCHEMA_MAPS } from "./schema.js";

/** What a value is, by where it stands; `each:` marks a map or list of such values. */
export type Kind =
  | "document"
  | "components"
  | "pathItem"
  | "operation"
  | "callback"
  | "parameter"
  | "requestBody"
  | "response"
  | "header"
  | "mediaType"
  | "encoding"
  | "schema";
export type Slot = Kind | `each:${Kind}`;

export const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const SCHEMA_EACH = [...SCHEMA_MAPS, "$defs", "definitions"];
const SCHEMA_ONE = ["items", "additionalItems", ...SCHEMA_ONE_SHARED];

/** The kinds of the fields that hold typed values; `*` is any key. */
export const FIELDS: Record<Kind, Record<string, Slot>> = {
  document: {
    paths: "each:pathItem",
    webhooks: "each:pathItem",
    components: "components",
    $defs: "each:schema",
  },
  components: {
    schemas: "each:schema",
    responses: "each:response",
    parameters: "each:parameter",
    requestBodies: "each:requestBody",
    headers: "each:header",
    pathItems: "each:pathItem",
    callbacks: "each:callback",
  },
  pathItem: {
    parameters: "each:parameter",
    ...Object.fromEntries(METHODS.map((m): [string, Slot] => [m, "operation"])),
  },
  operation: {
    parameters: "each:parameter",
    requestBody: "requestBody",
    responses: "each:response",
    callbacks: "each:callback",
  },
  // Every key of a callback is a runtime expression naming a path item.
  callback: {},
  parameter: { schema: "schema", content: "each:mediaType" },
  header: { schema: "schema", content: "each:mediaType" },
  requestBody: { content: "each:mediaType" },
  response: { headers: "each:header", content: "each:mediaType" },
  mediaType: { schema: "schema", encoding: "each:encoding" },
  encoding: { headers: "each:header" },
  schema: {
    ...Object.fromEntries(SCHEMA_EACH.map((k): [string, Slot] => [k, "each:schema"])),
    ...Object.fromEntries(SCHEMA_LISTS.map((k): [string, Slot] => [k, "each:schema"])),
    ...Object.fromEntries(SCHEMA_ONE.map((k): [string, Slot] => [k, "schema"])),
  },
};

/** The component map openapi-typescript types for each kind a `$ref` can name. */
export const COMPONENTS: Partial<Record<Kind, string>> = {
  schema: "schemas",
  response: "responses",
  parameter: "parameters",
  requestBody: "requestBodies",
  header: "headers",
  pathItem: "pathItems",
};
