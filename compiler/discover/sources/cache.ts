/**
 * The build cache of fetched documents (OpenAPI specs, discovery documents, GraphQL schemas), honouring
 * `operationCacheTtlMs` (0 = always fetch). Entries live in `$UNITC_CACHE_DIR/<kind>/`, else
 * `$XDG_CACHE_HOME/unitc/<kind>/`, else `~/.cache/unitc/<kind>/`: one `<sha256 of the key>.json`
 * each, `{ fetchedAt, url, text }`. Keys hold the URL and auth *references*, never resolved secrets.
 * Best effort: a broken or unwritable entry only costs a refetch.
 */

import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { unitcDir } from "../../../runtime/shared/user-dirs.js";
import { canonicalJson } from "../../shared/canonical.js";
import { recordRemote } from "../shared/inputs.js";

interface CacheEntry {
  fetchedAt: number;
  url: string;
  text: string;
}

/** The folder fetched documents of one kind (`openapi`, `discovery`) are cached in. */
export function specCacheDir(kind: string, env: Record<string, string | undefined> = process.env): string {
  return join(unitcDir("cache", env), kind);
}

function entryFile(kind: string, key: unknown): string {
  return join(specCacheDir(kind), `${createHash("sha256").update(canonicalJson(key)).digest("hex")}.json`);
}

/** The cached text for `key` when it is younger than `ttlMs`. */
export async function readCachedSpec(
  kind: string,
  key: unknown,
  ttlMs: number,
  now = Date.now(),
): Promise<string | undefined> {
  recordRemote();
  if (ttlMs <= 0) return undefined;
  try {
    const entry = JSON.parse(await readFile(entryFile(kind, key), "utf8")) as Partial<CacheEntry>;
    if (typeof entry.text !== "string" || typeof entry.fetchedAt !== "number") return undefined;
    const age = now - entry.fetchedAt;
    return age >= 0 && age < ttlMs ? entry.text : undefined;
  } catch {
    return undefined;
  }
}

/** Stores fetched text atomically (a reader never sees half a file); never throws. */
export async function writeCachedSpec(
  kind: string,
  key: unknown,
  url: string,
  text: string,
  ttlMs: number,
): Promise<void> {
  if (ttlMs <= 0) return;
  const file = entryFile(kind, key);
  const entry: CacheEntry = { fetchedAt: Date.now(), url, text };
  const temporary = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await mkdir(specCacheDir(kind), { recursive: true });
    await writeFile(temporary, JSON.stringify(entry));
    await rename(temporary, file);
  } catch {
    // A cache that cannot be written only costs a refetch next time.
  }
}
