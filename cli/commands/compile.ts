/**
 * `unitc compile`: compile a project's units to a bundle; `--check` compares instead of writing. A
 * compile with errors writes nothing, so a failing unit (an unreachable spec, say) never deletes the
 * output committed for it; `--partial` writes the units that compiled and keeps the failed ones' files.
 */
import { existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { defineCommand } from "citty";
import { type Diagnostic, hasErrors } from "../../compiler/diagnostics.js";
import type { CompileResult, WriteResult } from "../../compiler/index.js";
import { diffManifests, formatManifestChange } from "../../compiler/manifest-diff.js";
import {
  checkUpToDate,
  type RecordOptions,
  recordBuild,
  type SourceSnapshot,
  snapshotSources,
} from "../../compiler/up-to-date.js";
import { bundleOutput } from "../bundle-output.js";
import {
  type Count,
  checkLine,
  erroredLine,
  upToDateLine,
  writeFailedLine,
  writtenLine,
} from "../compile-lines.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK, UsageError } from "../io.js";
import { includeUserUnitsArg, projectArgs, projectOptions } from "../project-args.js";
import { reportDiagnostics } from "../report.js";

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
  count: Count,
): Promise<void> {
  const discovered = result.context.discovered;
  if (!discovered) return;
  await recordBuild(record, before, {
    ...count,
    diagnostics: result.diagnostics,
    files: [...files.keys()],
    setRoots: discovered.roots,
    inputs: discovered.inputHashes,
    remote: discovered.remote,
  });
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
      partial: {
        type: "boolean",
        description: "With errors, still write the units that compiled; failed units keep their last output",
      },
    },
    async run({ args }) {
      const options = projectOptions(io, args);
      const outDir = resolve(io.cwd, args.out ?? resolve(options.projectDir, "generated"));
      if (args.watch) {
        if (args.check) throw new UsageError("--watch and --check cannot be combined");
        const { watchUntilStopped } = await import("./watch.js");
        await watchUntilStopped(io, { ...options, outDir, bundle: args.bundle === true });
        return setExit(EXIT_OK);
      }
      const record: RecordOptions = { ...options, outDir, variant: args.bundle ? "bundle" : "" };
      const shown = relative(io.cwd, outDir) || ".";
      const recorded = args.force ? undefined : await checkUpToDate(record);
      if (recorded) {
        reportDiagnostics(io, recorded.diagnostics, "text");
        io.stderr(upToDateLine(recorded, shown, args.check === true));
        return setExit(EXIT_OK);
      }
      const sources = await snapshotSources(record);
      // Loaded only now: the up-to-date check needs none of the compiler.
      const { compile, writeBundle } = await import("../../compiler/index.js");
      const result = await compile({ ...options, outDir });
      const count = compiledCount(result);
      const report = (diagnostics: readonly Diagnostic[], line: string, code: number) => {
        reportDiagnostics(io, diagnostics, "text");
        io.stderr(line);
        setExit(code);
      };
      const failed = hasErrors(result.diagnostics);
      // A build with errors writes nothing unless asked to: the last output stays as it was.
      if (failed && !args.partial && !args.check) {
        report(
          result.diagnostics,
          erroredLine(count, shown, existsSync(join(outDir, "manifest.json"))),
          EXIT_ERRORS,
        );
        return;
      }
      const output = await outputFiles(result, outDir, args.partial === true);
      // With errors and no unit left, writing would only empty the output folder.
      if (output.files.size === 0 || (failed && count.units === 0 && output.kept.length === 0)) {
        report(result.diagnostics, "nothing compiled: fix the errors above\n", EXIT_ERRORS);
        return;
      }
      const before = result.diagnostics.length;
      const files = await bundleOutput({ ...result, files: output.files }, args.bundle === true);
      // A failed bundle must not replace a good one on disk: write nothing.
      if (hasErrors(result.diagnostics.slice(before))) {
        report(result.diagnostics, "nothing written: the bundle build failed\n", EXIT_ERRORS);
        return;
      }
      const written = await writeBundle(files, { outDir, check: args.check === true });
      const diagnostics = [...result.diagnostics, ...written.diagnostics];
      if (hasErrors(written.diagnostics)) {
        report(diagnostics, writeFailedLine(shown, written), EXIT_ERRORS);
        return;
      }
      if (args.check) {
        reportDiagnostics(io, diagnostics, "text");
        for (const d of written.differences) io.stdout(`${shown}/${d.path}: ${d.change}\n`);
        const stale = written.differences.length > 0;
        if (stale) for (const line of changedOperations(written, files)) io.stdout(`${line}\n`);
        io.stderr(checkLine(count, shown, written.differences.length, failed));
        if (!stale && !failed) await rememberBuild(record, sources, result, files, count);
        setExit(stale || failed ? EXIT_ERRORS : EXIT_OK);
        return;
      }
      if (!failed) await rememberBuild(record, sources, result, files, count);
      report(diagnostics, writtenLine(count, shown, written, output.kept), failed ? EXIT_ERRORS : EXIT_OK);
    },
  });
}
