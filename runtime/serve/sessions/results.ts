/**
 * Tool results. A value becomes `structuredContent` plus the same value as text; a failure becomes
 * an `isError` result whose text starts with a stable code (`INPUT_INVALID: …`) and gives the
 * message, problems and hint, with the same fields as JSON in `_meta["unitc/error"]`. A failure
 * never carries `structuredContent`: MCP SDK 1.x clients check it against the tool's `outputSchema`
 * even when `isError` is set (and would show a schema error instead of ours), and the SDK's own
 * servers send none with an error either.
 */
import type { CallToolResult } from "@modelcontextprotocol/server";
import { isUnitError } from "../../contract/errors.js";
import type { JsonSchema } from "../../contract/manifest.js";
import { schemaProblems } from "../../shared/input-problems.js";
import type { ServedUnit } from "../shared/catalog.js";
import type { ServeContext } from "./context.js";

/** Why a tool call failed, as shown to the agent. Secrets were redacted where the error was made. */
export interface ToolFailure {
  code: string;
  message: string;
  hint?: string;
  problems?: string[];
  status?: number;
  excerpt?: string;
  exitCode?: number | null;
  /** Where in a Code Mode script, 1-based. */
  line?: number;
  column?: number;
  [detail: string]: unknown;
}

/** A failure reported by another instance (an upstream), thrown with its code kept. */
export class ToolFailureError extends Error {
  constructor(readonly failure: ToolFailure) {
    super(failure.message);
    this.name = "ToolFailureError";
  }
}

/** Longest text block of a result. */
const MAX_TEXT = 200_000;

function bounded(text: string): string {
  return text.length <= MAX_TEXT
    ? text
    : `${text.slice(0, MAX_TEXT)}\n[truncated: text exceeded ${MAX_TEXT} characters]`;
}

/** A successful result: the value as structured content and as text. */
export function valueResult(value: unknown, truncated = false): CallToolResult {
  const text = typeof value === "string" ? value : (JSON.stringify(value, null, 2) ?? "null");
  return {
    content: [{ type: "text", text: bounded(text) }],
    structuredContent: value as CallToolResult["structuredContent"],
    ...(truncated ? { _meta: { "unitc/truncated": true } } : {}),
  };
}

/** Where a failure's details go in a result's `_meta`. */
export const ERROR_META = "unitc/error";

/** The text of a failure: `CODE: message`, where, one line per problem, then the hint. */
export function failureText(failure: ToolFailure): string {
  const lines = [`${failure.code}: ${failure.message}`];
  if (typeof failure.line === "number") {
    lines.push(
      `at line ${failure.line}${typeof failure.column === "number" ? `, column ${failure.column}` : ""}`,
    );
  }
  for (const problem of failure.problems ?? []) lines.push(`- ${problem}`);
  if (failure.excerpt) lines.push(`excerpt: ${failure.excerpt}`);
  if (failure.hint) lines.push(`hint: ${failure.hint}`);
  return lines.join("\n");
}

/**
 * A failed call as an `isError` result: its text, then `more` (further sections, e.g. a script's
 * logs) after a blank line; the details in `_meta`, and no `structuredContent`.
 */
export function failureResult(failure: ToolFailure, more: readonly string[] = []): CallToolResult {
  const error = Object.fromEntries(Object.entries(failure).filter(([, v]) => v !== undefined));
  return {
    isError: true,
    content: [{ type: "text", text: bounded([failureText(failure), ...more].join("\n\n")) }],
    _meta: { [ERROR_META]: error },
  };
}

/** What a thrown error says, as a failure: `UnitError`s keep their code and details. */
export function failureOf(error: unknown): ToolFailure {
  if (error instanceof ToolFailureError) return error.failure;
  if (isUnitError(error)) {
    const { hint, problems, status, excerpt, exitCode, errors } = error.details;
    return {
      code: error.code,
      message: error.message,
      ...(hint ? { hint } : {}),
      ...(problems ? { problems } : {}),
      ...(status !== undefined ? { status } : {}),
      ...(excerpt ? { excerpt } : {}),
      ...(exitCode !== undefined ? { exitCode } : {}),
      ...(errors ? { errors } : {}),
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: "INTERNAL_ERROR", message: `the call failed: ${message}` };
}

/** What calling one operation came to: its value, or why it failed. */
export type OperationOutcome =
  | { ok: true; value: unknown; truncated: boolean; outputSchema?: Record<string, unknown> }
  | { ok: false; failure: ToolFailure };

/**
 * Calls `operation` (its source or TS name) of a served unit and checks the value against the
 * declared `outputSchema`: a direct tool's call, for MCP and for the agent framework adapters alike.
 */
export async function callOperation(
  context: ServeContext,
  unit: ServedUnit,
  operation: { name: string; outputSchema?: unknown },
  args: unknown,
  signal?: AbortSignal,
  projectRoot?: string,
): Promise<OperationOutcome> {
  try {
    const outcome = await context.call(unit, operation.name, args ?? {}, signal, projectRoot);
    const schema = operation.outputSchema;
    if (typeof schema !== "object" || schema === null) return { ok: true, ...outcome };
    const problems = await schemaProblems(schema as JsonSchema, outcome.value);
    if (problems.length > 0) {
      return {
        ok: false,
        failure: {
          code: "OUTPUT_INVALID",
          message: `${unit.id}.${operation.name} returned a value that breaks its declared output schema`,
          problems: problems.map((p) => p.replace(/^input/, "output")),
          hint: "the source answered something other than it declares; recompile to pick up its current schema",
        },
      };
    }
    return { ok: true, ...outcome, outputSchema: schema as Record<string, unknown> };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  }
}
