/**
 * How an MCP tool becomes an operation: its description, input and output schemas, and how a call
 * result is returned. The compiler uses this to build operations; the runtime uses the same mapping
 * to recompute the schema hash of a tool a downstream lists now, so drift is measured alike. Both
 * map the tool as `listed-tool.ts` keeps it (shown text only, unsafe tools withheld).
 * https://modelcontextprotocol.io/specification/2025-06-18/server/tools#tool
 */

import type { JsonSchema, McpInvoke, ToolAnnotations } from "../../contract/manifest.js";
import { contentHash } from "../../shared/canonical.js";
import { shownText } from "../../shared/shown-text.js";
import { CALL_TOOL_RESULT_SCHEMA } from "./call-result-schema.js";

/** The parts of an MCP `Tool` the mapping reads (the SDK's type, loosened: it comes off the wire). */
export interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
}

export interface ToolOperation {
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations?: ToolAnnotations;
  invoke: McpInvoke;
}

/** Longest description kept; a downstream's text is untrusted and shown to agents. */
export const MAX_DESCRIPTION_CHARS = 4_000;

const ANNOTATION_HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A tool's description without invisible characters, cut to {@link MAX_DESCRIPTION_CHARS}. */
export function toolDescription(tool: ListedTool): string {
  const text = shownText(tool.description ?? tool.title ?? "", []).trim();
  return text.length > MAX_DESCRIPTION_CHARS ? `${text.slice(0, MAX_DESCRIPTION_CHARS)}…` : text;
}

/**
 * A tool schema in the dialect the runtime validates (2020-12): the top-level `$schema` and `$id`
 * are dropped (servers often declare draft-07, and a shared validator would clash on equal `$id`s).
 */
export function normalizeToolSchema(schema: unknown): JsonSchema {
  if (!isObject(schema)) return { type: "object" };
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/** Only the standard hints, and only when they have the right type: annotations are untrusted. */
function toolAnnotations(tool: ListedTool): ToolAnnotations | undefined {
  if (!isObject(tool.annotations)) return undefined;
  const source = tool.annotations;
  const kept: ToolAnnotations = {};
  if (typeof source.title === "string") kept.title = shownText(source.title, []);
  for (const hint of ANNOTATION_HINTS) if (typeof source[hint] === "boolean") kept[hint] = source[hint];
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** The operation a listed tool becomes. */
export function toolOperation(tool: ListedTool): ToolOperation {
  const structured = isObject(tool.outputSchema);
  const operation: ToolOperation = {
    description: toolDescription(tool),
    inputSchema: normalizeToolSchema(tool.inputSchema),
    outputSchema: structured ? normalizeToolSchema(tool.outputSchema) : CALL_TOOL_RESULT_SCHEMA,
    invoke: { kind: "mcp", tool: tool.name, result: structured ? "structured" : "callToolResult" },
  };
  const annotations = toolAnnotations(tool);
  if (annotations) operation.annotations = annotations;
  return operation;
}

/** The schema hash the manifest records for an operation (see `compiler/emit/manifest.ts`). */
export function schemaHash(inputSchema: JsonSchema, outputSchema: JsonSchema | undefined): string {
  return contentHash({ input: inputSchema, output: outputSchema ?? null });
}

/** The schema hash of a listed tool, as the compiled operation would record it. */
export function toolSchemaHash(tool: ListedTool): string {
  const operation = toolOperation(tool);
  return schemaHash(operation.inputSchema, operation.outputSchema);
}
