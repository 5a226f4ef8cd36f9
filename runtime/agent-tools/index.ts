/**
 * `agentTools(bundle, options)`: a bundle's units as framework-neutral tools, built from what
 * `unitc serve` uses (its tool table and names, descriptions, `search_tools`, the `code_mode` tool
 * and its sandbox, and its result and failure shapes). Each agent framework adapter wraps these.
 */
import type { CallToolResult } from "@modelcontextprotocol/server";
import { UnitError } from "../contract/errors.js";
import { hasCodeMode } from "../contract/manifest.js";
import { callCodeMode } from "../serve/sessions/code-mode.js";
import type { ServeContext } from "../serve/sessions/context.js";
import { CODE_MODE_TOOL, SEARCH_TOOL } from "../serve/sessions/names.js";
import {
  callOperation,
  ERROR_META,
  failureOf,
  failureText,
  type OperationOutcome,
  type ToolFailure,
} from "../serve/sessions/results.js";
import { callSearchTools } from "../serve/sessions/search-tool.js";
import { callByName, callToolShape } from "./call-tool.js";
import { agentContext, openBundle, servedUnits } from "./context.js";
import {
  AGENT_EXPOSURES,
  type AgentBundle,
  type AgentExposure,
  type AgentTool,
  type AgentToolResult,
  type AgentToolSet,
  type AgentToolsOptions,
} from "./types.js";

export * from "./types.js";

/** A serve result as an agent tool's: the structured value, or the failure and its text. */
function fromCallToolResult(result: CallToolResult): AgentToolResult {
  const text = result.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
  if (result.isError) {
    const error = (result._meta?.[ERROR_META] ?? { code: "INTERNAL_ERROR", message: text }) as ToolFailure;
    return { ok: false, error, text };
  }
  const truncated = result._meta?.["unitc/truncated"] === true;
  return { ok: true, value: result.structuredContent ?? text, ...(truncated ? { truncated } : {}) };
}

function fromOutcome(outcome: OperationOutcome): AgentToolResult {
  if (!outcome.ok) return { ok: false, error: outcome.failure, text: failureText(outcome.failure) };
  return { ok: true, value: outcome.value, ...(outcome.truncated ? { truncated: true as const } : {}) };
}

/** `execute` that never rejects: anything thrown becomes a failure, as `unitc serve` reports it. */
function safely(
  run: (args: unknown, signal?: AbortSignal) => Promise<AgentToolResult>,
): AgentTool["execute"] {
  return async (args, call) => {
    try {
      return await run(args, call?.signal);
    } catch (error) {
      const failure = failureOf(error);
      return { ok: false, error: failure, text: failureText(failure) };
    }
  };
}

function checkExposure(exposure: unknown): AgentExposure {
  if (AGENT_EXPOSURES.includes(exposure as AgentExposure)) return exposure as AgentExposure;
  throw new UnitError("BAD_EXPOSURE", `exposure ${JSON.stringify(exposure)} is not one agent tools offer`, {
    hint: `use one of ${AGENT_EXPOSURES.join(", ")}`,
  });
}

/** Direct tools: one per operation, as serve's tool table lists them. */
function directTools(context: ServeContext, projectRoot: string | undefined): AgentTool[] {
  const { table } = context.snapshot();
  return table.tools.flatMap((tool): AgentTool[] => {
    const target = table.targets.get(tool.name);
    if (target?.kind !== "direct") return [];
    const { unit, operation } = target;
    return [
      {
        name: tool.name,
        description: tool.description ?? "",
        inputSchema: tool.inputSchema as Record<string, unknown>,
        ...(tool.outputSchema ? { outputSchema: tool.outputSchema as Record<string, unknown> } : {}),
        ...(tool.annotations ? { annotations: tool.annotations } : {}),
        operation: { unit: unit.id, name: operation.name, tsName: operation.tsName },
        execute: safely(async (args, signal) =>
          fromOutcome(await callOperation(context, unit, operation, args, signal, projectRoot)),
        ),
      },
    ];
  });
}

/** The tool of serve's table named `name`, as an agent tool running `run`. */
function listedTool(
  context: ServeContext,
  name: string,
  run: (args: unknown, signal?: AbortSignal) => Promise<AgentToolResult>,
): AgentTool {
  const tool = context.snapshot().table.tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`serve's tool table has no ${name}`);
  return {
    name,
    description: tool.description ?? "",
    inputSchema: tool.inputSchema as Record<string, unknown>,
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
    execute: safely(run),
  };
}

/** A bundle's units as tools for an agent framework. Throws `UNKNOWN_UNIT`, `BAD_EXPOSURE` or `NOT_EXPOSED`. */
export function agentTools(bundle: AgentBundle, options: AgentToolsOptions = {}): AgentToolSet {
  const exposure = checkExposure(options.exposure ?? "direct");
  const { runtime, owned } = openBundle(bundle);
  const projectRoot = options.scope?.projectRoot;
  const close = async () => {
    if (owned) await runtime.close();
  };
  try {
    // Direct and search reach every chosen unit, as the typed clients do; Code Mode reaches those
    // compiled for it (only they have declarations), as under `unitc serve`.
    const units = servedUnits(runtime, options.units, (shown) =>
      exposure === "direct"
        ? "direct"
        : exposure === "search" || hasCodeMode(shown)
          ? "code_mode"
          : undefined,
    );
    if (exposure === "code_mode" && units.length === 0) {
      throw new UnitError("NOT_EXPOSED", "none of the chosen units is compiled for Code Mode", {
        hint: "set the units' exposure to code_mode (or direct_and_code_mode) and recompile, or use exposure direct or search",
      });
    }
    const context = agentContext(runtime, units, exposure === "code_mode");
    const tools =
      exposure === "direct"
        ? directTools(context, projectRoot)
        : exposure === "search"
          ? [
              listedTool(context, SEARCH_TOOL, async (args) =>
                fromCallToolResult(callSearchTools(context.snapshot(), args)),
              ),
              {
                ...callToolShape(units),
                execute: safely(async (args, signal) =>
                  fromOutcome(await callByName(context, args, signal, projectRoot)),
                ),
              },
            ]
          : [codeModeTool(context, projectRoot)];
    return { exposure, tools, close };
  } catch (error) {
    void close();
    throw error;
  }
}

/** The `code_mode` tool; its runs take turns per tool set, as a session's do under `unitc serve`. */
function codeModeTool(context: ServeContext, projectRoot: string | undefined): AgentTool {
  const session = {};
  const host = {
    runCode: (input: Parameters<ServeContext["runCode"]>[0]) =>
      context.runCode(input, undefined, projectRoot),
  };
  return listedTool(context, CODE_MODE_TOOL, async (args, signal) =>
    fromCallToolResult(await callCodeMode(host, args, { session, ...(signal ? { signal } : {}) })),
  );
}
