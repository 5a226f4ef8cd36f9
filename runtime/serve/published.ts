/**
 * `unitc serve --published`: the head bundle of the store, written into a cache folder per digest
 * (every file checked against its SHA-256) and served; a new head is swapped in as `unitc dev` swaps
 * a local rebuild. A bundle that is missing a part, does not match its digest or does not load is
 * logged and never replaces the one served.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { BadBundleError, BUNDLES_NAMESPACE, fetchBundle, readHead, sha256 } from "../storage/bundles.js";
import type { Store } from "../storage/types.js";
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

/** Writes bundle `digest` under `cacheDir` (a fresh folder renamed into place); its manifest's path. */
export async function materialise(store: Store, digest: string, cacheDir: string): Promise<string> {
  const files = await fetchBundle(store, digest);
  for (const path of files.keys())
    if (!safePath(path))
      throw new BadBundleError(`bundle ${digest}: the file path ${JSON.stringify(path)} is refused`);
  if (!files.has("manifest.json")) throw new BadBundleError(`bundle ${digest} has no manifest.json`);
  const dir = join(cacheDir, digest);
  if (await matches(dir, files)) return join(dir, "manifest.json");
  const temporary = `${dir}.${process.pid}.${Date.now()}.partial`;
  for (const [path, bytes] of files) {
    await mkdir(dirname(join(temporary, path)), { recursive: true, mode: 0o700 });
    await writeFile(join(temporary, path), bytes, { mode: 0o600 });
  }
  // Another replica sharing the cache may have written it meanwhile (kept: it may be serving from
  // it), or left a damaged copy (removed).
  if (!(await matches(dir, files))) await rm(dir, { recursive: true, force: true });
  await rename(temporary, dir).catch(async (error) => {
    await rm(temporary, { recursive: true, force: true });
    if (!(await matches(dir, files))) throw error;
  });
  return join(dir, "manifest.json");
}

/**
 * Removes cached bundles the store no longer keeps. Kept ones stay: a replica sharing the cache may
 * still serve one, and a replaced bundle's calls in flight may still read from it.
 */
export async function pruneCache(cacheDir: string, kept: readonly string[]): Promise<void> {
  const names = await readdir(cacheDir).catch(() => [] as string[]);
  for (const name of names)
    if (/^[0-9a-f]{64}$/.test(name) && !kept.includes(name))
      await rm(join(cacheDir, name), { recursive: true, force: true });
}

/** Follows the store's head and swaps each new bundle into `host`. */
export class PublishedBundles {
  readonly state: PublishedState = {};
  private host?: ServeHost;
  private stopWatch?: () => void;
  private queue: Promise<void> = Promise.resolve();
  private seen?: string;
  private kept: string[] = [];

  constructor(
    private readonly store: Store,
    private readonly cacheDir: string,
    private readonly log: (line: string) => void,
  ) {}

  /** The head's bundle written to the cache: its manifest path, or undefined (logged) when there is none. */
  async first(): Promise<string | undefined> {
    const prepared = await this.prepare();
    if (prepared) this.state.digest = prepared.digest;
    return prepared?.manifestPath;
  }

  private async prepare(): Promise<{ digest: string; manifestPath: string } | undefined> {
    const head = await readHead(this.store);
    this.kept = head?.head.history ?? [];
    if (!head) {
      this.state.problem = "nothing is published yet (run unitc publish)";
      this.log(this.state.problem);
      return undefined;
    }
    const digest = head.head.digest;
    this.seen = digest;
    if (digest === this.state.digest) return undefined;
    try {
      return { digest, manifestPath: await materialise(this.store, digest, this.cacheDir) };
    } catch (error) {
      this.reject(digest, error);
      return undefined;
    }
  }

  private reject(digest: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    const code = error instanceof BadBundleError ? `${error.code} ` : "";
    this.state.problem = `published bundle ${digest} is not served: ${message}`;
    this.log(
      `${code}${this.state.problem}${this.state.digest ? `; still serving ${this.state.digest}` : ""}`,
    );
  }

  /** Starts following the head: each new one is swapped into `host`. */
  follow(host: ServeHost): void {
    this.host = host;
    this.stopWatch = this.store.watch(BUNDLES_NAMESPACE, (change) => {
      if (change.key.name === "head") this.queue = this.queue.then(() => this.refresh());
    });
  }

  private async refresh(): Promise<void> {
    const host = this.host;
    if (!host) return;
    const before = this.seen;
    const prepared = await this.prepare().catch((error: unknown) => {
      this.log(`cannot read the published head: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    });
    if (!prepared || prepared.digest === before) return;
    try {
      const change = await host.reload({ manifestPath: prepared.manifestPath });
      this.state.digest = prepared.digest;
      delete this.state.problem;
      const touched = change.added.length + change.changed.length + change.removed.length;
      this.log(`serving published bundle ${prepared.digest} (${touched} units changed); clients notified`);
      await pruneCache(this.cacheDir, [...this.kept, prepared.digest]).catch(() => undefined);
    } catch (error) {
      this.reject(prepared.digest, error);
    }
  }

  /** Stops following; a refresh under way finishes first. */
  async close(): Promise<void> {
    this.stopWatch?.();
    await this.queue;
  }
}
