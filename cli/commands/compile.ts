/**
 * `unitc compile`: compile a project's units to a bundle; `--check` compares instead of writing. What
 * a build does (nothing changed, write, compare, partial, keep the last output) is `build()`'s
 * (`compiler/build.ts`); this command prints its outcome and maps it to an exit code.
 */
import { relative, resolve } from "node:path";
import { defineCommand } from "citty";
import type { BuildOutcome } from "../../compiler/build.js";
import { compileStatusLine } from "../compile-lines.js";
import { loggedBuild } from "../compile-reads.js";
import { type CompileOutcome, reportCompile } from "../compile-report.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK, UsageError } from "../io.js";
import { formatArgs, outputFormat } from "../output-format.js";
import { progressLine } from "../progress-line.js";
import { includeUserUnitsArg, projectArgs, projectOptions } from "../project-args.js";
import type { ReportFormat } from "../report.js";
import { trustArg } from "../trust/gate.js";

/** The exit code of a build: 1 when it failed, would change the output, or the project has errors. */
function exitCode(outcome: BuildOutcome): number {
  return outcome.status === "failed" || outcome.status === "would-change" || outcome.errors
    ? EXIT_ERRORS
    : EXIT_OK;
}

/** What the report prints of a build. */
function reported(outcome: BuildOutcome, shown: string, check: boolean): CompileOutcome {
  const { written, unchanged, removed, differences } = outcome;
  return {
    code: exitCode(outcome),
    line: compileStatusLine(outcome, shown, check),
    diagnostics: outcome.diagnostics,
    count: outcome,
    timings: outcome.timings,
    ...(outcome.fromRecord ? { upToDate: true } : {}),
    ...(outcome.files || outcome.fromRecord ? { written: { written, unchanged, removed, differences } } : {}),
    changedOperations: outcome.changedOperations,
    kept: outcome.kept,
    ...(outcome.reads ? { reads: outcome.reads } : {}),
  };
}

const compileArgs = {
  ...projectArgs,
  ...includeUserUnitsArg,
  out: { type: "string", description: "Output folder (default <project>/generated)", valueHint: "DIR" },
  check: { type: "boolean", description: "Write nothing; exit 1 when the output folder differs" },
  bundle: {
    type: "boolean",
    description:
      "Also emit one ESM file plus declarations under bundle/ (this once; output.bundle in the config: always)",
  },
  watch: { type: "boolean", description: "Rebuild on every change until stopped (Ctrl-C)" },
  force: { type: "boolean", description: "Compile even when nothing changed since the last compile" },
  ...formatArgs,
  partial: {
    type: "boolean",
    description: "With errors, still write the units that compiled; failed units keep their last output",
  },
  ...trustArg,
} as const;

/** The build options the flags ask for: the project, the output folder, the record unless `--force`. */
function compileOptions(
  io: CliIO,
  args: Parameters<typeof projectOptions>[1] & {
    out?: string;
    bundle?: boolean;
    check?: boolean;
    partial?: boolean;
    force?: boolean;
  },
) {
  const options = projectOptions(io, args);
  const outDir = resolve(io.cwd, args.out ?? resolve(options.projectDir, "generated"));
  // Without the flag, the project config's output.bundle decides (in build, for every build).
  const bundleFlag = typeof args.bundle === "boolean" ? { bundle: args.bundle } : {};
  const buildOptions = {
    ...options,
    outDir,
    check: args.check === true,
    partial: args.partial === true,
    ...bundleFlag,
    record: true,
    reuseRecord: args.force !== true,
  };
  return { options, outDir, bundleFlag, buildOptions };
}

export function compileCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: {
      name: "compile",
      description: "Compile units to typed clients, Code Mode declarations and a manifest",
    },
    args: compileArgs,
    async run({ args }) {
      const started = performance.now();
      const { options, outDir, bundleFlag, buildOptions } = compileOptions(io, args);
      const format: ReportFormat = outputFormat(args);
      const check = buildOptions.check;
      // OAuth units are listed with the tokens of the user config's storage, as they are served; a
      // build that runs out of memory names its unit (compile-worker.ts).
      const { guardedBuild, recordedOutcome } = await import("../compile-worker.js");
      // A record that answers without starting anything needs no trust: the gate validates the whole
      // project (loading most of the compiler), which made a compile with nothing changed slow.
      const answered = args.watch ? undefined : await loggedBuild(() => recordedOutcome(buildOptions, true));
      // Discovery starts the project's stdio MCP servers: only those of a trusted project.
      if (!answered) {
        const { compileRunsCommands, projectMayRun } = await import("../trust/command-set.js");
        if (!(await projectMayRun(io, "compile", options, args.trust, compileRunsCommands)))
          return setExit(EXIT_ERRORS);
      }
      if (args.watch) {
        if (args.check) throw new UsageError("--watch and --check cannot be combined");
        if (format === "json") throw new UsageError("--watch and --json cannot be combined");
        const { watchUntilStopped } = await import("./watch.js");
        await watchUntilStopped(io, { ...options, outDir, ...bundleFlag });
        return setExit(EXIT_OK);
      }
      const shown = relative(io.cwd, outDir) || ".";
      // Text mode only: with --format json, stderr carries nothing but real problems.
      const line = format === "text" ? progressLine(io) : progressLine({ ...io, stderrIsTTY: false });
      const outcome =
        answered ??
        (await loggedBuild(() =>
          guardedBuild(buildOptions, {
            io,
            userConfig: args["user-config"],
            ...(line.progress ? { progress: line.progress } : {}),
          }),
        ));
      line.clear();
      const shownOutcome = reported(outcome, shown, check);
      const timings = { ...shownOutcome.timings, total: performance.now() - started };
      setExit(reportCompile(io, format, { ...shownOutcome, timings }, { outDir: shown, check }));
    },
  });
}
