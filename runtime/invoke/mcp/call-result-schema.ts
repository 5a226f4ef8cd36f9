/**
 * JSON Schema of an MCP `CallToolResult`: the declared result of a tool that has no output schema,
 * so generated clients type it as content blocks rather than `unknown`.
 * https://modelcontextprotocol.io/specification/2025-06-18/server/tools#tool-result
 */
import type { JsonSchema } from "../../contract/manifest.js";

const meta = { type: "object", additionalProperties: true, description: "Metadata the server attached." };
const annotations = { $ref: "#/$defs/Annotations" };
const string = { type: "string" };

/** A content block `{ type, <payload fields>, annotations?, _meta? }`. */
function block(type: string, fields: Record<string, unknown>, required: string[]): Record<string, unknown> {
  return {
    type: "object",
    properties: { type: { const: type }, ...fields, annotations, _meta: meta },
    required: ["type", ...required],
  };
}

function contents(payload: "text" | "blob"): Record<string, unknown> {
  return {
    type: "object",
    properties: { uri: string, mimeType: string, [payload]: string, _meta: meta },
    required: ["uri", payload],
  };
}

/** The result of calling a tool that declares no output schema. */
export const CALL_TOOL_RESULT_SCHEMA: JsonSchema = {
  type: "object",
  description:
    "What the MCP tool returned: content blocks, plus structured content when the server sends any.",
  properties: {
    content: { type: "array", items: { $ref: "#/$defs/ContentBlock" } },
    structuredContent: { description: "A structured result, when the server sends one." },
    isError: { type: "boolean", description: "Always false or absent here: tool errors are thrown." },
    _meta: meta,
  },
  required: ["content"],
  $defs: {
    ContentBlock: {
      anyOf: ["TextContent", "ImageContent", "AudioContent", "ResourceLink", "EmbeddedResource"].map(
        (name) => ({ $ref: `#/$defs/${name}` }),
      ),
    },
    TextContent: block("text", { text: string }, ["text"]),
    ImageContent: block("image", { data: string, mimeType: string }, ["data", "mimeType"]),
    AudioContent: block("audio", { data: string, mimeType: string }, ["data", "mimeType"]),
    ResourceLink: block(
      "resource_link",
      {
        uri: string,
        name: string,
        title: string,
        description: string,
        mimeType: string,
        size: { type: "number" },
      },
      ["uri", "name"],
    ),
    EmbeddedResource: block(
      "resource",
      {
        resource: {
          anyOf: [{ $ref: "#/$defs/TextResourceContents" }, { $ref: "#/$defs/BlobResourceContents" }],
        },
      },
      ["resource"],
    ),
    TextResourceContents: contents("text"),
    BlobResourceContents: contents("blob"),
    Annotations: {
      type: "object",
      properties: {
        audience: { type: "array", items: { enum: ["user", "assistant"] } },
        priority: { type: "number" },
        lastModified: string,
      },
    },
  },
};
