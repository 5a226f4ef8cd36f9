/** `unitc compile`: compile a project's units to a bundle; `--check` compares instead of writing. */
import { relative, resolve } from "node:path";
import { defineCommand } from "citty";
import { type Diagnostic, hasErrors } from "../../compiler/diagnostics.js";
import { type CompileResult, compile, type WriteResult, writeBundle } from "../../compiler/index.js";
import { diffManifests, formatManifestChange } from "../../compiler/manifest-diff.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK, UsageError } from "../io.js";
import { reportDiagnostics } from "../report.js";
import { projectArgs, projectOptions } from "./validate.js";

/** The files to write: the emitted ones, plus `bundle/` when asked for. */
async function bundleOutput(result: CompileResult, bundle: boolean): Promise<Map<string, string>> {
  if (!bundle) return result.files;
  // Loaded on demand: rollup and the TypeScript compiler are heavy to load.
  const { bundleFiles } = await import("../../compiler/bundle.js");
  const bundled = await bundleFiles(result.files);
  result.diagnostics.push(...bundled.diagnostics);
  return bundled.files;
}

/** How many units and operations were compiled. */
function compiledCount(result: CompileResult): { units: number; operations: number } {
  const units = result.context.discovered?.units ?? [];
  return { units: units.length, operations: units.reduce((n, u) => n + u.operations.length, 0) };
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
      out: { type: "string", description: "Output folder (default <project>/generated)", valueHint: "DIR" },
      check: { type: "boolean", description: "Write nothing; exit 1 when the output folder differs" },
      bundle: { type: "boolean", description: "Also emit one ESM file plus declarations under bundle/" },
      watch: { type: "boolean", description: "Rebuild on every change until stopped (Ctrl-C)" },
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
      const result = await compile({ ...options, outDir });
      const count = compiledCount(result);
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
        setExit(stale || failed ? EXIT_ERRORS : EXIT_OK);
        return;
      }
      const tally = `${written.written.length} written, ${written.unchanged.length} unchanged, ${written.removed.length} removed`;
      const line = `compiled ${count.units} units (${count.operations} operations) to ${shown}: ${tally}\n`;
      report(diagnostics, line, failed ? EXIT_ERRORS : EXIT_OK);
    },
  });
}
