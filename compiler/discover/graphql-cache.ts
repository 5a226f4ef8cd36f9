/**
 * The on-disk cache of fetched GraphQL schemas, honouring `operationCacheTtlMs` (0 = always fetch).
 * Entries live in `$UNITC_CACHE_DIR/graphql/`, else `$XDG_CACHE_HOME/unitc/graphql/`, else
 * `~/.cache/unitc/graphql/`, one `<sha256 of the request>.json` each: `{ fetchedAt, url, text }`.
 * The key covers the URL, the request and the auth *references* (never resolved secrets); fetched text
 * has every resolved secret redacted before it is stored. The cache is best effort: a broken or
 * unwritable entry is simply fetched again.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { canonicalJson } from "../canonical.js";

interface CacheEntry {
  fetchedAt: number;
  url: string;
  text: string;
}

/** The folder fetched schemas are cached in. */
export function graphqlCacheDir(env: Record<string, string | undefined> = process.env): string {
  if (env.UNITC_CACHE_DIR) return join(env.UNITC_CACHE_DIR, "graphql");
  const base = env.XDG_CACHE_HOME ? env.XDG_CACHE_HOME : join(homedir(), ".cache");
  return join(base, "unitc", "graphql");
}

/** The cache file of a request (anything JSON: URL, body, auth references). */
export function cacheFile(key: unknown, dir = graphqlCacheDir()): string {
  return join(dir, `${createHash("sha256").update(canonicalJson(key)).digest("hex")}.json`);
}

/** The cached text for `key` when it is younger than `ttlMs`. */
export async function readCachedSchema(
  key: unknown,
  ttlMs: number,
  now = Date.now(),
): Promise<string | undefined> {
  if (ttlMs <= 0) return undefined;
  try {
    const entry = JSON.parse(await readFile(cacheFile(key), "utf8")) as Partial<CacheEntry>;
    if (typeof entry.text !== "string" || typeof entry.fetchedAt !== "number") return undefined;
    const age = now - entry.fetchedAt;
    return age >= 0 && age < ttlMs ? entry.text : undefined;
  } catch {
    return undefined;
  }
}

/** Stores fetched text (atomically: a reader never sees half a file); never throws. */
export async function writeCachedSchema(
  key: unknown,
  url: string,
  text: string,
  ttlMs: number,
): Promise<void> {
  if (ttlMs <= 0) return;
  const file = cacheFile(key);
  const entry: CacheEntry = { fetchedAt: Date.now(), url, text };
  const temporary = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await mkdir(graphqlCacheDir(), { recursive: true });
    await writeFile(temporary, JSON.stringify(entry));
    await rename(temporary, file);
  } catch {
    // A cache that cannot be written only costs a refetch next time.
  }
}
