/** unitc's compiler API: load, validate and resolve units (and, as backends land, discover and emit). */
import type { Diagnostic } from "./diagnostics.js";
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

export type { CodeEntry } from "./code-entry.js";
export { type CompilerCode, compilerCodes } from "./diagnostic-codes.js";
export type { Diagnostic, DiagnosticCode, FormatOptions, Severity } from "./diagnostics.js";
export { formatDiagnostic, formatDiagnostics, hasErrors, sourceLines } from "./diagnostics.js";
export { BuildMemo } from "./incremental/memo.js";
export type { LoadProjectOptions } from "./load/index.js";
export { loadProject, userConfigPath } from "./load/index.js";
export type { PipelineContext, PipelineOptions, PipelineProgress, Stage } from "./pipeline.js";
export { compileStages, runPipeline, validationStages } from "./pipeline.js";
export type { ResolvedProject, ResolvedSettings, ResolvedUnit } from "./resolve/index.js";
export { type WriteOptions, type WriteResult, writeBundle } from "./write.js";

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
