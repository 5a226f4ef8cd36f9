/**
 * Calls an operation of an upstream unit that the upstream exposes to Code Mode only. The upstream
 * refuses such units on `unitc/call` (they are called through its sandbox alone), so the call is a
 * one-line script run by the upstream's own `code_mode` tool: the unit's ID, the operation's name
 * and the input go in as JSON literals, never as code.
 */
import type { Client } from "@modelcontextprotocol/client";
import { NO_CHECK_WAIT_META } from "../sessions/code-mode.js";
import type { CallOutcome } from "../sessions/context.js";
import { CODE_MODE_TOOL } from "../sessions/names.js";
import { ERROR_META, type ToolFailure, ToolFailureError } from "../sessions/results.js";

interface RequestOptions {
  timeout: number;
  signal?: AbortSignal;
}

/** The script that calls `unitId`'s `tsName` with `args` and returns its value. */
export function callScript(unitId: string, tsName: string, args: unknown): string {
  const input = args === undefined ? "" : JSON.stringify(args);
  return `return await units[${JSON.stringify(unitId)}][${JSON.stringify(tsName)}](${input});`;
}

/** Runs the call on the upstream's `code_mode` tool; a failed run is thrown as the upstream put it. */
export async function callThroughCodeMode(
  client: Client,
  unitId: string,
  tsName: string,
  args: unknown,
  options: RequestOptions,
): Promise<CallOutcome> {
  const result = await client.callTool(
    {
      name: CODE_MODE_TOOL,
      arguments: { code: callScript(unitId, tsName, args) },
      // A generated one-line call has no author to read type warnings: its answer need not wait for them.
      _meta: { [NO_CHECK_WAIT_META]: true },
    },
    options,
  );
  if (result.isError) {
    // Where in the one-line script it failed says nothing to the caller, who wrote no script.
    const {
      line: _line,
      column: _column,
      ...error
    } = (result._meta?.[ERROR_META] ?? {}) as Partial<ToolFailure>;
    throw new ToolFailureError({
      ...error,
      code: typeof error.code === "string" ? error.code : "UPSTREAM_ERROR",
      message: typeof error.message === "string" ? error.message : "the upstream call failed",
    } as ToolFailure);
  }
  const run = (result.structuredContent ?? {}) as { value?: unknown; truncated?: boolean };
  return { value: run.value, truncated: run.truncated === true };
}
