/**
 * `unitc compile`: compile a project's units to a bundle; `--check` compares instead of writing. A
 * compile with errors writes nothing, so a failing unit (an unreachable spec, say) never deletes the
 * output committed for it; `--partial` writes the units that compiled and keeps the failed ones' files.
 */
import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { defineCommand } from "citty";
import { type Diagnostic, hasErrors } from "../../compiler/diagnostics.js";
import {
  checkUpToDate,
  compiledBuild,
  type RecordOptions,
  recordBuild,
  type SourceSnapshot,
  snapshotSources,
} from "../../compiler/incremental/build-record.js";
import type { CompileResult, PipelineProgress, WriteResult } from "../../compiler/index.js";
import { diffManifests, formatManifestChange } from "../../compiler/manifest-diff.js";
import { bundleOutput } from "../bundle-output.js";
import {
  type Count,
  checkLine,
  erroredLine,
  upToDateLine,
  writeFailedLine,
  writtenLine,
} from "../compile-lines.js";
import { type CompileOutcome, reportCompile } from "../compile-report.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK, UsageError } from "../io.js";
import { progressLine } from "../progress-line.js";
import { includeUserUnitsArg, projectArgs, projectOptions } from "../project-args.js";
import type { ReportFormat } from "../report.js";

/** How many units and operations were compiled. */
function compiledCount(result: CompileResult): Count {
  const units = result.context.discovered?.units ?? [];
  return { units: units.length, operations: units.reduce((n, u) => n + u.operations.length, 0) };
}

/** Records a clean build, so the next compile with nothing changed can skip the work. */
async function rememberBuild(
  record: RecordOptions,
  before: SourceSnapshot,
  result: CompileResult,
  files: ReadonlyMap<string, string>,
): Promise<void> {
  const build = compiledBuild(result, files.keys());
  if (build) await recordBuild(record, before, build);
}

/** One line per operation whose schema or description changed since the manifest on disk. */
function changedOperations(written: WriteResult, files: ReadonlyMap<string, string>): string[] {
  const next = files.get("manifest.json");
  if (next === undefined || written.previousManifest === undefined) return [];
  let previous: unknown;
  try {
    previous = JSON.parse(written.previousManifest);
  } catch {
    return [];
  }
  return diffManifests(previous, JSON.parse(next)).map(formatManifestChange);
}

/** The files to write, and the failed units whose previous output they keep (`--partial`). */
async function outputFiles(
  result: CompileResult,
  outDir: string,
  partial: boolean,
): Promise<{ files: Map<string, string>; kept: string[] }> {
  if (!partial || !hasErrors(result.diagnostics)) return { files: result.files, kept: [] };
  const { keepFailedUnits } = await import("../../compiler/keep-failed.js");
  return (await keepFailedUnits(result.context, outDir)) ?? { files: result.files, kept: [] };
}

/** What one compile needs beyond the project options. */
interface CompilePlan {
  options: ReturnType<typeof projectOptions>;
  record: RecordOptions;
  /** The output folder as printed. */
  shown: string;
  check: boolean;
  partial: boolean;
  bundle: boolean;
  progress?: PipelineProgress;
}

/** Compiles, then writes (or compares, with `--check`) and records a clean build. */
async function compileOnce(plan: CompilePlan): Promise<CompileOutcome> {
  const { options, record, shown, check, partial, bundle, progress } = plan;
  const { outDir } = record;
  const sources = await snapshotSources(record);
  // Loaded only now: the up-to-date check needs none of the compiler.
  const { compile, writeBundle } = await import("../../compiler/index.js");
  const result = await compile({ ...options, outDir, ...(progress ? { progress } : {}) });
  const count = compiledCount(result);
  const { timings } = result.context;
  const report = (diagnostics: readonly Diagnostic[], status: string, code: number): CompileOutcome => ({
    code,
    line: status,
    diagnostics,
    count,
    timings,
  });
  const failed = hasErrors(result.diagnostics);
  // A build with errors writes nothing unless asked to: the last output stays as it was.
  if (failed && !partial && !check) {
    const kept = existsSync(join(outDir, "manifest.json"));
    return report(result.diagnostics, erroredLine(count, shown, kept), EXIT_ERRORS);
  }
  const output = await outputFiles(result, outDir, partial);
  // With errors and no unit left, writing would only empty the output folder.
  if (output.files.size === 0 || (failed && count.units === 0 && output.kept.length === 0))
    return report(result.diagnostics, "nothing compiled: fix the errors above\n", EXIT_ERRORS);
  const before = result.diagnostics.length;
  if (bundle) progress?.stage?.("bundle");
  const files = await bundleOutput({ ...result, files: output.files }, bundle);
  // A failed bundle must not replace a good one on disk: write nothing.
  if (hasErrors(result.diagnostics.slice(before)))
    return report(result.diagnostics, "nothing written: the bundle build failed\n", EXIT_ERRORS);
  progress?.stage?.(check ? "compare" : "write");
  const written = await writeBundle(files, { outDir, check });
  const diagnostics = [...result.diagnostics, ...written.diagnostics];
  if (hasErrors(written.diagnostics))
    return {
      code: EXIT_ERRORS,
      line: writeFailedLine(shown, written),
      diagnostics,
      count,
      written,
      timings,
    };
  if (check) {
    const stale = written.differences.length > 0;
    if (!stale && !failed) await rememberBuild(record, sources, result, files);
    return {
      code: stale || failed ? EXIT_ERRORS : EXIT_OK,
      line: checkLine(count, shown, written.differences.length, failed),
      diagnostics,
      count,
      written,
      timings,
      changedOperations: stale ? changedOperations(written, files) : [],
    };
  }
  if (!failed) await rememberBuild(record, sources, result, files);
  return {
    code: failed ? EXIT_ERRORS : EXIT_OK,
    line: writtenLine(count, shown, written, output.kept),
    diagnostics,
    count,
    written,
    timings,
    kept: output.kept,
  };
}

export function compileCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: {
      name: "compile",
      description: "Compile units to typed clients, Code Mode declarations and a manifest",
    },
    args: {
      ...projectArgs,
      ...includeUserUnitsArg,
      out: { type: "string", description: "Output folder (default <project>/generated)", valueHint: "DIR" },
      check: { type: "boolean", description: "Write nothing; exit 1 when the output folder differs" },
      bundle: { type: "boolean", description: "Also emit one ESM file plus declarations under bundle/" },
      watch: { type: "boolean", description: "Rebuild on every change until stopped (Ctrl-C)" },
      force: { type: "boolean", description: "Compile even when nothing changed since the last compile" },
      format: {
        type: "enum",
        options: ["text", "json"],
        default: "text",
        description: "Output format: json prints the outcome as one JSON object on stdout",
      },
      partial: {
        type: "boolean",
        description: "With errors, still write the units that compiled; failed units keep their last output",
      },
    },
    async run({ args }) {
      const started = performance.now();
      const options = projectOptions(io, args);
      const outDir = resolve(io.cwd, args.out ?? resolve(options.projectDir, "generated"));
      const format = args.format as ReportFormat;
      if (args.watch) {
        if (args.check) throw new UsageError("--watch and --check cannot be combined");
        if (format === "json") throw new UsageError("--watch and --format json cannot be combined");
        const { watchUntilStopped } = await import("./watch.js");
        await watchUntilStopped(io, { ...options, outDir, bundle: args.bundle === true });
        return setExit(EXIT_OK);
      }
      const record: RecordOptions = { ...options, outDir, variant: args.bundle ? "bundle" : "" };
      const shown = relative(io.cwd, outDir) || ".";
      const check = args.check === true;
      // Text mode only: with --format json, stderr carries nothing but real problems.
      const line = format === "text" ? progressLine(io) : progressLine({ ...io, stderrIsTTY: false });
      const finish = (outcome: CompileOutcome) => {
        line.clear();
        const timings = { ...outcome.timings, total: performance.now() - started };
        setExit(reportCompile(io, format, { ...outcome, timings }, { outDir: shown, check }));
      };
      const recorded = args.force ? undefined : await checkUpToDate(record);
      if (recorded) {
        return finish({
          code: EXIT_OK,
          line: upToDateLine(recorded, shown, check),
          diagnostics: recorded.diagnostics,
          count: recorded,
          upToDate: true,
          written: { written: [], unchanged: recorded.files, removed: [], differences: [] },
        });
      }
      finish(
        await compileOnce({
          options,
          record,
          shown,
          check,
          partial: args.partial === true,
          bundle: args.bundle === true,
          ...(line.progress ? { progress: line.progress } : {}),
        }),
      );
    },
  });
}
