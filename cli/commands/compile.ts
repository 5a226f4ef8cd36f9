/** `unitc compile`: compile a project's units to a bundle; `--check` compares instead of writing. */
import { relative, resolve } from "node:path";
import { defineCommand } from "citty";
import { type Diagnostic, hasErrors } from "../../compiler/diagnostics.js";
import type { CompileResult, WriteResult } from "../../compiler/index.js";
import { diffManifests, formatManifestChange } from "../../compiler/manifest-diff.js";
import {
  checkUpToDate,
  type RecordedBuild,
  type RecordOptions,
  recordBuild,
  type SourceSnapshot,
  snapshotSources,
} from "../../compiler/up-to-date.js";
import { bundleOutput } from "../bundle-output.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK, UsageError } from "../io.js";
import { includeUserUnitsArg, projectArgs, projectOptions } from "../project-args.js";
import { reportDiagnostics } from "../report.js";

/** How many units and operations were compiled. */
function compiledCount(result: CompileResult): { units: number; operations: number } {
  const units = result.context.discovered?.units ?? [];
  return { units: units.length, operations: units.reduce((n, u) => n + u.operations.length, 0) };
}

/** The line for a compile the build record shows to be up to date. */
function upToDateLine(recorded: RecordedBuild, shown: string, check: boolean): string {
  const counts = `${recorded.units} units, ${recorded.operations} operations`;
  return check
    ? `${shown} is up to date (${counts}; nothing changed since the last compile)\n`
    : `compiled ${recorded.units} units (${recorded.operations} operations) to ${shown}: ` +
        `0 written, ${recorded.files.length} unchanged, 0 removed (nothing changed since the last compile)\n`;
}

/** Records a clean build, so the next compile with nothing changed can skip the work. */
async function rememberBuild(
  record: RecordOptions,
  before: SourceSnapshot,
  result: CompileResult,
  files: ReadonlyMap<string, string>,
  count: { units: number; operations: number },
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

/** The status line after a write the write stage refused or could not finish. */
function writeFailedLine(shown: string, written: WriteResult): string {
  const done = written.written.length + written.removed.length;
  return done === 0
    ? `nothing written to ${shown}: fix the errors above\n`
    : `${shown} is partly written (${done} file(s) changed): fix the errors above and run unitc compile again\n`;
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
      const shownDir = relative(io.cwd, outDir) || ".";
      const recorded = args.force ? undefined : await checkUpToDate(record);
      if (recorded) {
        reportDiagnostics(io, recorded.diagnostics, "text");
        io.stderr(upToDateLine(recorded, shownDir, args.check === true));
        return setExit(EXIT_OK);
      }
      const sources = await snapshotSources(record);
      // Loaded only now: the up-to-date check needs none of the compiler.
      const { compile, writeBundle } = await import("../../compiler/index.js");
      const result = await compile({ ...options, outDir });
      const count = compiledCount(result);
      const remember = (files: ReadonlyMap<string, string>) =>
        rememberBuild(record, sources, result, files, count);
      const report = (diagnostics: readonly Diagnostic[], line: string, code: number) => {
        reportDiagnostics(io, diagnostics, "text");
        io.stderr(line);
        setExit(code);
      };
      // With errors and no unit left, writing would only empty the output folder.
      if (result.files.size === 0 || (hasErrors(result.diagnostics) && count.units === 0)) {
        report(result.diagnostics, "nothing compiled: fix the errors above\n", EXIT_ERRORS);
        return;
      }
      const before = result.diagnostics.length;
      const files = await bundleOutput(result, args.bundle === true);
      // A failed bundle must not replace a good one on disk: write nothing.
      if (hasErrors(result.diagnostics.slice(before))) {
        report(result.diagnostics, "nothing written: the bundle build failed\n", EXIT_ERRORS);
        return;
      }
      const failed = hasErrors(result.diagnostics);
      const shown = relative(io.cwd, outDir) || ".";
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
        const errors = failed ? ", but the project has errors (above)" : "";
        io.stderr(
          stale
            ? `${shown} is out of date: ${written.differences.length} file(s) differ; run unitc compile${errors}\n`
            : `${shown} is up to date (${count.units} units, ${count.operations} operations)${errors}\n`,
        );
        if (!stale && !failed) await remember(files);
        setExit(stale || failed ? EXIT_ERRORS : EXIT_OK);
        return;
      }
      if (!failed) await remember(files);
      const tally = `${written.written.length} written, ${written.unchanged.length} unchanged, ${written.removed.length} removed`;
      const line = `compiled ${count.units} units (${count.operations} operations) to ${shown}: ${tally}\n`;
      report(diagnostics, line, failed ? EXIT_ERRORS : EXIT_OK);
    },
  });
}
