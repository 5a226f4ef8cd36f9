/**
 * How `unitc compile` ends: as text (diagnostics on stdout, one status line on stderr) or, with
 * `--format json`, as one JSON object on stdout. The exit code is the same either way.
 */
import type { Diagnostic } from "../compiler/codes/diagnostics.js";
import type { WriteResult } from "../compiler/index.js";
import type { BuildReads } from "../compiler/load/read-log.js";
import type { Count } from "./compile-lines.js";
import { readsJson } from "./compile-reads.js";
import type { CliIO } from "./io.js";
import { type ReportFormat, reportDiagnostics } from "./report.js";

/** Everything one compile has to say. */
export interface CompileOutcome {
  code: number;
  /** The status line (ends with a newline). */
  line: string;
  diagnostics: readonly Diagnostic[];
  count: Count;
  /** The write stage's result; absent when nothing was written or compared. */
  written?: Pick<WriteResult, "written" | "unchanged" | "removed" | "differences">;
  /** True when the build record showed nothing changed, so nothing was compiled. */
  upToDate?: boolean;
  /** `--check`: one line per operation whose schema or description changed. */
  changedOperations?: readonly string[];
  /** `--partial`: failed units whose previous output was kept. */
  kept?: readonly string[];
  timings?: Record<string, number>;
  /** What the compile read (see `compile-reads.ts`). */
  reads?: BuildReads;
}

/** Prints the outcome in `format` and returns its exit code. */
export function reportCompile(
  io: CliIO,
  format: ReportFormat,
  outcome: CompileOutcome,
  options: { outDir: string; check: boolean },
): number {
  if (format === "text") {
    reportDiagnostics(io, outcome.diagnostics, "text");
    if (options.check) {
      for (const d of outcome.written?.differences ?? [])
        io.stdout(`${options.outDir}/${d.path}: ${d.change}\n`);
      for (const line of outcome.changedOperations ?? []) io.stdout(`${line}\n`);
    }
    io.stderr(outcome.line);
    return outcome.code;
  }
  const timings = Object.fromEntries(
    Object.entries(outcome.timings ?? {}).map(([stage, ms]) => [stage, Math.round(ms)]),
  );
  reportDiagnostics(io, outcome.diagnostics, "json", {
    ok: outcome.code === 0,
    exitCode: outcome.code,
    status: outcome.line.trimEnd(),
    outDir: options.outDir,
    check: options.check,
    upToDate: outcome.upToDate === true,
    units: outcome.count.units,
    operations: outcome.count.operations,
    files: {
      written: sorted(outcome.written?.written),
      unchanged: sorted(outcome.written?.unchanged),
      removed: sorted(outcome.written?.removed),
    },
    differences: options.check ? (outcome.written?.differences ?? []) : [],
    changedOperations: outcome.changedOperations ?? [],
    kept: outcome.kept ?? [],
    timings,
    reads: readsJson(outcome.reads),
  });
  return outcome.code;
}

/** A file list in path order, whichever order it was made in. */
function sorted(paths: readonly string[] = []): string[] {
  return [...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
