/**
 * A CommonJS file (TypeScript's 9 MB) loaded with a V8 code cache taken after it has run. Node's own
 * compile cache records a file's code as it was just compiled: the functions V8 compiles lazily,
 * which are most of what a type check runs, are compiled again by every new process. A cache taken
 * once a check has run holds them too (V8 keeps the bytecode of every function compiled by then).
 *
 * The cache file is named by, and begins with, a hash of the file's bytes and the Node, V8 and
 * platform it was made by (V8 itself compares only the source's length), then a hash of the cached
 * data: a file of another TypeScript, or a corrupt one, is ignored and replaced, never run. Any
 * failure to read or write it only costs speed. Only Node built-ins are imported here, so a test can
 * run this file in a new process as it stands.
 */
import { createHash } from "node:crypto";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { constants, Script } from "node:vm";

/** How the load used the cache: "accepted" (V8 took it), else why it did not, or "off" (no folder). */
export type CodeCacheStatus = "accepted" | "missing" | "corrupt" | "rejected" | "off";

/** A file loaded by {@link loadWithCodeCache}. */
export interface CachedModule {
  exports: unknown;
  status: CodeCacheStatus;
  /**
   * Writes the cache, with every function compiled so far, unless the load used one already (it
   * holds what it held) or there is no folder. True when written; false when not, never throws.
   */
  save(): boolean;
}

/** Starts every cache file: this format's name, then the key and the data's hash (32 bytes each). */
const MAGIC = Buffer.from("unitc-v8cache-1\n");
const HASH_BYTES = 32;
const HEADER_BYTES = MAGIC.length + 2 * HASH_BYTES;

function sha256(...parts: Array<string | Buffer>): Buffer {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\u0000");
  return hash.digest();
}

/** The cached data in `file` when it was made for `key` and is whole; why not, otherwise. */
function readCache(file: string, key: Buffer): Buffer | "missing" | "corrupt" {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return "missing";
  }
  if (bytes.length <= HEADER_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) return "corrupt";
  const data = bytes.subarray(HEADER_BYTES);
  const keyAt = MAGIC.length;
  if (!bytes.subarray(keyAt, keyAt + HASH_BYTES).equals(key)) return "corrupt";
  if (!bytes.subarray(keyAt + HASH_BYTES, HEADER_BYTES).equals(sha256(data))) return "corrupt";
  return data;
}

/** Writes through a file of its own name and a rename: a reader never sees half a cache. */
function writeCache(file: string, key: Buffer, data: Buffer): void {
  const temporary = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(temporary, Buffer.concat([MAGIC, key, sha256(data), data]), { mode: 0o600 });
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * Loads the CommonJS `file` as `require` would, with its code cache in `cacheDir` (a folder only
 * the user may write: what it holds is run as code); undefined `cacheDir`: no cache.
 */
export function loadWithCodeCache(file: string, cacheDir: string | undefined): CachedModule {
  const source = readFileSync(file);
  const key = sha256(process.version, process.arch, process.versions.v8, source);
  const cacheFile = cacheDir
    ? join(cacheDir, `${basename(file)}-${key.toString("hex").slice(0, 24)}.v8cache`)
    : undefined;
  const cached = cacheFile ? readCache(cacheFile, key) : "off";
  // The wrapper Node's loader gives a CommonJS file; line numbers stay those of the file.
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${source.toString("utf8")}\n})`;
  const script = new Script(wrapped, {
    filename: file,
    ...(Buffer.isBuffer(cached) ? { cachedData: cached } : {}),
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const status: CodeCacheStatus = Buffer.isBuffer(cached)
    ? script.cachedDataRejected
      ? "rejected"
      : "accepted"
    : cached;
  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  let saved = false;
  return {
    exports: module.exports,
    status,
    save: () => {
      if (saved || status === "accepted" || !cacheFile) return false;
      saved = true;
      try {
        writeCache(cacheFile, key, script.createCachedData());
        return true;
      } catch {
        return false;
      }
    },
  };
}
