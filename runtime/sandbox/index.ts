/** Code Mode: agent scripts run in QuickJS on worker threads, calling units through the host. */
export { type CodeModeSearchHit, inCodeMode } from "./bridge.js";
export { loadDeclarations } from "./declarations/declarations.js";
export {
  CODE_MODE_API,
  CODE_MODE_INPUT_SCHEMA,
  type CodeModeDescriptionOptions,
  codeModeDescription,
} from "./description.js";
export { SANDBOX_GLOBALS } from "./engine/prelude.js";
export {
  type CodeModeError,
  type CodeModeInput,
  type CodeModeResult,
  type RunCodeModeOptions,
  runCodeMode,
} from "./run.js";
export * as codeModeLimits from "./shared/limits.js";
export type { CheckDiagnostic, LogEntry } from "./shared/protocol.js";
export {
  closeDefaultSandboxPool,
  defaultSandboxPool,
  SandboxPool,
  type SandboxPoolOptions,
} from "./workers/pool.js";
