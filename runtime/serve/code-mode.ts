/**
 * The `code_mode` tool: agent TypeScript run in the QuickJS sandbox against the served bundle. The
 * sandbox is loaded on the first run, so serving without Code Mode never pays for it.
 */
import type { CallToolResult, Tool } from "@modelcontextprotocol/server";
import type { Manifest } from "../manifest.js";
import { CODE_MODE_INPUT_SCHEMA, codeModeDescription } from "../sandbox/description.js";
import type { CheckDiagnostic, LogEntry } from "../sandbox/protocol.js";
import type { CodeModeError } from "../sandbox/run.js";
import { CODE_MODE_TOOL } from "./names.js";
import { failureResult } from "./results.js";

/** What the description needs of a unit. */
export type CodeModeUnit = Pick<
  Manifest["units"][number],
  "id" | "name" | "description" | "exposure" | "operations"
>;

/** The `code_mode` tool over the units the sandbox can call (this bundle's Code Mode units). */
export function codeModeTool(units: readonly CodeModeUnit[]): Tool {
  const manifest = { units } as unknown as Manifest;
  return {
    name: CODE_MODE_TOOL,
    description: codeModeDescription(manifest),
    inputSchema: CODE_MODE_INPUT_SCHEMA as unknown as Tool["inputSchema"],
  };
}

/** What a Code Mode run needs from the host. */
export interface CodeModeHost {
  runCode(input: { code: string; timeoutMs?: number }): Promise<{ ok: boolean; [field: string]: unknown }>;
}

/** What a failed run brings besides its error. */
interface FailedRun {
  error: CodeModeError;
  logs?: LogEntry[];
  diagnostics?: CheckDiagnostic[];
}

/**
 * A failed run as an error result: the error as text (code, message, where, hint), then the logs
 * and the type-check findings, so an agent sees what the script printed before it failed.
 */
function failedRun({ error, logs = [], diagnostics = [] }: FailedRun): CallToolResult {
  const sections: string[] = [];
  if (logs.length > 0) {
    sections.push(`logs:\n${logs.map((entry) => `[${entry.level}] ${entry.message}`).join("\n")}`);
  }
  if (diagnostics.length > 0) {
    const lines = diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}`);
    sections.push(`diagnostics:\n${lines.join("\n")}`);
  }
  const details = {
    ...(logs.length > 0 ? { logs } : {}),
    ...(diagnostics.length > 0 ? { diagnostics } : {}),
  };
  return failureResult({ ...error, ...details }, sections);
}

/** Runs the script; a successful run is its result as structured content and text. */
export async function callCodeMode(host: CodeModeHost, args: unknown): Promise<CallToolResult> {
  const input = (typeof args === "object" && args !== null ? args : {}) as Record<string, unknown>;
  if (typeof input.code !== "string" || input.code === "") {
    return failureResult({
      code: "INPUT_INVALID",
      message: "code_mode needs a non-empty string `code`",
      hint: 'call it as {"code": "return await units.<unit>.<operation>({...})"}',
    });
  }
  const timeoutMs = typeof input.timeoutMs === "number" ? input.timeoutMs : undefined;
  const result = await host.runCode({ code: input.code, ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
  if (!result.ok) return failedRun(result as unknown as FailedRun);
  return {
    content: [{ type: "text", text: JSON.stringify(result, null, 2) }],
    structuredContent: result as CallToolResult["structuredContent"],
  };
}
