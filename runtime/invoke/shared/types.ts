/** The contract between the runtime core and the per-backend invokers. */

import type { ManifestOperation, ManifestUnit } from "../../contract/manifest.js";
import type { RuntimeResources } from "../../shared/resources.js";
import type { RuntimeServices } from "./services.js";

/** One call: its unit and operation, and the runtime's services (`env` always set). */
export interface InvokeContext extends RuntimeServices {
  unit: ManifestUnit;
  operation: ManifestOperation;
  /** Where secret references are resolved from (default `process.env`). */
  env: Record<string, string | undefined>;
  /** The manifest's folder: relative paths in the manifest are resolved against it. */
  baseDir: string;
  /** For a unit bound to a project: the real project root, its working folder (set only then). */
  projectRoot?: string;
  /** Aborts the call (the caller's cancellation); timeouts are the invoker's own. */
  signal?: AbortSignal;
  /** The process makes this call and exits (`unitc call`): see `RuntimeOptions.oneShot`. */
  oneShot?: boolean;
  /** The runtime's long-lived connections (MCP sessions); closed with the runtime. */
  resources?: RuntimeResources;
}

export interface InvokeResult {
  /** Parsed JSON, or text. */
  value: unknown;
  /** True when a byte cap cut the output short; `value` then ends with a visible marker. */
  truncated: boolean;
}

/** Runs one operation. Failures are thrown as `UnitError` with a stable code. */
export type Invoker = (input: unknown, context: InvokeContext) => Promise<InvokeResult>;
