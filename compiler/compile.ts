/** `compile()` and `validate()`: the pipeline's two runs over a project, pure apart from reading inputs. */
import type { AccessTokenSource } from "../runtime/auth/tokens.js";
import type { Diagnostic } from "./codes/diagnostics.js";
import type { OutOfMemory } from "./discover/out-of-memory.js";
import type { BuildMemo } from "./incremental/memo.js";
import type { LoadProjectOptions } from "./load/index.js";
import {
  compileStages,
  type PipelineContext,
  type PipelineOptions,
  type PipelineProgress,
  runPipeline,
  validationStages,
} from "./pipeline.js";

/**
 * Loads, validates and resolves a project; the result lists its units and every diagnostic. Unlike
 * `compile`, it checks the user config's units too unless `includeUserUnits` is false.
 */
export function validate(options: LoadProjectOptions): Promise<PipelineContext> {
  return runPipeline({ includeUserUnits: true, ...options }, validationStages);
}

export interface CompileOptions extends LoadProjectOptions {
  /** Output folder (absolute); default `<projectDir>/generated`. */
  outDir?: string;
  /** Kept between builds of one project (watch mode): see {@link BuildMemo}. */
  memo?: BuildMemo;
  /** Told as the build goes: stages, units discovered (the CLI's progress line). */
  progress?: PipelineProgress;
  /** Where OAuth units' stored tokens are read: the user config's storage (default: the data folder's store). */
  oauth?: AccessTokenSource;
  /** Units an earlier attempt of this build ran out of memory on: left out with UNIT_OUT_OF_MEMORY. */
  outOfMemory?: OutOfMemory;
}

export interface CompileResult {
  /** Relative path → text of every file of the bundle; empty when there are errors before emit. */
  files: Map<string, string>;
  diagnostics: Diagnostic[];
  context: PipelineContext;
}

/** Compiles a project to the files of a bundle (pure apart from reading inputs; writes nothing). */
export async function compile(options: CompileOptions): Promise<CompileResult> {
  const pipelineOptions: PipelineOptions = {
    ...options,
    outDir: options.outDir ?? `${options.projectDir}/generated`,
  };
  const context = await runPipeline(pipelineOptions, compileStages);
  return { files: context.emitted?.files ?? new Map(), diagnostics: context.diagnostics, context };
}
