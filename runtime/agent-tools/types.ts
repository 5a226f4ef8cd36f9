/**
 * The framework-neutral tools an agent framework adapter wraps: the name, description and JSON Schema
 * the model sees, and an `execute` that never throws (a failure comes back as `{code, message, hint}`).
 */
import type { UnitRuntime } from "../calls/create-runtime.js";
import type { ToolAnnotations } from "../contract/manifest.js";

/** How a bundle is shown to the model: one tool per operation, search plus call, or Code Mode. */
export type AgentExposure = "direct" | "search" | "code_mode";

/** Every {@link AgentExposure}, in the order the docs give them. */
export const AGENT_EXPOSURES: readonly AgentExposure[] = ["direct", "search", "code_mode"];

/** A compiled bundle: what `createUnits()` returns, its runtime, or the path of its `manifest.json`. */
export type AgentBundle = string | URL | UnitRuntime | { readonly $runtime: UnitRuntime };

/** Where the agent's calls run. */
export interface AgentScope {
  /** The project root units bound to a project run in (as a session's root does under `unitc serve`). */
  projectRoot?: string;
}

export interface AgentToolsOptions {
  /** Only these units (IDs); default every unit of the bundle. */
  units?: readonly string[];
  /** Default `direct`. */
  exposure?: AgentExposure;
  scope?: AgentScope;
}

/**
 * Why a call failed: unitc's code, message and hint, and the details `unitc serve` gives with them
 * (problems, status, excerpt, a script's line and logs). Secrets were redacted where it was made.
 */
export interface AgentToolFailure {
  code: string;
  message: string;
  hint?: string;
  [detail: string]: unknown;
}

/** A tool call's outcome: the value the model reads, or a failure with unitc's code, message and hint. */
export type AgentToolResult =
  | { ok: true; value: unknown; truncated?: true }
  | {
      ok: false;
      error: AgentToolFailure;
      /** The failure as `unitc serve` words it: `CODE: message`, the problems, the hint (and a script's logs). */
      text: string;
    };

/** What a framework passes along with a call. */
export interface AgentToolCall {
  signal?: AbortSignal;
}

/** One tool as the model sees it, and how a call of it runs. */
export interface AgentTool {
  name: string;
  description: string;
  /** An object schema, as `unitc serve` lists it (unions, enums, nullable types and `$ref`s kept). */
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
  /** The operation a direct tool calls. */
  operation?: { unit: string; name: string; tsName: string };
  /** Runs the call; never rejects. */
  execute(args: unknown, call?: AgentToolCall): Promise<AgentToolResult>;
}

/** The tools of one bundle in one exposure. */
export interface AgentToolSet {
  readonly exposure: AgentExposure;
  /** In `unitc serve`'s listing order. */
  readonly tools: readonly AgentTool[];
  /** Closes the runtime when the set opened it from a manifest path (a given runtime is the caller's). */
  close(): Promise<void>;
}

/** A failed tool call thrown for a framework that expects a throw: its message is the failure's text. */
export class AgentToolError extends Error {
  readonly code: string;
  readonly hint: string | undefined;

  constructor(
    readonly failure: AgentToolFailure,
    text: string,
  ) {
    super(text);
    this.name = "AgentToolError";
    this.code = failure.code;
    this.hint = failure.hint;
  }

  /** The failure's text alone: frameworks that show the model `String(error)` show it what `unitc serve` would. */
  override toString(): string {
    return this.message;
  }
}
