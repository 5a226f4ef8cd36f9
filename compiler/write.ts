/**
 * The write stage: bring an output folder in line with a bundle's files. Unchanged files are left
 * alone (compared by hash), stale ones removed; in check mode nothing is written and the
 * differences are returned. Only a folder unitc made (or an empty one) is ever changed.
 */
import { createHash } from "node:crypto";
import type { Dirent } from "node:fs";
import { readdir, readFile, rm, rmdir } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { createDiagnostic, type Diagnostic } from "./codes/diagnostics.js";
import { textHash } from "./shared/file-hashes.js";
import { writeAtomically } from "./shared/write-atomically.js";

export interface WriteOptions {
  /** Absolute output folder. */
  outDir: string;
  /** Compare only: write nothing. */
  check?: boolean;
  /**
   * The files this process last wrote to `outDir` (watch mode): compared in memory instead of
   * reading the folder back. Only valid while nothing else writes to the folder.
   */
  previous?: ReadonlyMap<string, string>;
}

export interface WriteResult {
  written: string[];
  unchanged: string[];
  removed: string[];
  /** Files that differ (in check mode: that would be added, changed or removed), sorted by path. */
  differences: Array<{ path: string; change: "added" | "changed" | "removed" }>;
  diagnostics: Diagnostic[];
  /** The manifest that was on disk, when the new one differs from it (for naming what changed). */
  previousManifest?: string;
  /** The hash (`textHash`) of each file's text, where the comparison took it: the build record keeps them. */
  hashes: Map<string, string>;
}

/** The file that marks a folder as unitc's: a manifest whose `generator` is `unitc`. */
const MANIFEST = "manifest.json";

/** The bytes' own hash: equal to the `textHash` of a text only when they are that text's UTF-8. */
const hash = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function listFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (current: string) => {
    let entries: Dirent[];
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) await walk(path);
      else found.push(relative(dir, path).split(sep).join("/"));
    }
  };
  await walk(dir);
  return found.sort(byPath);
}

async function readOrUndefined(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch {
    return undefined;
  }
}

/** True when `existing` holds nothing, or a bundle unitc wrote (its manifest says so). */
async function ownedByUnitc(outDir: string, existing: readonly string[]): Promise<boolean> {
  if (existing.length === 0) return true;
  const manifest = await readOrUndefined(join(outDir, MANIFEST));
  if (!manifest) return false;
  try {
    return (JSON.parse(manifest.toString("utf8")) as { generator?: unknown }).generator === "unitc";
  } catch {
    return false;
  }
}

/** A bundle path must stay inside the output folder: relative, `/`-separated, no `.`/`..` segments. */
function isInside(path: string): boolean {
  return (
    path.split("/").every((segment) => segment !== "" && segment !== "." && segment !== "..") &&
    !path.includes("\\") &&
    !path.includes(":")
  );
}

async function removeEmptyDirs(root: string, files: readonly string[]): Promise<void> {
  const dirs = new Set<string>();
  for (const file of files) for (let d = dirname(file); d !== "." && d !== ""; d = dirname(d)) dirs.add(d);
  for (const dir of [...dirs].sort((a, b) => b.length - a.length)) {
    await rmdir(join(root, dir)).catch(() => undefined);
  }
}

function refuse(outDir: string, why: string): Diagnostic {
  return createDiagnostic(
    "error",
    "OUT_DIR_NOT_OURS",
    `${outDir} ${why}; refusing to change it`,
    { file: outDir },
    "choose an empty or new folder with --out, or remove the folder's contents",
  );
}

/**
 * The order files are written in. A new manifest goes first, so a run cut short still leaves a folder
 * unitc recognises as its own; a changed one goes last, so it never names files not yet written.
 */
function writeOrder(paths: readonly string[], manifestIsNew: boolean): string[] {
  const rest = paths.filter((path) => path !== MANIFEST);
  if (rest.length === paths.length) return rest;
  return manifestIsNew ? [MANIFEST, ...rest] : [...rest, MANIFEST];
}

/** Writes (or, with `check`, compares) `files` into `outDir`. */
export async function writeBundle(
  files: ReadonlyMap<string, string>,
  options: WriteOptions,
): Promise<WriteResult> {
  const result: WriteResult = {
    written: [],
    unchanged: [],
    removed: [],
    differences: [],
    diagnostics: [],
    hashes: new Map(),
  };
  const { outDir } = options;
  const outside = [...files.keys()].filter((path) => !isInside(path));
  if (outside.length > 0) {
    const message = `bundle paths must stay inside the output folder: ${outside.join(", ")}`;
    result.diagnostics.push(createDiagnostic("error", "BUNDLE_PATH_INVALID", message));
    return result;
  }
  if (options.previous) return writeOver(files, options.previous, options, result);
  let existing: string[];
  try {
    existing = await listFiles(outDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    result.diagnostics.push(
      refuse(outDir, code === "ENOTDIR" ? "is not a folder" : `cannot be read (${code})`),
    );
    return result;
  }
  if (!(await ownedByUnitc(outDir, existing))) {
    result.diagnostics.push(refuse(outDir, "holds files unitc did not write"));
    return result;
  }
  const changed: string[] = [];
  for (const [path, text] of files) {
    const current = await readOrUndefined(join(outDir, path));
    const wanted = textHash(text);
    result.hashes.set(path, wanted);
    if (current !== undefined && hash(current) === wanted) {
      result.unchanged.push(path);
      continue;
    }
    changed.push(path);
    if (path === MANIFEST && current !== undefined) result.previousManifest = current.toString("utf8");
    result.differences.push({ path, change: current === undefined ? "added" : "changed" });
  }
  const stale = existing.filter((path) => !files.has(path));
  for (const path of stale) result.differences.push({ path, change: "removed" });
  result.differences.sort((a, b) => byPath(a.path, b.path));
  if (options.check) return result;
  return apply(files, { stale, changed, manifestIsNew: !existing.includes(MANIFEST) }, outDir, result);
}

/** {@link writeBundle} over a folder whose contents this process knows: `previous`. */
function writeOver(
  files: ReadonlyMap<string, string>,
  previous: ReadonlyMap<string, string>,
  options: WriteOptions,
  result: WriteResult,
): Promise<WriteResult> {
  const changed: string[] = [];
  for (const [path, text] of files) {
    const before = previous.get(path);
    if (before === text) {
      result.unchanged.push(path);
      continue;
    }
    changed.push(path);
    if (path === MANIFEST && before !== undefined) result.previousManifest = before;
    result.differences.push({ path, change: before === undefined ? "added" : "changed" });
  }
  const stale = [...previous.keys()].filter((path) => !files.has(path));
  for (const path of stale) result.differences.push({ path, change: "removed" });
  result.differences.sort((a, b) => byPath(a.path, b.path));
  if (options.check) return Promise.resolve(result);
  return apply(files, { stale, changed, manifestIsNew: !previous.has(MANIFEST) }, options.outDir, result);
}

/** Why a file could not be written, in a few words, from the system's error code. */
const WHY: Record<string, string> = {
  EISDIR: "a folder is in the way",
  ENOTDIR: "a file is in the way of its folder",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  ENOSPC: "no space left on the device",
};

/** WRITE_FAILED for the file (or stale file) at `file` that could not be written (or removed). */
function writeFailed(file: string, error: unknown): Diagnostic {
  const code = (error as NodeJS.ErrnoException).code;
  const known = code === undefined ? undefined : WHY[code];
  const reason = known ? `${known} (${code})` : error instanceof Error ? error.message : String(error);
  return createDiagnostic(
    "error",
    "WRITE_FAILED",
    `cannot write ${file}: ${reason}`,
    { file },
    "check the folder's permissions and free space, then run unitc compile again",
  );
}

/** Removes the stale files and writes the changed ones. */
async function apply(
  files: ReadonlyMap<string, string>,
  plan: { stale: readonly string[]; changed: readonly string[]; manifestIsNew: boolean },
  outDir: string,
  result: WriteResult,
): Promise<WriteResult> {
  let current = outDir;
  try {
    // Stale files go first: a file may give way to a folder of the same name, or the reverse.
    for (const path of plan.stale) {
      current = join(outDir, path);
      await rm(current, { force: true });
      result.removed.push(path);
    }
    current = outDir;
    await removeEmptyDirs(outDir, plan.stale);
    for (const path of writeOrder(plan.changed, plan.manifestIsNew)) {
      current = join(outDir, path);
      await writeAtomically(current, files.get(path) as string);
      result.written.push(path);
    }
  } catch (error) {
    result.diagnostics.push(writeFailed(current, error));
  }
  return result;
}
