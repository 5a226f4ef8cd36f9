/**
 * The write stage: bring an output folder in line with a bundle's files. Unchanged files are left
 * alone (compared by hash), stale ones removed; in check mode nothing is written and the
 * differences are returned. Only a folder unitc made (or an empty one) is ever changed.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { createDiagnostic, type Diagnostic } from "./diagnostics.js";

export interface WriteOptions {
  /** Absolute output folder. */
  outDir: string;
  /** Compare only: write nothing. */
  check?: boolean;
}

export interface WriteResult {
  written: string[];
  unchanged: string[];
  removed: string[];
  /** In check mode: files that would be added, changed or removed, with what would happen. */
  differences: Array<{ path: string; change: "added" | "changed" | "removed" }>;
  diagnostics: Diagnostic[];
}

const hash = (text: string | Buffer) => createHash("sha256").update(text).digest("hex");

async function listFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (current: string) => {
    let entries: import("node:fs").Dirent[];
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
  return found.sort();
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
  const manifest = await readOrUndefined(join(outDir, "manifest.json"));
  if (!manifest) return false;
  try {
    return (JSON.parse(manifest.toString("utf8")) as { generator?: unknown }).generator === "unitc";
  } catch {
    return false;
  }
}

async function removeEmptyDirs(root: string, files: readonly string[]): Promise<void> {
  const dirs = new Set<string>();
  for (const file of files) for (let d = dirname(file); d !== "." && d !== ""; d = dirname(d)) dirs.add(d);
  for (const dir of [...dirs].sort((a, b) => b.length - a.length)) {
    await rmdir(join(root, dir)).catch(() => undefined);
  }
}

/** Writes (or, with `check`, compares) `files` into `outDir`. */
export async function writeBundle(
  files: ReadonlyMap<string, string>,
  options: WriteOptions,
): Promise<WriteResult> {
  const result: WriteResult = { written: [], unchanged: [], removed: [], differences: [], diagnostics: [] };
  const existing = await listFiles(options.outDir);
  if (!(await ownedByUnitc(options.outDir, existing))) {
    result.diagnostics.push(
      createDiagnostic(
        "error",
        "OUT_DIR_NOT_OURS",
        `${options.outDir} holds files unitc did not write; refusing to change it`,
        { file: options.outDir },
        "choose an empty or new folder with --out, or remove the folder's contents",
      ),
    );
    return result;
  }
  for (const [path, text] of files) {
    const target = join(options.outDir, path);
    const current = await readOrUndefined(target);
    if (current !== undefined && hash(current) === hash(text)) {
      result.unchanged.push(path);
      continue;
    }
    result.differences.push({ path, change: current === undefined ? "added" : "changed" });
    if (options.check) continue;
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, text);
    await rename(temporary, target);
    result.written.push(path);
  }
  const stale = existing.filter((path) => !files.has(path));
  for (const path of stale) {
    result.differences.push({ path, change: "removed" });
    if (options.check) continue;
    await rm(join(options.outDir, path), { force: true });
    result.removed.push(path);
  }
  if (!options.check) await removeEmptyDirs(options.outDir, stale);
  result.differences.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return result;
}
