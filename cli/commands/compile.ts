/** `unitc compile`: compile a project's units to a bundle; `--check` compares instead of writing. */
import { relative, resolve } from "node:path";
import { defineCommand } from "citty";
import { hasErrors } from "../../compiler/diagnostics.js";
import { compile, writeBundle } from "../../compiler/index.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK } from "../io.js";
import { reportDiagnostics } from "../report.js";
import { projectArgs, projectOptions } from "./validate.js";

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
    },
    async run({ args }) {
      const options = projectOptions(io, args);
      const outDir = resolve(io.cwd, args.out ?? resolve(options.projectDir, "generated"));
      const result = await compile({ ...options, outDir });
      const diagnostics = [...result.diagnostics];
      let files = result.files;
      if (args.bundle && files.size > 0) {
        // Loaded on demand: rollup and the TypeScript compiler are heavy to load.
        const { bundleFiles } = await import("../../compiler/bundle.js");
        const bundled = await bundleFiles(files);
        diagnostics.push(...bundled.diagnostics);
        files = bundled.files;
      }
      const shown = relative(io.cwd, outDir) || ".";
      const failed = hasErrors(diagnostics);
      if (files.size === 0) {
        reportDiagnostics(io, diagnostics, "text");
        io.stderr(`nothing compiled: fix the errors above\n`);
        setExit(EXIT_ERRORS);
        return;
      }
      const written = await writeBundle(files, { outDir, check: args.check === true });
      diagnostics.push(...written.diagnostics);
      reportDiagnostics(io, diagnostics, "text");
      const units = result.context.discovered?.units ?? [];
      const operations = units.reduce((n, u) => n + u.operations.length, 0);
      if (args.check) {
        for (const d of written.differences) io.stdout(`${shown}/${d.path}: ${d.change}\n`);
        const stale = written.differences.length > 0;
        io.stderr(
          stale
            ? `${shown} is out of date: ${written.differences.length} file(s) differ; run unitc compile\n`
            : `${shown} is up to date (${units.length} units, ${operations} operations)\n`,
        );
        setExit(stale || hasErrors(diagnostics) ? EXIT_ERRORS : EXIT_OK);
        return;
      }
      io.stderr(
        `compiled ${units.length} units (${operations} operations) to ${shown}: ` +
          `${written.written.length} written, ${written.unchanged.length} unchanged, ${written.removed.length} removed\n`,
      );
      setExit(failed || hasErrors(written.diagnostics) ? EXIT_ERRORS : EXIT_OK);
    },
  });
}
