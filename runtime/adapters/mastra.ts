/**
 * `unitc/mastra`: a bundle's units as Mastra tools (`createTool()`), each with the operation's JSON
 * Schema as it was compiled. The schema goes in as a Standard Schema whose JSON Schema is the compiled
 * one and whose validation passes the input on (unitc's runtime checks it, with its code and hint),
 * and each tool sets `strict: false`, which keeps Mastra's per-provider schema rewrites (every
 * property required for OpenAI, `$ref`s inlined for Gemini) off it. A failed call throws an
 * `AgentToolError` whose message is unitc's code, message and hint: Mastra hands it to the model as
 * the tool's error, and the loop goes on. A result reaches the model whole (see `modelOutput`).
 */
import type { StandardSchemaWithJSON } from "@mastra/core/schema";
import { createTool, type Tool, type ToolExecutionContext } from "@mastra/core/tools";
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

/** A Mastra tool named `Name` taking `I` and resolving to `O`. */
export type MastraTool<I = unknown, O = unknown, Name extends string = string> = Tool<
  I,
  O,
  unknown,
  unknown,
  ToolExecutionContext<unknown, unknown>,
  Name
>;

/** The Mastra tools of bundle `B` in exposure `E`: typed per operation for a generated bundle's `Units`. */
export type MastraToolSet<B, E extends AgentExposure> = E extends "direct"
  ? B extends TypedUnits
    ? {
        [Op in OperationEntry<B> as Op["name"]]: MastraTool<
          OperationInput<Op["fn"]>,
          OperationOutput<Op["fn"]>,
          Op["name"]
        >;
      }
    : Record<string, MastraTool>
  : E extends keyof FixedToolNames
    ? { [Name in FixedToolNames[E]]: MastraTool<unknown, unknown, Name> }
    : never;

/** What {@link mastraTools} returns. */
export interface MastraTools<B, E extends AgentExposure> {
  /** Pass as an `Agent`'s `tools`; in `unitc serve`'s order. */
  tools: MastraToolSet<B, E>;
  /** Closes the runtime when `bundle` was a manifest path. */
  close(): Promise<void>;
}

/** The compiled schema as a Standard Schema: its JSON Schema unchanged, its input passed on. */
function compiledSchema(schema: Record<string, unknown>): StandardSchemaWithJSON {
  const copy = () => structuredClone(schema);
  return {
    "~standard": {
      version: 1,
      vendor: "unitc",
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: copy, output: copy },
    },
  };
}

/**
 * What the model reads of a result: the value itself. Without it Mastra takes any result object with
 * a `value` field for a wrapped output and shows the model that field alone (a Code Mode result's
 * `value`, losing `ok` and the logs).
 */
function modelOutput(output: unknown) {
  return typeof output === "string"
    ? { type: "text", value: output }
    : { type: "json", value: output ?? null };
}

function mastraTool(neutral: AgentTool): MastraTool {
  return createTool({
    id: neutral.name,
    description: neutral.description,
    inputSchema: compiledSchema(neutral.inputSchema),
    strict: false,
    toModelOutput: modelOutput,
    execute: async (input, context) => {
      const signal = context?.abortSignal;
      const result = await neutral.execute(input, signal ? { signal } : {});
      if (!result.ok) throw new AgentToolError(result.error, result.text);
      return result.value;
    },
  }) as MastraTool;
}

/** A bundle's units as Mastra tools; `exposure` picks direct tools (default), search plus call, or Code Mode. */
export function mastraTools<B extends AgentBundle, const E extends AgentExposure = "direct">(
  bundle: B,
  options: AgentToolsOptions & { exposure?: E } = {},
): MastraTools<B, E> {
  const set = agentTools(bundle, options);
  const tools = Object.fromEntries(set.tools.map((neutral) => [neutral.name, mastraTool(neutral)]));
  return { tools: tools as MastraToolSet<B, E>, close: () => set.close() };
}
