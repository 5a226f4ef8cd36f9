/**
 * What serving a published bundle (`unitc serve --published`) adds: the configured store opened at
 * start, the head bundle written to the cache folder and followed, and the readiness checks of a
 * replica (bundle loaded, storage reachable, vault key present); and the readiness of a local bundle.
 */
import { join } from "node:path";
import type { LazyStorage } from "../../calls/runtime-storage.js";
import { unitcDir } from "../../shared/user-dirs.js";
import { HEAD_KEY } from "../../storage/bundles.js";
import type { OpenedStorage } from "../../storage/configured.js";
import { PublisherKeyError, resolveHeadVerifier } from "../../storage/publisher-key.js";
import type { ServeHost } from "../host/host.js";
import { PublishedBundles } from "../host/published.js";
import type { CheckOutcome, ReadinessChecks } from "../http/health.js";
import { ServeSetupError } from "../shared/setup-error.js";

/** A replica's published bundle and its store. */
export interface PublishedServing {
  /** The head bundle's manifest in the cache, when one could be loaded at start. */
  manifestPath?: string;
  storage: OpenedStorage;
  follow(host: ServeHost): void;
  readiness: ReadinessChecks;
  close(): Promise<void>;
}

/** Opens the store with `open` (its vault key resolved) and prepares the head bundle; storage failures throw. */
export async function openPublished(
  open: () => Promise<OpenedStorage>,
  env: Record<string, string | undefined>,
  log: (line: string) => void,
): Promise<PublishedServing> {
  const storage = await open();
  try {
    const verifier = headVerifier(storage);
    const bundles = new PublishedBundles(
      storage.store,
      verifier,
      join(unitcDir("cache", env), "published"),
      log,
    );
    const manifestPath = await bundles.first();
    if (manifestPath) log(`serving published bundle ${bundles.state.digest}`);
    return {
      ...(manifestPath ? { manifestPath } : {}),
      storage,
      follow: (host) => bundles.follow(host),
      readiness: {
        // Still serving the last good bundle is ready; a head refused since is shown beside it.
        bundle: async () =>
          bundles.state.digest
            ? {
                ok: true,
                detail: bundles.state.digest,
                ...(bundles.state.problem ? { warning: bundles.state.problem } : {}),
              }
            : { ok: false, detail: bundles.state.problem ?? "no bundle loaded" },
        storage: async () => {
          // Reachability only: a damaged head is the bundle check's concern, not the store's.
          await storage.store.get(HEAD_KEY);
          return { ok: true, detail: storage.store.provider };
        },
        // Resolved when the store was opened: serving never starts without it.
        vaultKey: async () => ({ ok: true }),
      },
      async close() {
        await bundles.close();
        await storage.close();
      },
    };
  } catch (error) {
    await storage.close();
    throw error;
  }
}

/** The key heads must verify under: the publisher's public key, else the vault-derived one. */
function headVerifier(storage: OpenedStorage) {
  try {
    return resolveHeadVerifier(storage.settings, storage.key);
  } catch (error) {
    if (error instanceof PublisherKeyError) throw new ServeSetupError(error.code, error.message, error.hint);
    throw error;
  }
}

/** Readiness of a serve of a local bundle: loaded at start; the vault key checked when units use a vault. */
export function localReadiness(host: ServeHost, storage: LazyStorage): ReadinessChecks {
  const checks: ReadinessChecks = {
    bundle: async (): Promise<CheckOutcome> => ({ ok: true, detail: `${host.manifest.units.length} units` }),
  };
  if (mentionsVault(host.manifest)) {
    checks.vaultKey = async () => {
      await storage.opened();
      return { ok: true };
    };
  }
  return checks;
}

/**
 * Whether a string in `value` (a key or a value, at any depth) is or quotes a `vault:` reference: what
 * `JSON.stringify(value).includes('"vault:')` finds, without writing out the whole manifest (GitHub
 * REST's is 9 MB of JSON, most of a serve's start-up CPU before the first tools/list).
 */
export function mentionsVault(value: unknown): boolean {
  const found = (text: string) => text.startsWith("vault:") || text.includes('"vault:');
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (found(next)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === "object") {
      for (const [key, item] of Object.entries(next)) {
        if (found(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** `--published` reads the store `unitc publish` writes to: without a configured one there is no head. */
export function publishedWithoutStorage(): ServeSetupError {
  return new ServeSetupError(
    "PUBLISHED_NEEDS_STORAGE",
    "--published serves the bundle unitc publish put in the shared store, and the user config sets no `storage`",
    'set `storage` in the user config to the store unitc publish writes to, for replicas {"provider": "postgresql", "connection": "env:NAME"} or object_store',
  );
}
