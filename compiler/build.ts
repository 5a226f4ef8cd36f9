/**
 * One build as data: compile, then write (or compare, with `check`) and keep the build record. The
 * policy lives here, and `unitc compile` (`--check`, `--partial`), `compile --watch` and `unitc dev`
 * only print the outcome and map it to an exit code. A build with errors writes nothing, so a failing
 * unit (an unreachable spec, say) never deletes the output committed for it; `partial` writes the
 * units that compiled and keeps the failed ones' files. `compile()` stays pure; this is the half
 * that touches the output folder (graphql-codegen splits `codegen.ts` from `generate-and-save.ts`
 * the same way).
 */

import { existsSync } from "node:fs";
import { join } from "node:path";
import { withBundleSetting } from "./bundle-setting.js";
import { type Diagnostic, hasErrors } from "./codes/diagnostics.js";
import type { CompileOptions, CompileResult } from "./compile.js";
import {
  type CompiledBuild,
  checkUpToDate,
  forgetBuild,
  type RecordedSources,
  type RecordOptions,
  recordBuild,
} from "./incremental/build-record.js";
import { type SourceSnapshot, snapshotSources } from "./incremental/source-snapshot.js";
import { type BuildReads, logReads } from "./load/read-log.js";
import { diffManifests, formatManifestChange } from "./manifest-diff.js";
import { textHash } from "./shared/file-hashes.js";
import { type WriteResult, writeBundle } from "./write.js";

export interface BuildOptions extends Omit<CompileOptions, "outDir"> {
  /** Absolute output folder. */
  outDir: string;
  /** Write nothing; compare the output folder with what would be written. */
  check?: boolean;
  /** With errors, still write the units that compiled; failed units keep their last output. */
  partial?: boolean;
  /** Also emit one ESM file plus declarations under `bundle/`; when absent, the project's `output.bundle`. */
  bundle?: boolean;
  /** Keep the build record (`unitc compile` does; watch mode when asked): good builds are recorded. */
  record?: boolean;
  /** With `record`: answer from the record, compiling nothing, when nothing changed since it. */
  reuseRecord?: boolean;
  /** What this process last wrote to `outDir` (watch mode), so unchanged files are not read back. */
  previous?: ReadonlyMap<string, string>;
}

/**
 * `up-to-date`: nothing to write (the record showed nothing changed, or `check` found no difference);
 * `written`: the output folder now holds this build; `would-change` (`check`): files differ;
 * `failed`: nothing was written or compared (see `failure`).
 */
export type BuildStatus = "up-to-date" | "written" | "would-change" | "failed";

/** Why a build failed: errors in the project, no unit left, the bundle, or the write itself. */
export type BuildFailure = "errors" | "nothing-compiled" | "bundle" | "write";

/** Everything one build did and found. */
export interface BuildOutcome {
  status: BuildStatus;
  failure?: BuildFailure;
  /** True when any diagnostic is an error (a `partial` or `check` build can have them and finish). */
  errors: boolean;
  diagnostics: Diagnostic[];
  units: number;
  operations: number;
  /** True when the build record showed nothing changed, so nothing was compiled. */
  fromRecord: boolean;
  written: string[];
  unchanged: string[];
  removed: string[];
  /** `check`: the files that would be added, changed or removed. */
  differences: WriteResult["differences"];
  /** `check`: one line per operation whose schema or description changed (the drift). */
  changedOperations: string[];
  /** `partial`: failed units whose previous output was kept. */
  kept: string[];
  /** Failed with errors: the output folder still holds the last build's output. */
  lastOutputKept: boolean;
  /** The files written or compared; absent when none were. */
  files?: Map<string, string>;
  /** The compile; absent when answered from the record. */
  result?: CompileResult;
  /** The record that answered; present only when `fromRecord`. */
  recorded?: RecordedSources;
  /** Milliseconds per pipeline stage. */
  timings: Record<string, number>;
  /** What the build read, when its caller logged it (`unitc compile`'s report; its worker sends it back). */
  reads?: BuildReads;
}

/** An outcome with nothing written and nothing differing; the caller fills in the rest. */
export function outcome(
  status: BuildStatus,
  diagnostics: Diagnostic[],
  rest: Partial<BuildOutcome>,
): BuildOutcome {
  return {
    status,
    errors: hasErrors(diagnostics),
    diagnostics,
    units: 0,
    operations: 0,
    fromRecord: false,
    written: [],
    unchanged: [],
    removed: [],
    differences: [],
    changedOperations: [],
    kept: [],
    lastOutputKept: false,
    timings: {},
    ...rest,
  };
}

/** The build record's options for a build: `bundle` builds are recorded apart. */
function recordOptions(options: BuildOptions): RecordOptions {
  return { ...options, variant: options.bundle ? "bundle" : "" };
}

/**
 * The build record's answer when nothing changed since it (with `record` and `reuseRecord`), else
 * undefined: `unitc compile` asks it before starting the worker it compiles in (and, with
 * `startNothing`, before its trust gate: see RecordOptions).
 */
export async function recordedOutcome(
  given: BuildOptions,
  startNothing = false,
): Promise<BuildOutcome | undefined> {
  const options = await withBundleSetting(given);
  const recorded =
    options.record && options.reuseRecord
      ? await checkUpToDate({ ...recordOptions(options), startNothing })
      : undefined;
  if (!recorded) return undefined;
  return outcome("up-to-date", recorded.diagnostics, {
    units: recorded.units,
    operations: recorded.operations,
    fromRecord: true,
    unchanged: recorded.files,
    recorded,
  });
}

/** Builds a project: see {@link BuildOutcome}. Never throws for bad input; diagnostics say it. */
export async function build(given: BuildOptions): Promise<BuildOutcome> {
  const options = await withBundleSetting(given);
  const answered = await recordedOutcome(options);
  if (answered) return answered;
  const record = options.record ? recordOptions(options) : undefined;
  const sources = record ? await snapshotSources(record) : undefined;
  // Loaded only now: an up-to-date build needs none of the compiler.
  const { compile } = await import("./compile.js");
  const { check: _c, partial: _p, bundle: _b, record: _r, reuseRecord: _u, previous: _v, ...rest } = options;
  if (!record || !sources) return finish(options, await compile(rest), undefined);
  // The record keeps what the loader read, never what the files hold once the compile is done.
  const { value: result, reads } = await logReads(() => compile(rest));
  return finish(options, result, { record, sources, reads });
}

/** After the compile: what to write, the bundle, the write or comparison, and the record. */
async function finish(
  options: BuildOptions,
  result: CompileResult,
  recording: { record: RecordOptions; sources: SourceSnapshot; reads: BuildReads } | undefined,
): Promise<BuildOutcome> {
  const { outDir, check = false, partial = false, progress } = options;
  const found = result.context.discovered?.units ?? [];
  const base = {
    units: found.length,
    operations: found.reduce((n, u) => n + u.operations.length, 0),
    result,
    timings: result.context.timings,
  };
  const failed = hasErrors(result.diagnostics);
  // A build with errors writes nothing unless asked to: the last output stays as it was.
  if (failed && !partial && !check) {
    const lastOutputKept = existsSync(join(outDir, "manifest.json"));
    return outcome("failed", result.diagnostics, { ...base, failure: "errors", lastOutputKept });
  }
  const output = await outputFiles(result, outDir, partial);
  // With errors and no unit left, writing would only empty the output folder.
  if (output.files.size === 0 || (failed && base.units === 0 && output.kept.length === 0))
    return outcome("failed", result.diagnostics, { ...base, failure: "nothing-compiled" });
  const before = result.diagnostics.length;
  if (options.bundle) progress?.stage?.("bundle");
  const files = await bundleOutput({ ...result, files: output.files }, options.bundle === true, outDir);
  // A failed bundle must not replace a good one on disk: write nothing.
  if (hasErrors(result.diagnostics.slice(before)))
    return outcome("failed", result.diagnostics, { ...base, failure: "bundle" });
  progress?.stage?.(check ? "compare" : "write");
  // Forgotten before the folder changes: a write that fails or is cut short part-way leaves a folder
  // no record describes, so none may vouch for it (or name its files to `unitc serve`). A good write
  // is recorded again below.
  if (!check && recording) await forgetBuild(recording.record);
  const written = await writeBundle(files, {
    outDir,
    check,
    ...(options.previous ? { previous: options.previous } : {}),
  });
  const diagnostics = [...result.diagnostics, ...written.diagnostics];
  const { written: paths, unchanged, removed, differences } = written;
  const done = { ...base, written: paths, unchanged, removed, differences, files, kept: output.kept };
  if (hasErrors(written.diagnostics)) return outcome("failed", diagnostics, { ...done, failure: "write" });
  const stale = check && differences.length > 0;
  // A partial compile with errors wrote without a record (forgotten above): none is kept.
  if (!stale && !failed && recording) {
    const compiled = compiledBuild(result, files, written, recording.reads);
    if (compiled) await recordBuild(recording.record, recording.sources, compiled);
  }
  if (!check) return outcome("written", diagnostics, done);
  const changedOperations = stale ? changedOperationLines(written, files) : [];
  return outcome(stale ? "would-change" : "up-to-date", diagnostics, { ...done, changedOperations });
}

/** The files to write, and the failed units whose previous output they keep (`partial`). */
async function outputFiles(
  result: CompileResult,
  outDir: string,
  partial: boolean,
): Promise<{ files: Map<string, string>; kept: string[] }> {
  if (!partial || !hasErrors(result.diagnostics)) return { files: result.files, kept: [] };
  const { keepFailedUnits } = await import("./keep-failed.js");
  return (await keepFailedUnits(result.context, outDir)) ?? { files: result.files, kept: [] };
}

/** The files to write with `bundle`: the emitted ones plus `bundle/`; its diagnostics join the result's. */
async function bundleOutput(
  result: CompileResult,
  bundle: boolean,
  outDir: string,
): Promise<Map<string, string>> {
  if (!bundle) return result.files;
  // Loaded on demand: rollup and the TypeScript compiler are heavy to load.
  const { bundleFiles } = await import("./bundle.js");
  const bundled = await bundleFiles(result.files, { outDir });
  result.diagnostics.push(...bundled.diagnostics);
  return bundled.files;
}

/** One line per operation whose schema or description changed since the manifest on disk. */
function changedOperationLines(written: WriteResult, files: ReadonlyMap<string, string>): string[] {
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

/**
 * What the record keeps of a finished compile whose output folder now holds `files`: each with the
 * hash the write took of its text, or (where it compared none: watch mode) of the text itself; one
 * the write neither read nor wrote is `unseen`.
 */
function compiledBuild(
  result: CompileResult,
  files: ReadonlyMap<string, string>,
  written: WriteResult,
  reads: BuildReads,
): CompiledBuild | undefined {
  const discovered = result.context.discovered;
  if (!discovered) return undefined;
  const outputs = new Map<string, string>();
  const unseen = new Set<string>();
  const wrote = new Set(written.written);
  for (const [path, text] of files) {
    const hash = written.hashes.get(path);
    outputs.set(path, hash ?? textHash(text));
    if (hash === undefined && !wrote.has(path)) unseen.add(path);
  }
  return {
    units: discovered.units.length,
    operations: discovered.units.reduce((n, u) => n + u.operations.length, 0),
    diagnostics: result.diagnostics,
    files: [...files.keys()],
    setRoots: discovered.roots,
    reads,
    inputs: discovered.inputHashes,
    outputs,
    unseen,
    remote: discovered.remote,
    listings: discovered.listings,
  };
}
