/**
 * The one store every provider implements (filesystem, sqlite, postgresql, object_store). It holds
 * what must outlive a process or be shared between processes and machines: OAuth tokens and logins,
 * serve tokens, published bundles, setup approvals and vault secrets. Records are opaque bytes under
 * a key; whoever keeps secrets in a record seals them first (see the vault), so a provider never sees
 * a plaintext secret.
 *
 * Correctness rests on versions, not on timing: every write is a compare-and-swap on the version the
 * writer last read, and the change feed is a hint that a caller re-reads; a provider may notice a
 * change early (Postgres `LISTEN/NOTIFY`, file watching, SQLite `data_version`) but must notice it
 * by polling within `pollIntervalMs` at the latest.
 */

import type { CataloguedCode } from "../../contract/codes/index.js";

/**
 * A record's key: a namespace and a name, each 1–200 characters of `[A-Za-z0-9._:@-]` and `/`
 * between segments, never `.` or `..` as a segment (providers map keys to file names and object keys).
 */
export interface StoreKey {
  namespace: string;
  name: string;
}

/** One record as read. */
export interface StoreRecord {
  key: StoreKey;
  value: Uint8Array;
  /** Opaque, changes on every write; the compare-and-swap token. */
  version: string;
  /** When the record was last written, milliseconds since the epoch. */
  updatedAt: number;
}

/** What a write expects to find: no record at all, or the record at exactly this version. */
export type Expect = { absent: true } | { version: string };

/** The outcome of a compare-and-swap: the new version, or a conflict (re-read and retry). */
export type PutResult = { ok: true; version: string } | { ok: false; conflict: true };

/** One change seen on the feed: the key, and its new version (undefined when it was deleted). */
export interface StoreChange {
  key: StoreKey;
  version: string | undefined;
}

/** A held lease; {@link Lease.release} gives it up early, otherwise it lapses after its term. */
export interface Lease {
  /** Who holds it (random per acquisition). */
  readonly holder: string;
  /** When it lapses, milliseconds since the epoch. */
  readonly expiresAt: number;
  release(): Promise<void>;
}

/** The store every provider implements. Every method may reject with a {@link StoreError}. */
export interface Store {
  /** The provider, for status output (`filesystem`, `sqlite`, `postgresql`, `object_store`). */
  readonly provider: string;
  /** Where the store is, with no secret in it (a path, `postgresql://host:port/db`, `s3://bucket/path`). */
  readonly location: string;
  get(key: StoreKey): Promise<StoreRecord | undefined>;
  /** Writes `value` if the record is as `expect` says; otherwise a conflict, and nothing changes. */
  put(key: StoreKey, value: Uint8Array, expect: Expect): Promise<PutResult>;
  /** Deletes the record if it is at `expect.version` (or any version when omitted); false if not. */
  delete(key: StoreKey, expect?: { version: string }): Promise<boolean>;
  /** The records of a namespace whose name starts with `prefix`, by name. */
  list(namespace: string, prefix?: string): Promise<StoreRecord[]>;
  /**
   * A lease on `name` for `ttlMs` (single-flight work such as a token refresh): undefined while
   * someone else holds an unexpired one. Exclusive across processes and machines.
   */
  lease(name: string, ttlMs: number): Promise<Lease | undefined>;
  /**
   * Calls `onChange` for every change to the namespace made by anyone (this process included),
   * within `pollIntervalMs` of the write. Returns the function that stops watching.
   */
  watch(namespace: string, onChange: (change: StoreChange) => void): () => void;
  /** Closes connections and watchers; the store is unusable afterwards. */
  close(): Promise<void>;
}

/** Why a store operation failed, with a stable code. */
export type StoreErrorCode = CataloguedCode<
  | "STORAGE_UNREACHABLE"
  | "STORAGE_NOT_WRITABLE"
  | "STORAGE_BAD_KEY"
  | "STORAGE_SCHEMA_NEWER"
  | "STORAGE_NOT_MIGRATED"
  | "STORAGE_NO_PRECONDITIONS"
  | "STORAGE_CORRUPT"
  | "STORAGE_BAD_CONFIG"
  | "STORAGE_EXPORT_SYMLINK"
>;

/** A failed store operation; the message names the store's location, never a secret. */
export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = "StoreError";
  }
}
