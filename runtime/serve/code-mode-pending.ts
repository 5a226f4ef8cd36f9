/**
 * PENDING: the `code_mode` tool. It is listed whenever a unit's exposure includes Code Mode, so the
 * tool list already has its final shape, but every call fails with `CODE_MODE_UNAVAILABLE` until the
 * QuickJS sandbox lands. Replace this file (same exports) when it does.
 */
import type { CallToolResult, Tool } from "@modelcontextprotocol/server";
import { unitAccessor } from "../signature.js";
import { CODE_MODE_TOOL } from "./names.js";
import { failureResult } from "./results.js";

/** Units named in the tool description; the rest are counted. */
const NAMED_UNITS = 20;

/** The `code_mode` tool over the units served in Code Mode. */
export function codeModeTool(unitIds: readonly string[]): Tool {
  const named = unitIds.slice(0, NAMED_UNITS).map(unitAccessor).join(", ");
  const more = unitIds.length > NAMED_UNITS ? ` and ${unitIds.length - NAMED_UNITS} more` : "";
  return {
    name: CODE_MODE_TOOL,
    description:
      "Run TypeScript that calls units as typed functions (units.<unit>.<operation>(input)); " +
      `use search_tools to find operations and their signatures. Units: ${named}${more}. ` +
      "Not available yet: this build has no Code Mode sandbox.",
    inputSchema: {
      type: "object",
      properties: { code: { type: "string", minLength: 1, description: "The TypeScript to run" } },
      required: ["code"],
      additionalProperties: false,
    },
  };
}

/** Every call fails until the sandbox lands. */
export function callCodeMode(): CallToolResult {
  return failureResult({
    code: "CODE_MODE_UNAVAILABLE",
    message: "the Code Mode sandbox is not in this build",
    hint: "call the unit's direct or progressive tools, or serve the bundle with a unitc that has Code Mode",
  });
}
