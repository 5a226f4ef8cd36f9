/** The contract between the runtime core and the per-backend invokers. */

import type { AccessTokenSource } from "../../auth/tokens.js";
import type { ManifestOperation, ManifestUnit } from "../../contract/manifest.js";
import type { Resolver } from "../../net/guard.js";
import type { SecretSource } from "../../shared/references.js";
import type { RuntimeResources } from "../../shared/resources.js";

export interface InvokeContext {
  unit: ManifestUnit;
  operation: ManifestOperation;
  /** Where secret references are resolved from (default `process.env`). */
  env: Record<string, string | undefined>;
  /** Where `vault:NAME` references are read (none: such a reference fails with SECRET_UNAVAILABLE). */
  vault?: SecretSource;
  /** The manifest's folder: relative paths in the manifest are resolved against it. */
  baseDir: string;
  /** For a unit bound to a project: the real project root, its working folder (set only then). */
  projectRoot?: string;
  /** Aborts the call (the caller's cancellation); timeouts are the invoker's own. */
  signal?: AbortSignal;
  /** The fetch to use (default global fetch); tests never replace it with a mock. */
  fetch?: typeof fetch;
  /** Resolves hostnames for the outbound guard (default: the system resolver). */
  resolve?: Resolver;
  /** The process makes this call and exits (`unitc call`): see `RuntimeOptions.oneShot`. */
  oneShot?: boolean;
  /** The runtime's long-lived connections (MCP sessions); closed with the runtime. */
  resources?: RuntimeResources;
  /** Where OAuth access tokens come from (default: the token store in the data folder). */
  oauth?: AccessTokenSource;
}

export interface InvokeResult {
  /** Parsed JSON, or text. */
  value: unknown;
  /** True when a byte cap cut the output short; `value` then ends with a visible marker. */
  truncated: boolean;
}

/** Runs one operation. Failures are thrown as `UnitError` with a stable code. */
export type Invoker = (input: unknown, context: InvokeContext) => Promise<InvokeResult>;
