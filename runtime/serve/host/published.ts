/**
 * `unitc serve --published`: the head bundle of the store, written into a cache folder per digest
 * (every file checked against its SHA-256) and served; a new head is swapped in as `unitc dev` swaps
 * a local rebuild. A head whose signature does not verify, and a bundle that is missing a part,
 * does not match its digest or does not load, are logged and never replace the one served.
 */
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { RETRY_MS, Retry } from "../../shared/retry.js";
import { BadBundleError, BUNDLES_NAMESPACE, fetchBundle, readHead, sha256 } from "../../storage/bundles.js";
import { checkHeadSignature, HeadSignatureError } from "../../storage/head-signature.js";
import type { Verifier } from "../../storage/publisher-key.js";
import type { Store } from "../../storage/shared/types.js";
import type { ServeHost } from "./host.js";

/** The bundle a replica serves, for readiness and logs. */
export interface PublishedState {
  /** The digest served; undefined until a good bundle was loaded. */
  digest?: string;
  /** Why the last head seen is not served (no secret in it). */
  problem?: string;
}

/** A path inside the bundle folder: relative, `/`-separated, no `..` (the index comes from a store). */
function safePath(path: string): boolean {
  return (
    path.length > 0 &&
    !path.startsWith("/") &&
    !path.includes("\\") &&
    path.split("/").every((part) => part !== "" && part !== "." && part !== "..")
  );
}

async function matches(dir: string, files: Map<string, Uint8Array>): Promise<boolean> {
  for (const [path, bytes] of files) {
    const onDisk = await readFile(join(dir, path)).catch(() => undefined);
    if (!onDisk || sha256(onDisk) !== sha256(bytes)) return false;
  }
  return true;
}

/** Whether `error` says the target folder is there already (a rename onto a folder with files in it). */
const isTaken = (error: unknown) => ["ENOTEMPTY", "EEXIST"].includes((error as { code?: string }).code ?? "");

/** Times a damaged cached copy is moved aside before the write gives up (other replicas write too). */
const PLACE_ATTEMPTS = 3;

/**
 * Writes bundle `digest` under `cacheDir` (a folder of its own, renamed into place); its manifest's
 * path. Replicas sharing the cache write at once: a complete copy already there is used and never
 * deleted (another replica may be loading it), and a damaged one is moved aside before it is removed.
 */
export async function materialise(store: Store, digest: string, cacheDir: string): Promise<string> {
  const files = await fetchBundle(store, digest);
  for (const path of files.keys())
    if (!safePath(path))
      throw new BadBundleError(`bundle ${digest}: the file path ${JSON.stringify(path)} is refused`);
  if (!files.has("manifest.json")) throw new BadBundleError(`bundle ${digest} has no manifest.json`);
  const dir = join(cacheDir, digest);
  const manifest = join(dir, "manifest.json");
  if (await matches(dir, files)) return manifest;
  await mkdir(cacheDir, { recursive: true, mode: 0o700 });
  const temporary = await mkdtemp(`${dir}.partial-`);
  try {
    for (const [path, bytes] of files) {
      await mkdir(dirname(join(temporary, path)), { recursive: true, mode: 0o700 });
      await writeFile(join(temporary, path), bytes, { mode: 0o600 });
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await rename(temporary, dir);
        return manifest;
      } catch (error) {
        if (!isTaken(error)) throw error;
        if (await matches(dir, files)) return manifest;
        if (attempt === PLACE_ATTEMPTS) throw error;
        const aside = `${dir}.damaged-${randomUUID()}`;
        // Gone already when another replica moved it first: the next attempt sees what is there now.
        const moved = await rename(dir, aside).then(
          () => true,
          () => false,
        );
        if (moved) await rm(aside, { recursive: true, force: true });
      }
    }
  } finally {
    // Left only when it was not renamed into place.
    await rm(temporary, { recursive: true, force: true });
  }
}

/** How old a copy being written (or moved aside) must be before pruning takes it for a crashed writer's. */
export const LEFTOVER_MS = 10 * 60_000;

/**
 * Removes cached bundles the store no longer keeps, and copies a writer that stopped half-way left
 * behind. Kept ones stay: a replica sharing the cache may still serve one, and a replaced bundle's
 * calls in flight may still read from it.
 */
export async function pruneCache(cacheDir: string, kept: readonly string[]): Promise<void> {
  const names = await readdir(cacheDir).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(cacheDir, name);
    if (/^[0-9a-f]{64}$/.test(name) && !kept.includes(name)) await rm(path, { recursive: true, force: true });
    else if (/^[0-9a-f]{64}\.(partial|damaged)-/.test(name)) {
      const changed = await stat(path).then(
        (s) => s.mtimeMs,
        () => Date.now(),
      );
      if (Date.now() - changed > LEFTOVER_MS) await rm(path, { recursive: true, force: true });
    }
  }
}

/** The head's bundle, written to the cache. */
interface Prepared {
  digest: string;
  manifestPath: string;
}

/**
 * Follows the store's head and swaps each new bundle into `host`. A read that fails (the store or
 * the cache folder unreachable for a moment) is tried again, waiting longer each time, until it
 * succeeds or the head moves on: the change feed reports a change once, so without the retry a
 * replica would keep serving the old bundle. A bundle that is not one, or does not load, is not
 * tried again until the head names another.
 */
export class PublishedBundles {
  readonly state: PublishedState = {};
  private host?: ServeHost;
  private stopWatch?: () => void;
  private queue: Promise<void> = Promise.resolve();
  private kept: string[] = [];
  /** The digest last refused: damaged, or it did not load. */
  private refused?: string;
  private readonly retry: Retry;
  private closed = false;
  /** Set when the first write failed: following starts with a retry. */
  private retryOnFollow = false;

  constructor(
    private readonly store: Store,
    private readonly verifier: Verifier,
    private readonly cacheDir: string,
    private readonly log: (line: string) => void,
    firstRetryMs = RETRY_MS,
  ) {
    this.retry = new Retry(() => this.enqueue(), firstRetryMs);
  }

  /**
   * The head's bundle written to the cache: its manifest path, or undefined (logged) when there is
   * none or it cannot be written yet (tried again once following). A store that cannot be read throws.
   */
  async first(): Promise<string | undefined> {
    const prepared = await this.prepare();
    if (prepared === "retry") {
      this.retryOnFollow = true;
      return undefined;
    }
    if (prepared) this.state.digest = prepared.digest;
    return prepared?.manifestPath;
  }

  /** The head's bundle when it is one to swap in; "retry" when writing it failed for now. */
  private async prepare(): Promise<Prepared | "retry" | undefined> {
    const head = await readHead(this.store);
    if (!head) {
      this.kept = [];
      this.state.problem = "nothing is published yet (run unitc publish)";
      this.log(this.state.problem);
      return undefined;
    }
    try {
      checkHeadSignature(head.head, this.verifier);
    } catch (error) {
      if (!(error instanceof HeadSignatureError)) throw error;
      // Not marked refused by digest: the publisher may sign this very bundle next.
      this.state.problem = `published head refused: ${error.message}`;
      const still = this.state.digest ? `; still serving ${this.state.digest}` : "; serving no bundle";
      this.log(`${error.code} ${this.state.problem}${still}; hint: ${error.hint}`);
      return undefined;
    }
    // Only a verified head says which cached bundles to keep.
    this.kept = Array.isArray(head.head.history) ? head.head.history : [];
    const digest = head.head.digest;
    if (digest === this.state.digest) delete this.state.problem;
    if (digest === this.state.digest || digest === this.refused) return undefined;
    try {
      return { digest, manifestPath: await materialise(this.store, digest, this.cacheDir) };
    } catch (error) {
      if (error instanceof BadBundleError) {
        this.refused = digest;
        this.reject(digest, error);
        return undefined;
      }
      this.reject(digest, error, true);
      return "retry";
    }
  }

  private reject(digest: string, error: unknown, retrying = false): void {
    const message = error instanceof Error ? error.message : String(error);
    const code = error instanceof BadBundleError ? `${error.code} ` : "";
    this.state.problem = `published bundle ${digest} is not served: ${message}`;
    const still = this.state.digest ? `; still serving ${this.state.digest}` : "";
    this.log(`${code}${this.state.problem}${still}${retrying ? this.retryText() : ""}`);
  }

  private retryText(): string {
    return `; trying again in ${this.retry.nextSeconds} s`;
  }

  private enqueue(): void {
    this.queue = this.queue.then(() => this.refresh());
  }

  /** Starts following the head: each new one is swapped into `host`. */
  follow(host: ServeHost): void {
    this.host = host;
    this.stopWatch = this.store.watch(BUNDLES_NAMESPACE, (change) => {
      if (change.key.name === "head") this.enqueue();
    });
    if (this.retryOnFollow) this.retry.failed();
  }

  private async refresh(): Promise<void> {
    const host = this.host;
    if (!host || this.closed) return;
    let prepared: Prepared | "retry" | undefined;
    try {
      prepared = await this.prepare();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log(`cannot read the published head: ${message}${this.retryText()}`);
      prepared = "retry";
    }
    if (prepared === "retry") return this.retry.failed();
    this.retry.succeeded();
    if (!prepared) return;
    try {
      const change = await host.reload({ manifestPath: prepared.manifestPath });
      this.state.digest = prepared.digest;
      delete this.state.problem;
      const touched = change.added.length + change.changed.length + change.removed.length;
      this.log(`serving published bundle ${prepared.digest} (${touched} units changed); clients notified`);
      await pruneCache(this.cacheDir, [...this.kept, prepared.digest]).catch(() => undefined);
    } catch (error) {
      this.refused = prepared.digest;
      this.reject(prepared.digest, error);
    }
  }

  /** Stops following; a refresh under way finishes first. */
  async close(): Promise<void> {
    this.closed = true;
    this.retry.close();
    this.stopWatch?.();
    await this.queue;
  }
}
