/**
 * The compiler pipeline: a visible ordered list of stages sharing one typed context. A stage adds
 * diagnostics to the context instead of throwing; later stages work with whatever is still valid.
 */
import type { AccessTokenSource } from "../runtime/auth/tokens.js";
import { bundleFolder } from "./bundle-folder.js";
import type { Diagnostic } from "./codes/diagnostics.js";
import { type DiscoveredProject, discoverProject, type UnitProgress } from "./discover/index.js";
import type { OutOfMemory } from "./discover/out-of-memory.js";
import { type EmitResult, emitBundle } from "./emit/index.js";
import type { BuildMemo } from "./incremental/memo.js";
import type { LoadedProject } from "./load/documents.js";
import { type LoadProjectOptions, loadProject } from "./load/index.js";
import { resolveProject } from "./resolve/index.js";
import type { ResolvedProject } from "./resolve/types.js";
import { type ValidatedProject, validateProject } from "./validate/index.js";
import { checkUnits } from "./validate/unit-checks.js";

/** State shared by the stages of one run. */
export interface PipelineOptions extends LoadProjectOptions {
  /** Absolute output folder of the bundle (emit makes manifest paths relative to it). */
  outDir?: string;
  /** What the previous build of this project kept (watch mode); the result is the same without it. */
  memo?: BuildMemo;
  /** Told when a stage starts and as discovery finishes each unit (a progress line, say). */
  progress?: PipelineProgress;
  /** Where OAuth units' stored tokens are read: the user config's storage (default: the data folder's store). */
  oauth?: AccessTokenSource;
  /** Units an earlier attempt of this build ran out of memory on: left out with UNIT_OUT_OF_MEMORY. */
  outOfMemory?: OutOfMemory;
}

/** Progress events of one run; none changes what the run produces. */
export interface PipelineProgress {
  stage?(name: string): void;
  /** A unit's discovery starts. */
  unitStarted?(unit: string): void;
  unit?(progress: UnitProgress): void;
}

export interface PipelineContext {
  options: PipelineOptions;
  diagnostics: Diagnostic[];
  loaded?: LoadedProject;
  validated?: ValidatedProject;
  resolved?: ResolvedProject;
  discovered?: DiscoveredProject;
  emitted?: EmitResult;
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
    const { memo, ...options } = context.options;
    context.loaded = await loadProject(memo ? { ...options, parseMemo: memo.parsed } : options);
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
    context.resolved = resolveProject(
      context.loaded,
      context.validated.valid,
      context.validated.invalidEntries,
    );
    context.diagnostics.push(...context.resolved.diagnostics);
  },
};

export const discoverStage: Stage = {
  name: "discover",
  async run(context) {
    if (!context.resolved) return;
    const memo = context.options.memo?.discovered;
    const progress = context.options.progress;
    context.discovered = await discoverProject(context.resolved, {
      ...(memo ? { memo } : {}),
      ...(progress?.unit ? { onUnit: (p: UnitProgress) => progress.unit?.(p) } : {}),
      ...(progress?.unitStarted ? { onUnitStart: (id: string) => progress.unitStarted?.(id) } : {}),
      ...(context.options.oauth ? { oauth: context.options.oauth } : {}),
      ...(context.options.outOfMemory ? { outOfMemory: context.options.outOfMemory } : {}),
    });
    context.diagnostics.push(...context.discovered.diagnostics);
  },
};

export const emitStage: Stage = {
  name: "emit",
  run(context) {
    if (!context.resolved || !context.discovered) return;
    const outDir = context.options.outDir ?? context.options.projectDir;
    const memo = context.options.memo?.emitted;
    const folder = bundleFolder(outDir, context.options.projectDir);
    context.emitted = emitBundle(context.discovered.units, context.resolved.settings, {
      outDir,
      ...(folder === undefined ? {} : { bundleFolder: folder }),
      ...(memo ? { memo } : {}),
    });
    context.diagnostics.push(...context.emitted.diagnostics);
  },
};

/**
 * What `validate` checks that `compile` learns while discovering: local spec files, declared input
 * schemas against templates, CLI commands on PATH. `compile` skips it: discovery says the same.
 */
export const checkStage: Stage = {
  name: "check",
  async run(context) {
    if (!context.resolved) return;
    const env = context.options.env ?? process.env;
    context.diagnostics.push(...(await checkUnits(context.resolved.units, env)));
  },
};

/** The stages `unitc validate` runs. */
export const validationStages: readonly Stage[] = [loadStage, validateStage, resolveStage, checkStage];

/** The stages `unitc compile` runs; writing the files is separate (`compiler/write.ts`). */
export const compileStages: readonly Stage[] = [
  loadStage,
  validateStage,
  resolveStage,
  discoverStage,
  emitStage,
];

/** Runs stages in order over a fresh context. */
export async function runPipeline(
  options: PipelineOptions,
  stages: readonly Stage[],
): Promise<PipelineContext> {
  const context: PipelineContext = { options, diagnostics: [], timings: {} };
  for (const stage of stages) {
    options.progress?.stage?.(stage.name);
    const started = performance.now();
    await stage.run(context);
    context.timings[stage.name] = performance.now() - started;
  }
  return context;
}
