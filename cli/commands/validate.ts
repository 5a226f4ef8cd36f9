/** `unitc validate`: load, validate and resolve a project's units; exit 1 on any error. */
import { relative } from "node:path";
import { defineCommand } from "citty";
import { hasErrors } from "../../compiler/codes/diagnostics.js";
import { validate } from "../../compiler/index.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK } from "../io.js";
import { formatArgs, outputFormat } from "../output-format.js";
import { projectArgs, projectOptions } from "../project-args.js";
import { type ReportFormat, reportDiagnostics, summaryLine } from "../report.js";

export function validateCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "validate", description: "Check config and unit files and report every problem" },
    args: {
      ...projectArgs,
      ...formatArgs,
    },
    async run({ args }) {
      const context = await validate(projectOptions(io, args));
      const units = context.resolved?.units ?? [];
      const format: ReportFormat = outputFormat(args);
      reportDiagnostics(io, context.diagnostics, format, {
        ok: !hasErrors(context.diagnostics),
        units: units.map((u) => ({
          id: u.id,
          kind: u.kind,
          file: relative(io.cwd, u.origin.file) || u.origin.file,
        })),
      });
      if (format === "text") io.stderr(`${summaryLine(units.length, context.diagnostics)}\n`);
      setExit(hasErrors(context.diagnostics) ? EXIT_ERRORS : EXIT_OK);
    },
  });
}
