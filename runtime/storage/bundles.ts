/**
 * Published bundles in a store, shared by replicas. Content-addressed: every file is cut into
 * chunks of at most {@link CHUNK_BYTES} (well under any provider's record limit) stored under their
 * SHA-256, a bundle is an index of its files (path, size, SHA-256, chunks) stored under the SHA-256
 * of that index (the bundle's digest), and the head names the digest served, moved by
 * compare-and-swap so two publishers never lose each other's head. The head is signed (see
 * head-signature.ts): replicas load only what a holder of the publishing key published.
 */
import { createHash } from "node:crypto";
import type { CataloguedCode } from "../contract/codes/index.js";
import { canonicalJson } from "../shared/canonical.js";
import { type HeadSignature, headVerifies, signHead } from "./head-signature.js";
import type { Signer, Verifier } from "./publisher-key.js";
import { type Store, StoreError, type StoreKey } from "./shared/types.js";

export const BUNDLES_NAMESPACE = "unitc.bundles";
/** The head record: `{ digest, publishedAt, fileCount, history, signature }`. */
export const HEAD_KEY: StoreKey = { namespace: BUNDLES_NAMESPACE, name: "head" };
/** Record values stay small: object stores and databases take them in one request. */
export const CHUNK_BYTES = 1024 * 1024;
/** Bundles kept after a publish (the head and the ones before it); older ones are deleted. */
export const KEEP_BUNDLES = 5;
/** Unreferenced records younger than this are left alone: another publisher may be writing them. */
export const PRUNE_GRACE_MS = 60 * 60_000;

/** One file of a bundle, by its path inside the bundle folder (`/`-separated). */
export interface BundleFile {
  path: string;
  size: number;
  sha256: string;
  chunks: string[];
}

/** A bundle's index; its digest is the SHA-256 of its canonical JSON. */
export interface BundleIndex {
  format: 1;
  files: BundleFile[];
}

/** The head: the bundle served, and the last few published (newest first, the head included). */
export interface BundleHead {
  digest: string;
  publishedAt: string;
  fileCount: number;
  history: string[];
  /** Absent on heads published before heads were signed (replicas refuse those). */
  signature?: HeadSignature;
}

const DIGEST = /^[0-9a-f]{64}$/;

export const sha256 = (bytes: Uint8Array | string): string =>
  createHash("sha256").update(bytes).digest("hex");

const chunkKey = (digest: string): StoreKey => ({ namespace: BUNDLES_NAMESPACE, name: `chunk/${digest}` });
const indexKey = (digest: string): StoreKey => ({ namespace: BUNDLES_NAMESPACE, name: `bundle/${digest}` });
const encode = (value: unknown) => new TextEncoder().encode(canonicalJson(value));

/** The index of `files` (path → bytes) and its digest. */
export function bundleIndex(files: Map<string, Uint8Array>): { index: BundleIndex; digest: string } {
  const entries: BundleFile[] = [...files.keys()].sort().map((path) => {
    const bytes = files.get(path) as Uint8Array;
    const count = Math.max(1, Math.ceil(bytes.length / CHUNK_BYTES));
    const chunks = Array.from({ length: count }, (_, n) =>
      sha256(bytes.subarray(n * CHUNK_BYTES, (n + 1) * CHUNK_BYTES)),
    );
    return { path, size: bytes.length, sha256: sha256(bytes), chunks };
  });
  const index: BundleIndex = { format: 1, files: entries };
  return { index, digest: sha256(encode(index)) };
}

/** Writes a record that is named by its content, unless it is there already. */
async function putOnce(store: Store, key: StoreKey, value: Uint8Array): Promise<void> {
  const found = await store.get(key);
  // A record pruning might take soon is rewritten, so it counts as young again.
  if (found && found.updatedAt > Date.now() - PRUNE_GRACE_MS / 2) return;
  const result = await store.put(key, value, found ? { version: found.version } : { absent: true });
  if (!result.ok && !(await store.get(key)))
    throw new StoreError("STORAGE_CORRUPT", `cannot write ${key.name}`);
}

/** Reads the head; undefined when nothing was published. */
export async function readHead(store: Store): Promise<{ head: BundleHead; version: string } | undefined> {
  const record = await store.get(HEAD_KEY);
  if (!record) return undefined;
  let head: BundleHead | undefined;
  try {
    head = JSON.parse(new TextDecoder().decode(record.value)) as BundleHead;
  } catch {
    head = undefined;
  }
  // The digest names a cache folder and store keys: anything but a SHA-256 is refused.
  if (!head || typeof head.digest !== "string" || !DIGEST.test(head.digest))
    throw new StoreError(
      "STORAGE_CORRUPT",
      `the published head in ${store.location} is not a head record`,
      "run unitc publish again",
    );
  return { head, version: record.version };
}

/** The head a publish replaces: a damaged one is replaced too (its version is all a swap needs). */
async function replaceableHead(store: Store): Promise<{ head?: BundleHead; version: string } | undefined> {
  try {
    return await readHead(store);
  } catch (error) {
    const record = error instanceof StoreError ? await store.get(HEAD_KEY) : undefined;
    if (!record) throw error;
    return { version: record.version };
  }
}

/** What a publish did: the digest, and whether the head moved (false: it was already there). */
export interface PublishResult {
  digest: string;
  published: boolean;
  pruned: number;
}

/** Whether the head already serves `digest` under a signature `signer` vouches for. */
const isSignedHead = (head: BundleHead | undefined, digest: string, signer: Verifier) =>
  head?.digest === digest && headVerifies(head, signer);

/**
 * Puts `files` into the store and moves the head to them, signed by `signer` (a no-op when the head
 * is them already, signed by that key; an unsigned or foreign-signed head of them is signed again).
 */
export async function publishBundle(
  store: Store,
  files: Map<string, Uint8Array>,
  signer: Signer & Verifier,
  options: { keep?: number; graceMs?: number; now?: () => Date } = {},
): Promise<PublishResult> {
  const { index, digest } = bundleIndex(files);
  if (isSignedHead((await replaceableHead(store))?.head, digest, signer))
    return { digest, published: false, pruned: 0 };
  for (const file of index.files) {
    const bytes = files.get(file.path) as Uint8Array;
    for (const [n, chunk] of file.chunks.entries())
      await putOnce(store, chunkKey(chunk), bytes.subarray(n * CHUNK_BYTES, (n + 1) * CHUNK_BYTES));
  }
  await putOnce(store, indexKey(digest), encode(index));
  const keep = options.keep ?? KEEP_BUNDLES;
  // Compare-and-swap: a head moved by someone else meanwhile is re-read, never overwritten blindly.
  for (;;) {
    const current = await replaceableHead(store);
    if (isSignedHead(current?.head, digest, signer)) return { digest, published: false, pruned: 0 };
    const before = Array.isArray(current?.head?.history) ? (current.head.history as unknown[]) : [];
    const earlier = before.filter(
      (d): d is string => typeof d === "string" && DIGEST.test(d) && d !== digest,
    );
    const history = [digest, ...earlier].slice(0, keep);
    const head = signHead(
      {
        digest,
        publishedAt: (options.now?.() ?? new Date()).toISOString(),
        fileCount: index.files.length,
        history,
      },
      signer,
    );
    const expect = current ? { version: current.version } : { absent: true as const };
    if ((await store.put(HEAD_KEY, encode(head), expect)).ok) {
      const pruned = await pruneBundles(store, history, options.graceMs ?? PRUNE_GRACE_MS);
      return { digest, published: true, pruned };
    }
  }
}

/** Deletes bundles not in `kept` and chunks none of them uses, when older than `graceMs`. */
export async function pruneBundles(store: Store, kept: string[], graceMs: number): Promise<number> {
  const cutoff = Date.now() - graceMs;
  const used = new Set<string>();
  for (const digest of kept) {
    const index = await readIndex(store, digest).catch(() => undefined);
    for (const file of index?.files ?? []) for (const chunk of file.chunks) used.add(chunk);
  }
  let pruned = 0;
  for (const record of await store.list(BUNDLES_NAMESPACE, "bundle/")) {
    const digest = record.key.name.slice("bundle/".length);
    if (!kept.includes(digest) && record.updatedAt <= cutoff && (await store.delete(record.key))) pruned++;
  }
  for (const record of await store.list(BUNDLES_NAMESPACE, "chunk/")) {
    const digest = record.key.name.slice("chunk/".length);
    if (!used.has(digest) && record.updatedAt <= cutoff) await store.delete(record.key);
  }
  return pruned;
}

/** A published bundle that is missing a part or whose bytes do not match their digest. */
export class BadBundleError extends Error {
  readonly code: CataloguedCode<"PUBLISHED_BUNDLE_INVALID"> = "PUBLISHED_BUNDLE_INVALID";
}

async function readIndex(store: Store, digest: string): Promise<BundleIndex> {
  const record = await store.get(indexKey(digest));
  if (!record) throw new BadBundleError(`bundle ${digest} has no index in the store`);
  if (sha256(record.value) !== digest) throw new BadBundleError(`bundle ${digest}: the index does not match`);
  return JSON.parse(new TextDecoder().decode(record.value)) as BundleIndex;
}

/** The files of bundle `digest`, every chunk and file checked against its SHA-256. */
export async function fetchBundle(store: Store, digest: string): Promise<Map<string, Uint8Array>> {
  const index = await readIndex(store, digest);
  const files = new Map<string, Uint8Array>();
  for (const file of index.files) {
    const parts: Uint8Array[] = [];
    for (const chunk of file.chunks) {
      const record = await store.get(chunkKey(chunk));
      if (!record || sha256(record.value) !== chunk)
        throw new BadBundleError(`bundle ${digest}: ${file.path} is missing a part or does not match`);
      parts.push(record.value);
    }
    const bytes = Buffer.concat(parts);
    if (bytes.length !== file.size || sha256(bytes) !== file.sha256)
      throw new BadBundleError(`bundle ${digest}: ${file.path} does not match its digest`);
    files.set(file.path, bytes);
  }
  return files;
}
