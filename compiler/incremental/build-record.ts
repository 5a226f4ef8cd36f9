/**
 * The build record: what `unitc compile` read and wrote last time, so that a compile with nothing
 * changed answers "up to date" without parsing, validating, discovering or emitting anything (the way
 * `make` or `tsc --build` do). A record holds, for one output folder:
 *
 * - a key: the compile options and a fingerprint of unitc's own code;
 * - every units root's list of unit files, and each config file, unit file and local file discovery
 *   read, with its stamp (size, inode, modification and change times: `takeStamp`) and the hash of
 *   its text; a stamp taken within two seconds of the file's last change is kept as "unsettled";
 * - the stamp of every file written, and the build's diagnostics and counts, to report again.
 *
 * The build is up to date when the key matches, every root lists the same files, every source file
 * has the same stamp or the same text, and the output folder holds exactly the recorded files with
 * the recorded stamps. An unsettled stamp matches nothing: its file's text is checked, and once the
 * file is found settled and unchanged its stamp is kept (git's rule for "racily clean" entries: two
 * saves within one tick of a coarse clock can leave one stamp). A build that fetched a spec is recorded as such and never up to date: its
 * inputs can change with nothing local changing (its record still tells `unitc serve` which local
 * sources changed since). An MCP unit's listing is kept instead, and checked last: the same listing
 * fresh in the build cache, or listed again once it is older than `toolCacheTtlMs` and still the
 * same, leaves the build up to date (see `discover/mcp/refresh.ts`). Records live in the build cache
 * (`<cache>/builds/`); a missing or broken record only costs a full compile.
 */
import { createHash } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import type { AccessTokenSource } from "../../runtime/auth/tokens.js";
import { canonicalJson } from "../../runtime/shared/canonical.js";
import type { Diagnostic } from "../codes/diagnostics.js";
import { sameListing } from "../discover/mcp/refresh.js";
import type { ServerListing } from "../discover/shared/inputs.js";
import { specCacheDir } from "../discover/sources/cache.js";
import { configFiles } from "../load/config-paths.js";
import { noteFileHash } from "../load/read-log.js";
import { listUnitFiles } from "../load/units-root.js";
import { fileStamp, fileTextHash, keptStamp, type Stamp, takeStamp } from "../shared/file-hashes.js";
import { writeAtomically } from "../shared/write-atomically.js";
import { compilerFingerprint, filesBelow } from "./fingerprint.js";

const FORMAT = 2;

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

/** A source file as a compile read it: its stamp (`UNSETTLED` when it could not vouch) and the hash of its text. */
export interface SourceState {
  stamp: string;
  hash: string;
}

/** One output folder's record (see the file's header). */
export interface BuildRecord extends RecordedBuild {
  format: number;
  key: string;
  roots: Record<string, string[]>;
  sources: Record<string, SourceState>;
  outputs: Record<string, string>;
  /** The build reached something remote: never up to date. */
  remote?: boolean;
  /** The MCP listings the build used. */
  listings?: ServerListing[];
}

/** What the project's own files were before a compile (see {@link snapshotSources}). */
export interface SourceSnapshot {
  roots: Record<string, string[]>;
  stamps: Record<string, Stamp>;
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

function recordFile(options: RecordOptions): string {
  const name = createHash("sha256").update(resolve(options.outDir)).digest("hex").slice(0, 32);
  return join(specCacheDir("builds"), `${name}.json`);
}

async function listRoot(root: string): Promise<string[]> {
  return (await listUnitFiles(root)).entries.map((entry) => entry.file);
}

/** The project's roots and files as they are now; taken before a compile, checked after it. */
export async function snapshotSources(options: RecordOptions): Promise<SourceSnapshot> {
  const files = configFiles(options);
  const roots: Record<string, string[]> = {};
  const configs = [files.project, ...(files.user ? [files.user] : [])];
  const paths = [...configs];
  for (const config of configs) {
    const listed = await listRoot(dirname(config));
    roots[dirname(config)] = listed;
    paths.push(...listed);
  }
  const stamps: Record<string, Stamp> = {};
  for (const file of paths) stamps[file] = await takeStamp(file);
  return { roots, stamps };
}

/** The same roots and stamps, settled or not: nothing the snapshot saw changed in between. */
function sameSnapshot(a: SourceSnapshot, b: SourceSnapshot): boolean {
  const plain = (s: SourceSnapshot) =>
    canonicalJson({ roots: s.roots, stamps: Object.entries(s.stamps).map(([file, t]) => [file, t.stamp]) });
  return plain(a) === plain(b);
}

async function outputFiles(outDir: string): Promise<string[]> {
  const found = await filesBelow(outDir, () => true);
  return found.map((file) => relative(outDir, file).split(sep).join("/")).sort();
}

async function readRecord(options: RecordOptions): Promise<BuildRecord | undefined> {
  try {
    const record = JSON.parse(await readFile(recordFile(options), "utf8")) as BuildRecord;
    return record.format === FORMAT ? record : undefined;
  } catch {
    return undefined;
  }
}

/** What the last recorded compile into `outDir` read: units roots with their unit files, and each source's state. */
export async function recordedSourcesOf(
  outDir: string,
): Promise<Pick<BuildRecord, "roots" | "sources"> | undefined> {
  const record = await readRecord({ projectDir: outDir, outDir });
  return record ? { roots: record.roots, sources: record.sources } : undefined;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/** The recorded build when nothing it read or wrote has changed since; otherwise `undefined`. */
export async function checkUpToDate(options: RecordOptions): Promise<RecordedSources | undefined> {
  const record = await readRecord(options);
  if (!record || record.remote || record.key !== (await recordKey(options))) return undefined;
  for (const [root, files] of Object.entries(record.roots)) {
    if (!sameList(await listRoot(root), files)) return undefined;
  }
  const settled = await checkSources(record.sources);
  if (!settled) return undefined;
  const outDir = resolve(options.outDir);
  if (!sameList(await outputFiles(outDir), Object.keys(record.outputs).sort())) return undefined;
  for (const [path, stamp] of Object.entries(record.outputs)) {
    if ((await fileStamp(join(outDir, path))) !== stamp) return undefined;
  }
  // Last: checking an expired listing starts its server (those are checked together), unless
  // nothing may be started; a listing still fresh in the build cache starts nothing.
  const listings = await Promise.all(
    (record.listings ?? []).map((l) => sameListing(l, options.oauth, options.startNothing)),
  );
  if (!listings.every(Boolean)) return undefined;
  if (Object.keys(settled).length > 0) await keepSettled(options, record, settled);
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

/**
 * Whether every source holds the text recorded: by its stamp when the stamp is the same, else by its
 * text. `undefined` when one changed; else the sources whose text had to be read and whose stamp has
 * settled since, with that stamp (taken before the text was read, so a later change shows).
 */
async function checkSources(
  sources: Record<string, SourceState>,
): Promise<Record<string, SourceState> | undefined> {
  const settled: Record<string, SourceState> = {};
  for (const [file, state] of Object.entries(sources)) {
    const taken = await takeStamp(file);
    if (taken.stamp === state.stamp) continue;
    if ((await fileTextHash(file)) !== state.hash) return undefined;
    if (taken.settled) settled[file] = { stamp: taken.stamp, hash: state.hash };
  }
  return settled;
}

/** Keeps the stamps `checkSources` found settled (best effort: else those files are read again next time). */
async function keepSettled(options: RecordOptions, record: BuildRecord, settled: BuildRecord["sources"]) {
  const kept: BuildRecord = { ...record, sources: { ...record.sources, ...settled } };
  await writeAtomically(recordFile(options), JSON.stringify(kept)).catch(() => undefined);
}

/** What a finished compile read beyond the snapshot, and what it produced. */
export interface CompiledBuild extends RecordedBuild {
  /** Units roots of unit sets, and the local files discovery read with the hash of their text. */
  setRoots: readonly string[];
  inputs: ReadonlyMap<string, string>;
  remote: boolean;
  listings: ServerListing[];
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
  const file = recordFile(options);
  const forget = async () => {
    await rm(file, { force: true }).catch(() => undefined);
    return false;
  };
  const now = await snapshotSources(options);
  if (!sameSnapshot(now, before)) return forget();
  const roots = { ...before.roots };
  const sources: Record<string, SourceState> = {};
  for (const path of Object.keys(before.stamps)) {
    sources[path] = { stamp: keptStamp(before.stamps[path] as Stamp), hash: await fileTextHash(path) };
  }
  for (const root of build.setRoots) {
    roots[root] = await listRoot(root);
    for (const unitFile of roots[root] ?? []) {
      const taken = await takeStamp(unitFile);
      sources[unitFile] = { stamp: keptStamp(taken), hash: await fileTextHash(unitFile) };
    }
  }
  for (const [path, hash] of build.inputs) {
    // A file that changed after discovery read it would make the record lie: record nothing. The
    // stamp is taken first: a change after it shows in the next check.
    const taken = await takeStamp(path);
    if ((await fileTextHash(path)) !== hash) return forget();
    sources[path] = { stamp: keptStamp(taken), hash };
  }
  const outDir = resolve(options.outDir);
  const outputs: Record<string, string> = {};
  // Stamped just after unitc wrote them, so never settled, and with no hash to fall back on: kept as
  // they are (a rewrite by another hand shows in the change time once the clock has ticked).
  for (const path of build.files) outputs[path] = await fileStamp(join(outDir, path));
  const record: BuildRecord = {
    format: FORMAT,
    key: await recordKey(options),
    roots,
    sources,
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
