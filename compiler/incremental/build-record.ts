/**
 * The build record: what `unitc compile` read and wrote last time, so that a compile with nothing
 * changed answers "up to date" without parsing, validating, discovering or emitting anything (the way
 * `make` or `tsc --build` do). A record holds, for one output folder:
 *
 * - a key: the compile options and a fingerprint of unitc's own code;
 * - every units root's list of unit files as the loader listed it, and each config file, unit file
 *   (unit sets' included) and local file discovery read, with its stamp (size, inode, modification
 *   and change times: `takeStamp`) and the hash of the text the compile read; a stamp taken within two
 *   seconds of the file's last change is marked "unsettled";
 * - every file written, with its stamp and the hash of the text unitc wrote (taken from the writer,
 *   not read back), and the build's diagnostics and counts, to report again.
 *
 * The build is up to date when the key matches, every root lists the same files, every source file
 * has the same stamp or the same text, and the output folder holds exactly the recorded files, each
 * with the same stamp or the same text. An unsettled stamp is not trusted: its file's text is
 * checked, and once the file is found settled and unchanged its stamp is kept settled, by a compile's
 * check or by `unitc serve`'s (git's rule for "racily clean" entries: two saves within one tick of a
 * coarse clock can leave one stamp; see `checkState`). A file
 * that no longer holds the text the compile read leaves no record. A build that fetched a spec is
 * recorded as such and never up to date: its inputs can change with nothing local changing (its
 * record still tells `unitc serve` which local sources changed since). An MCP unit's listing is kept instead, and checked last: the same listing
 * fresh in the build cache, or listed again once it is older than `toolCacheTtlMs` and still the
 * same, leaves the build up to date (see `discover/mcp/refresh.ts`). Records live in the build cache
 * (`<cache>/builds/`); a missing or broken record only costs a full compile.
 */
import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import { relative, resolve, sep } from "node:path";
import type { AccessTokenSource } from "../../runtime/auth/tokens.js";
import { canonicalJson } from "../../runtime/shared/canonical.js";
import type { Diagnostic } from "../codes/diagnostics.js";
import { sameListing } from "../discover/mcp/refresh.js";
import type { ServerListing } from "../discover/shared/inputs.js";
import { configFiles } from "../load/config-paths.js";
import { type BuildReads, noteFileHash } from "../load/read-log.js";
import { fileTextHash, type Stamp } from "../shared/file-hashes.js";
import { writeAtomically } from "../shared/write-atomically.js";
import { checkStates, type FileState, stateOf, statesAsRead, statesAsWritten } from "./file-states.js";
import { compilerFingerprint, filesBelow } from "./fingerprint.js";
import { FORMAT, keepSettled, readRecordFile, recordFile } from "./record-file.js";
import { listRoot, type SourceSnapshot, sameSnapshot, snapshotSources } from "./source-snapshot.js";

export interface RecordOptions {
  projectDir: string;
  configFile?: string;
  userConfigFile?: string | false;
  env?: Record<string, string | undefined>;
  outDir: string;
  /** Anything else that changes the output (`--bundle`). */
  variant?: string;
  /** Whether the user config's units are compiled in (`--include-user-units`). */
  includeUserUnits?: boolean;
  /** Where an OAuth MCP unit's stored token is read when its listing is checked again. */
  oauth?: AccessTokenSource;
  /** Start nothing: a record whose MCP listings have expired (checking them starts a server) is not up to date. */
  startNothing?: boolean;
}

/** What an up-to-date build reports. */
export interface RecordedBuild {
  units: number;
  operations: number;
  diagnostics: Diagnostic[];
  /** Output files, relative to the output folder. */
  files: string[];
}

/** A recorded build, with what watch mode must follow: every folder listed and every file read. */
export interface RecordedSources extends RecordedBuild {
  /** Units roots (the project's and unit sets'). */
  roots: string[];
  /** Files read that no root lists: config files and the local files discovery read. */
  inputs: string[];
}

/** A source file as a compile read it (see {@link FileState}). */
export type SourceState = FileState;

/** One output folder's record (see the file's header). */
export interface BuildRecord extends RecordedBuild {
  format: number;
  key: string;
  roots: Record<string, string[]>;
  sources: Record<string, SourceState>;
  /** Output files (relative to the output folder) as unitc wrote them. */
  outputs: Record<string, FileState>;
  /** The build reached something remote: never up to date. */
  remote?: boolean;
  /** The MCP listings the build used. */
  listings?: ServerListing[];
}

async function recordKey(options: RecordOptions): Promise<string> {
  const files = configFiles(options);
  return createHash("sha256")
    .update(
      canonicalJson({
        files,
        projectDir: resolve(options.projectDir),
        outDir: resolve(options.outDir),
        variant: options.variant ?? "",
        includeUserUnits: options.includeUserUnits === true,
        compiler: await compilerFingerprint(),
      }),
    )
    .digest("hex");
}

/** The files in an output folder, relative to it with `/` between folders, sorted: what a record lists. */
export async function outputFiles(outDir: string): Promise<string[]> {
  const found = await filesBelow(outDir, () => true);
  return found.map((file) => relative(outDir, file).split(sep).join("/")).sort();
}

/**
 * What the last recorded compile into `outDir` read (units roots with their unit files, each source's
 * state) and wrote (each output's state).
 */
export async function recordedSourcesOf(
  outDir: string,
): Promise<Pick<BuildRecord, "roots" | "sources" | "outputs"> | undefined> {
  const record = await readRecordFile<BuildRecord>(outDir);
  return record ? { roots: record.roots, sources: record.sources, outputs: record.outputs } : undefined;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/** The recorded build when nothing it read or wrote has changed since; otherwise `undefined`. */
export async function checkUpToDate(options: RecordOptions): Promise<RecordedSources | undefined> {
  const record = await readRecordFile<BuildRecord>(options.outDir);
  if (!record || record.remote || record.key !== (await recordKey(options))) return undefined;
  for (const [root, files] of Object.entries(record.roots)) {
    if (!sameList(await listRoot(root), files)) return undefined;
  }
  const settled = await checkStates(record.sources);
  if (!settled) return undefined;
  const outDir = resolve(options.outDir);
  if (!sameList(await outputFiles(outDir), Object.keys(record.outputs).sort())) return undefined;
  const settledOutputs = await checkStates(record.outputs, (path) => resolve(outDir, path));
  if (!settledOutputs) return undefined;
  // Last: checking an expired listing starts its server (those are checked together), unless
  // nothing may be started; a listing still fresh in the build cache starts nothing.
  const listings = await Promise.all(
    (record.listings ?? []).map((l) => sameListing(l, options.oauth, options.startNothing)),
  );
  if (!listings.every(Boolean)) return undefined;
  await keepSettled(options.outDir, record, { sources: settled, outputs: settledOutputs });
  const listed = new Set(Object.values(record.roots).flat());
  // What the sources held as recorded: watch mode compares them with the disk once it listens.
  for (const [file, state] of Object.entries(record.sources)) noteFileHash(file, state.hash);
  return {
    units: record.units,
    operations: record.operations,
    diagnostics: record.diagnostics,
    files: record.files,
    roots: Object.keys(record.roots),
    inputs: Object.keys(record.sources).filter((file) => !listed.has(file)),
  };
}

/** What a finished compile read beyond the snapshot, and what it produced. */
export interface CompiledBuild extends RecordedBuild {
  /** Units roots of unit sets. */
  setRoots: readonly string[];
  /** What the loader read: each units root's listing, each config and unit file's hash (sets' included). */
  reads: BuildReads;
  /** The local files discovery read, with the hash of their text. */
  inputs: ReadonlyMap<string, string>;
  /** Each output file (relative to the output folder) with the hash of the text written. */
  outputs: ReadonlyMap<string, string>;
  /** Outputs the write neither wrote nor read (watch mode's, known from its last build). */
  unseen: ReadonlySet<string>;
  remote: boolean;
  listings: ServerListing[];
}

/**
 * The roots and sources a compile read, as it read them: the project's own (stamped before it began
 * and unchanged since: see `sameSnapshot`), unit sets' listings and files as the loader saw them, and
 * the local files discovery read. `undefined` when a file no longer holds the text the compile read
 * (a record would vouch for a text it never saw), or a set's root went unlisted.
 */
async function sourcesAsRead(
  before: SourceSnapshot,
  build: CompiledBuild,
): Promise<Pick<BuildRecord, "roots" | "sources"> | undefined> {
  const roots = { ...before.roots };
  for (const root of build.setRoots) {
    const listed = build.reads.roots.get(root);
    if (!listed) return undefined;
    roots[root] = listed;
  }
  const own: Record<string, SourceState> = {};
  for (const path of Object.keys(before.stamps)) {
    const hash = await fileTextHash(path);
    const seen = build.reads.files.get(path);
    if (seen !== undefined && seen !== hash) return undefined;
    own[path] = stateOf(before.stamps[path] as Stamp, hash);
  }
  const rest = new Map([...build.reads.files].filter(([path]) => !(path in own)));
  for (const [path, hash] of build.inputs) {
    // Read twice (by the loader and by discovery) with two texts: it changed while the compile ran.
    if ((own[path]?.hash ?? rest.get(path) ?? hash) !== hash) return undefined;
    if (!own[path]) rest.set(path, hash);
  }
  const states = await statesAsRead(rest);
  return states && { roots, sources: { ...own, ...states } };
}

/**
 * Removes the record of `options.outDir`, before a compile writes there: a write that fails part-way,
 * or a partial compile with errors (never recorded), leaves outputs no record saw written, and a
 * record must not vouch for them.
 */
export async function forgetBuild(options: RecordOptions): Promise<void> {
  await rm(recordFile(options.outDir), { force: true }).catch(() => undefined);
}

/**
 * Records a compile whose output folder now holds `build.files`, or removes the record when the build
 * cannot be recorded (a source changed while it ran).
 */
export async function recordBuild(
  options: RecordOptions,
  before: SourceSnapshot,
  build: CompiledBuild,
): Promise<boolean> {
  const file = recordFile(options.outDir);
  const forget = async () => {
    await forgetBuild(options);
    return false;
  };
  const now = await snapshotSources(options);
  if (!sameSnapshot(now, before)) return forget();
  const read = await sourcesAsRead(before, build);
  if (!read) return forget();
  const outputs = await statesAsWritten(resolve(options.outDir), build.outputs, build.unseen);
  const record: BuildRecord = {
    format: FORMAT,
    key: await recordKey(options),
    roots: read.roots,
    sources: read.sources,
    outputs,
    units: build.units,
    operations: build.operations,
    diagnostics: build.diagnostics,
    files: build.files,
    ...(build.remote ? { remote: true } : {}),
    ...(build.listings.length > 0 ? { listings: build.listings } : {}),
  };
  try {
    await writeAtomically(file, JSON.stringify(record));
    return true;
  } catch {
    return forget();
  }
}
