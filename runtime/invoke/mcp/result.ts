/**
 * A `tools/call` result becomes the call's value: the structured content of a tool that declares an
 * output schema, else the whole `CallToolResult`. A result flagged `isError` becomes a thrown
 * `MCP_TOOL_ERROR` with the tool's text. Resolved secrets never pass through, and a value longer
 * than the unit's `maxResponseBytes` is cut with a marker (`result-cap.ts`), or refused when it is
 * structured: half a JSON value is no value.
 */
import { UnitError } from "../../contract/errors.js";
import type { McpInvoke } from "../../contract/manifest.js";
import { head, redactJson } from "../../shared/redact.js";
import type { InvokeResult } from "../shared/types.js";
import { capResult, jsonBytes } from "./result-cap.js";

/** Longest tool error text kept in a message. */
const ERROR_TEXT_CHARS = 2_000;

/** The parts of a `CallToolResult` read here. */
export interface CallResult {
  content?: unknown;
  structuredContent?: unknown;
  isError?: boolean;
  [key: string]: unknown;
}

/** The text blocks of a result, joined. */
export function resultText(result: CallResult): string {
  const blocks = Array.isArray(result.content) ? result.content : [];
  return blocks
    .filter((b): b is { type: "text"; text: string } => b?.type === "text" && typeof b.text === "string")
    .map((b) => b.text)
    .join("\n");
}

/** A structured result sent only as JSON text (older servers) is read from there. */
function structuredValue(result: CallResult, where: string): unknown {
  if (result.structuredContent !== undefined) return result.structuredContent;
  const text = resultText(result);
  try {
    return JSON.parse(text);
  } catch {
    throw new UnitError(
      "OUTPUT_INVALID",
      `${where} declares an output schema but returned no structured content`,
      {
        excerpt: head(text, ERROR_TEXT_CHARS),
        hint: "the downstream server breaks its own output schema; recompile if it changed, or report it upstream",
      },
    );
  }
}

/** What `callValue` needs to know besides the result. */
export interface CallLimits {
  where: string;
  secrets: readonly string[];
  maxResponseBytes: number;
}

/** The value of a call, or the `MCP_TOOL_ERROR` it reported. */
export function callValue(raw: CallResult, invoke: McpInvoke, limits: CallLimits): InvokeResult {
  const { where, secrets, maxResponseBytes } = limits;
  const result = redactJson(raw, secrets) as CallResult;
  if (result.isError === true) {
    const text = head(resultText(result), ERROR_TEXT_CHARS);
    throw new UnitError("MCP_TOOL_ERROR", `${where} reported an error${text ? `: ${text}` : ""}`, {
      ...(text ? { excerpt: text } : {}),
      hint: "the tool ran and failed; check its input, or what the message says",
    });
  }
  if (invoke.result !== "structured") {
    const capped = capResult(result, maxResponseBytes);
    return { value: capped.result, truncated: capped.truncated };
  }
  const value = structuredValue(result, where);
  if (jsonBytes(value) > maxResponseBytes) {
    throw new UnitError(
      "RESPONSE_TRUNCATED",
      `${where} returned more than ${maxResponseBytes} bytes of structured content (maxResponseBytes)`,
      { hint: "raise maxResponseBytes for this server, or ask the tool for less (filter or paginate)" },
    );
  }
  return { value, truncated: false };
}
