/** unitc's compiler API: load, validate and resolve units (and, as backends land, discover and emit). */
import type { LoadProjectOptions } from "./load/index.js";
import { type PipelineContext, runPipeline, validationStages } from "./pipeline.js";

export type { Diagnostic, Severity } from "./diagnostics.js";
export { formatDiagnostic, formatDiagnostics, hasErrors } from "./diagnostics.js";
export type { LoadProjectOptions } from "./load/index.js";
export { loadProject, userConfigPath } from "./load/index.js";
export type { PipelineContext, Stage } from "./pipeline.js";
export { runPipeline, validationStages } from "./pipeline.js";
export type { ResolvedProject, ResolvedSettings, ResolvedUnit } from "./resolve/index.js";

/** Loads, validates and resolves a project; the result lists its units and every diagnostic. */
export function validate(options: LoadProjectOptions): Promise<PipelineContext> {
  return runPipeline(options, validationStages);
}
