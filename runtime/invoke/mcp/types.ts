/**
 * The MCP session as the rest of the runtime sees it. Kept apart from `session.ts` so that code
 * reaching sessions (and type-checks of generated bundles) does not pull in the MCP SDK's types.
 */

import type { AccessTokenSource } from "../../auth/tokens.js";
import type { ManifestOperation, ManifestUnit } from "../../contract/manifest.js";
import type { Resolver } from "../../net/guard.js";
import type { Closeable, RuntimeEvent } from "../../shared/resources.js";
import type { InvokeResult } from "../shared/types.js";

export interface SessionOptions {
  env: Record<string, string | undefined>;
  baseDir: string;
  fetch?: typeof fetch;
  resolve?: Resolver;
  /** Where an OAuth remote server's tokens are kept (default: the token store in the data folder). */
  oauth?: AccessTokenSource;
  onEvent: (event: RuntimeEvent) => void;
}

/** The MCP requests besides tool calls that serving forwards to a unit's downstream server. */
export type ForwardMethod = "resources/read" | "prompts/get";

/** One downstream MCP server of a runtime (see `session.ts`). */
export interface SessionHandle extends Closeable {
  call(operation: ManifestOperation, input: unknown, signal?: AbortSignal): Promise<InvokeResult>;
  forward(method: ForwardMethod, params: Record<string, unknown>, signal?: AbortSignal): Promise<unknown>;
}

/** What `session.ts` exports. */
export interface SessionModule {
  McpSession: new (unit: ManifestUnit, options: SessionOptions) => SessionHandle;
}
