/**
 * `unitc/ai-sdk`: a bundle's units as Vercel AI SDK tools (`tool()` with `jsonSchema()`, so the model
 * sees each operation's JSON Schema as compiled). A failed call throws an `AgentToolError` whose
 * message is unitc's code, message and hint: the AI SDK turns it into a tool error the model reads in
 * its next step, and the loop goes on.
 */
import { jsonSchema, type Tool, tool } from "ai";
import { agentTools } from "../agent-tools/index.js";
import type {
  FixedToolNames,
  OperationEntry,
  OperationInput,
  OperationOutput,
  TypedUnits,
} from "../agent-tools/typed.js";
import {
  type AgentBundle,
  type AgentExposure,
  type AgentTool,
  AgentToolError,
  type AgentToolsOptions,
} from "../agent-tools/types.js";

export { AgentToolError, type AgentToolsOptions } from "../agent-tools/types.js";

/** The AI SDK tools of bundle `B` in exposure `E`: typed per operation for a generated bundle's `Units`. */
export type AiSdkToolSet<B, E extends AgentExposure> = E extends "direct"
  ? B extends TypedUnits
    ? { [Op in OperationEntry<B> as Op["name"]]: Tool<OperationInput<Op["fn"]>, OperationOutput<Op["fn"]>> }
    : Record<string, Tool>
  : E extends keyof FixedToolNames
    ? { [Name in FixedToolNames[E]]: Tool }
    : never;

/** What {@link aiSdkTools} returns. */
export interface AiSdkTools<B, E extends AgentExposure> {
  /** Pass as `tools` to `generateText`, `streamText` or an `Agent`. */
  tools: AiSdkToolSet<B, E>;
  /** Closes the runtime when `bundle` was a manifest path. */
  close(): Promise<void>;
}

function aiSdkTool(neutral: AgentTool): Tool {
  return tool({
    description: neutral.description,
    inputSchema: jsonSchema(neutral.inputSchema as Parameters<typeof jsonSchema>[0]),
    execute: async (input: unknown, options) => {
      const result = await neutral.execute(input, options.abortSignal ? { signal: options.abortSignal } : {});
      if (!result.ok) throw new AgentToolError(result.error, result.text);
      return result.value;
    },
  });
}

/** A bundle's units as AI SDK tools; `exposure` picks direct tools (default), search plus call, or Code Mode. */
export function aiSdkTools<B extends AgentBundle, const E extends AgentExposure = "direct">(
  bundle: B,
  options: AgentToolsOptions & { exposure?: E } = {},
): AiSdkTools<B, E> {
  const set = agentTools(bundle, options);
  const tools = Object.fromEntries(set.tools.map((neutral) => [neutral.name, aiSdkTool(neutral)]));
  return { tools: tools as AiSdkToolSet<B, E>, close: () => set.close() };
}
