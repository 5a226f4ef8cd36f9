/**
 * `unitc/openai-agents`: a bundle's units as OpenAI Agents SDK function tools, each with the
 * operation's JSON Schema as its parameters (`strict: false`: strict mode would rewrite the schema,
 * making every property required). A failed call throws an `AgentToolError`, and the tool's
 * `errorFunction` gives the model its text (unitc's code, message and hint) in place of the SDK's
 * generic message, so the run goes on.
 */
import { type FunctionTool, type ToolInputParameters, tool } from "@openai/agents";
import { agentTools } from "../agent-tools/index.js";
import {
  type AgentBundle,
  type AgentExposure,
  type AgentTool,
  AgentToolError,
  type AgentToolsOptions,
} from "../agent-tools/types.js";

export { AgentToolError, type AgentToolsOptions } from "../agent-tools/types.js";

/** What {@link openaiAgentsTools} returns. */
export interface OpenAiAgentsTools {
  /** Pass as an `Agent`'s `tools`; in `unitc serve`'s order. */
  tools: FunctionTool[];
  /** Closes the runtime when `bundle` was a manifest path. */
  close(): Promise<void>;
}

/** The text the model reads for a failed call: unitc's for its own failures, the SDK's otherwise. */
function errorText(_context: unknown, error: unknown): string {
  return error instanceof AgentToolError ? error.message : "An error occurred while running the tool.";
}

/** The SDK's type of a non-strict JSON Schema. */
type NonStrictParameters = Extract<ToolInputParameters, { additionalProperties: true }>;

function functionTool(neutral: AgentTool): FunctionTool {
  return tool({
    name: neutral.name,
    description: neutral.description,
    // Typed for hand-written schemas (properties and required always present); a compiled schema is
    // passed on as it is, which the SDK does with a non-strict schema.
    parameters: neutral.inputSchema as unknown as NonStrictParameters,
    strict: false,
    execute: async (input, _context, details) => {
      const result = await neutral.execute(input, details?.signal ? { signal: details.signal } : {});
      if (!result.ok) throw new AgentToolError(result.error, result.text);
      return typeof result.value === "string" ? result.value : JSON.stringify(result.value);
    },
    errorFunction: errorText,
  }) as unknown as FunctionTool;
}

/** A bundle's units as OpenAI Agents SDK tools; `exposure` picks direct tools (default), search plus call, or Code Mode. */
export function openaiAgentsTools(
  bundle: AgentBundle,
  options: AgentToolsOptions & { exposure?: AgentExposure } = {},
): OpenAiAgentsTools {
  const set = agentTools(bundle, options);
  return { tools: set.tools.map(functionTool), close: () => set.close() };
}
