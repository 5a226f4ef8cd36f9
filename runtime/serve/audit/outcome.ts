/** A call's outcome as the audit log names it: `ok`, or the failure's code. */
import type { CallToolResult } from "@modelcontextprotocol/server";

/**
 * The `_meta` key a failed tool result carries its failure under (ERROR_META of the sessions'
 * results, which import this folder, so it is named here again; the serve's audit test reads a
 * failure's code through it).
 */
const ERROR_META = "unitc/error";

/** The code of a thrown error (a `UnitError`'s or a protocol error's), `INTERNAL_ERROR` when it has none. */
export function outcomeOfError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") return code;
  // A JSON-RPC error (an unknown tool) has a number, named as such; anything else failed inside.
  return typeof code === "number" ? `jsonrpc:${code}` : "INTERNAL_ERROR";
}

/** `ok` for a result, or the code an error result carries in its `_meta`. */
export function outcomeOfResult(result: CallToolResult | { ok?: unknown; error?: unknown }): string {
  if ("isError" in result && result.isError) {
    const error = (result._meta?.[ERROR_META] ?? {}) as { code?: unknown };
    return typeof error.code === "string" ? error.code : "INTERNAL_ERROR";
  }
  if (result.ok === false) return outcomeOfError(result.error);
  return "ok";
}
