/**
 * `unitc/langchain`: a bundle's units as LangChain.js tools (`DynamicStructuredTool`, the class
 * `tool()` builds, with the operation's JSON Schema as its schema, so the model sees it as compiled).
 * A failed call comes back as a `ToolMessage` with status `error` whose text is unitc's code,
 * message and hint: the agent's tool node passes it to the model, and the loop goes on.
 */
import { ToolMessage } from "@langchain/core/messages";
import {
  DynamicStructuredTool,
  type StructuredToolCallInput,
  ToolInputParsingException,
  type ToolReturnType,
  type ToolRunnableConfig,
} from "@langchain/core/tools";
import type { JSONSchema } from "@langchain/core/utils/json_schema";
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
  type AgentToolResult,
  type AgentToolsOptions,
} from "../agent-tools/types.js";

export { AgentToolError, type AgentToolsOptions } from "../agent-tools/types.js";

/** A LangChain tool taking `I` and answering `O` (a `ToolMessage` when called with a tool call). */
export type LangChainTool<I = unknown, O = unknown, N extends string = string> = DynamicStructuredTool<
  JSONSchema,
  I,
  I,
  O,
  unknown,
  N
>;

/** The tools of bundle `B` in exposure `E` by name: typed per operation for a generated bundle's `Units`. */
export type LangChainToolMap<B, E extends AgentExposure> = E extends "direct"
  ? B extends TypedUnits
    ? {
        [Op in OperationEntry<B> as Op["name"]]: LangChainTool<
          OperationInput<Op["fn"]>,
          OperationOutput<Op["fn"]>,
          Op["name"]
        >;
      }
    : Record<string, LangChainTool>
  : E extends keyof FixedToolNames
    ? { [Name in FixedToolNames[E]]: LangChainTool<unknown, unknown, Name> }
    : never;

/** What {@link langchainTools} returns. */
export interface LangChainTools<B, E extends AgentExposure> {
  /** Pass as `tools` to LangChain's `createAgent`; in `unitc serve`'s order. */
  tools: LangChainTool[];
  /** The same tools by name. */
  byName: LangChainToolMap<B, E>;
  /** Closes the runtime when `bundle` was a manifest path. */
  close(): Promise<void>;
}

/**
 * A call's outcome as LangChain takes a tool's. In a tool call: a `ToolMessage` whose content is the
 * value's JSON text (LangChain would send an array of objects with a `type` field as content blocks)
 * and whose artifact is the value, or, failed, unitc's text with the failure as artifact. Invoked
 * with bare arguments: the value, or the failure thrown.
 */
function outputOf(neutral: AgentTool, result: AgentToolResult, id: string | undefined): unknown {
  if (id === undefined) {
    if (result.ok) return result.value;
    throw new AgentToolError(result.error, result.text);
  }
  const { name } = neutral;
  if (!result.ok) {
    return new ToolMessage({
      content: result.text,
      tool_call_id: id,
      name,
      status: "error",
      artifact: result.error,
    });
  }
  const content = typeof result.value === "string" ? result.value : (JSON.stringify(result.value) ?? "");
  return new ToolMessage({ content, tool_call_id: id, name, status: "success", artifact: result.value });
}

/** The arguments and tool call ID of a tool's input: the arguments, or a tool call carrying them. */
function inputOf(input: unknown, config?: ToolRunnableConfig): { args: unknown; id: string | undefined } {
  const call = input as { type?: unknown; args?: unknown; id?: string } | null;
  if (typeof call === "object" && call !== null && call.type === "tool_call")
    return { args: call.args, id: call.id };
  return { args: input, id: config?.toolCall?.id };
}

/**
 * A LangChain tool over one unitc tool. LangChain checks the input against the JSON Schema with its
 * own validator first, and an input it refuses would reach the model as LangChain's generic message
 * with a stack trace; such an input goes to unitc instead, whose answer names the problems and a hint.
 */
class UnitTool extends DynamicStructuredTool<JSONSchema, unknown, unknown, unknown> {
  constructor(private readonly neutral: AgentTool) {
    super({
      name: neutral.name,
      description: neutral.description,
      schema: neutral.inputSchema as JSONSchema,
      func: async (input, _runManager, config) =>
        outputOf(
          neutral,
          await neutral.execute(input, config?.signal ? { signal: config.signal } : {}),
          (config as ToolRunnableConfig | undefined)?.toolCall?.id,
        ),
    });
  }

  override async call<
    TArg extends StructuredToolCallInput<JSONSchema, unknown>,
    TConfig extends ToolRunnableConfig | undefined,
  >(arg: TArg, configArg?: TConfig, tags?: string[]) {
    try {
      return await super.call(arg, configArg, tags);
    } catch (error) {
      if (!(error instanceof ToolInputParsingException)) throw error;
      const { args, id } = inputOf(arg, configArg);
      const signal = configArg?.signal;
      const result = await this.neutral.execute(args, signal ? { signal } : {});
      return outputOf(this.neutral, result, id) as ToolReturnType<NonNullable<TArg>, TConfig, unknown>;
    }
  }
}

/** A bundle's units as LangChain tools; `exposure` picks direct tools (default), search plus call, or Code Mode. */
export function langchainTools<B extends AgentBundle, const E extends AgentExposure = "direct">(
  bundle: B,
  options: AgentToolsOptions & { exposure?: E } = {},
): LangChainTools<B, E> {
  const set = agentTools(bundle, options);
  const tools = set.tools.map((neutral) => new UnitTool(neutral));
  const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
  return {
    tools: tools as LangChainTool[],
    byName: byName as LangChainToolMap<B, E>,
    close: () => set.close(),
  };
}
