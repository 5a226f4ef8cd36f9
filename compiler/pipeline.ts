/**
 * The compiler pipeline: a visible ordered list of stages sharing one typed context. A stage adds
 * diagnostics to the context instead of throwing; later stages work with whatever is still valid.
 */
import type { Diagnostic } from "./diagnostics.js";
import type { LoadedProject } from "./load/documents.js";
import { type LoadProjectOptions, loadProject } from "./load/index.js";
import { resolveProject } from "./resolve/index.js";
import type { ResolvedProject } from "./resolve/types.js";
import { type ValidatedProject, validateProject } from "./validate/index.js";

/** State shared by the stages of one run. */
export interface PipelineContext {
  options: LoadProjectOptions;
  diagnostics: Diagnostic[];
  loaded?: LoadedProject;
  validated?: ValidatedProject;
  resolved?: ResolvedProject;
  /** Milliseconds each stage took, for status lines and benchmarks. */
  timings: Record<string, number>;
}

export interface Stage {
  name: string;
  run(context: PipelineContext): void | Promise<void>;
}

export const loadStage: Stage = {
  name: "load",
  async run(context) {
    context.loaded = await loadProject(context.options);
    context.diagnostics.push(...context.loaded.diagnostics);
  },
};

export const validateStage: Stage = {
  name: "validate",
  run(context) {
    if (!context.loaded) return;
    context.validated = validateProject(context.loaded);
    context.diagnostics.push(...context.validated.diagnostics);
  },
};

export const resolveStage: Stage = {
  name: "resolve",
  run(context) {
    if (!context.loaded || !context.validated) return;
    context.resolved = resolveProject(context.loaded, context.validated.valid);
    context.diagnostics.push(...context.resolved.diagnostics);
  },
};

/** The stages `unitc validate` runs. */
export const validationStages: readonly Stage[] = [loadStage, validateStage, resolveStage];

/** Runs stages in order over a fresh context. */
export async function runPipeline(
  options: LoadProjectOptions,
  stages: readonly Stage[],
): Promise<PipelineContext> {
  const context: PipelineContext = { options, diagnostics: [], timings: {} };
  for (const stage of stages) {
    const started = performance.now();
    await stage.run(context);
    context.timings[stage.name] = performance.now() - started;
  }
  return context;
}
