/**
 * unitc's compiler API, as the `unitc` package exports it. Named exports only: what is not listed
 * here is internal and may change (test/compiler/index.test.ts lists the names, so a change to this
 * surface shows as a diff).
 */

export { type BuildFailure, type BuildOptions, type BuildOutcome, type BuildStatus, build } from "./build.js";
export type { CodeEntry } from "./codes/code-entry.js";
export { type CompilerCode, compilerCodes } from "./codes/diagnostic-codes.js";
export type { Diagnostic, DiagnosticCode, FormatOptions, Severity } from "./codes/diagnostics.js";
export { formatDiagnostic, formatDiagnostics, hasErrors } from "./codes/diagnostics.js";
export { type CompileOptions, type CompileResult, compile, validate } from "./compile.js";
export { BuildMemo } from "./incremental/memo.js";
export { type LoadProjectOptions, loadProject, userConfigPath } from "./load/index.js";
export type { PipelineContext, PipelineProgress } from "./pipeline.js";
export type { ResolvedProject, ResolvedSettings, ResolvedUnit } from "./resolve/index.js";
export {
  type ProjectWatcher,
  type WatchBuild,
  type WatchOptions,
  watchProject,
} from "./watch.js";
export { type WriteOptions, type WriteResult, writeBundle } from "./write.js";
