/**
 * What a provider supplies (its records and a native change hint) and the one wrapper that turns it
 * into a {@link Store}: key checks, leases as records, the polling change feed, nudged by the
 * provider's hint and by this process's own writes.
 */
import { recordStorageRoundTrip } from "../../observe/metrics.js";
import { ChangeFeed } from "./feed.js";
import { checkKey, checkKeyPart } from "./keys.js";
import { takeLease } from "./lease.js";
import type { Expect, PutResult, Store, StoreKey, StoreRecord } from "./types.js";

/** A provider's records; keys arrive already checked. */
export interface RecordEngine {
  readonly provider: string;
  readonly location: string;
  get(key: StoreKey): Promise<StoreRecord | undefined>;
  put(key: StoreKey, value: Uint8Array, expect: Expect): Promise<PutResult>;
  delete(key: StoreKey, expect?: { version: string }): Promise<boolean>;
  list(namespace: string, prefix: string): Promise<StoreRecord[]>;
  /** The names and versions of a namespace, for the change feed (cheaper than values). */
  versions(namespace: string): Promise<Map<string, string>>;
  /** Starts the native change hint, which calls `nudge`; returns the function that stops it. */
  hint?(nudge: () => void): () => void;
  close(): Promise<void>;
}

/** The {@link Store} over `engine`, polling watched namespaces every `pollIntervalMs`. */
export function storeOver(engine: RecordEngine, pollIntervalMs: number): Store {
  let stopHint: (() => void) | undefined;
  // Counted for the storage round-trip metric: what each replica asks of shared storage.
  const trip = (operation: string) => recordStorageRoundTrip(engine.provider, operation);
  const feed: ChangeFeed = new ChangeFeed(
    (namespace) => {
      trip("versions");
      return engine.versions(namespace);
    },
    pollIntervalMs,
    (active) => {
      if (active && engine.hint) stopHint = engine.hint(() => feed.nudge());
      else {
        stopHint?.();
        stopHint = undefined;
      }
    },
  );
  const store: Store = {
    provider: engine.provider,
    location: engine.location,
    async get(key) {
      checkKey(key);
      trip("get");
      return engine.get(key);
    },
    async put(key, value, expect) {
      checkKey(key);
      trip("put");
      const result = await engine.put(key, value, expect);
      if (result.ok) feed.nudge();
      return result;
    },
    async delete(key, expect) {
      checkKey(key);
      trip("delete");
      const deleted = await engine.delete(key, expect);
      if (deleted) feed.nudge();
      return deleted;
    },
    async list(namespace, prefix = "") {
      checkKeyPart(namespace, "namespace");
      checkKeyPart(prefix, "prefix");
      trip("list");
      return engine.list(namespace, prefix);
    },
    lease(name, ttlMs) {
      return takeLease(store, name, ttlMs);
    },
    watch(namespace, onChange) {
      checkKeyPart(namespace, "namespace");
      return feed.watch(namespace, onChange);
    },
    async close() {
      await feed.close();
      await engine.close();
    },
  };
  return store;
}
