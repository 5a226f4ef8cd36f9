/**
 * A sealed namespace: records sealed under the vault key (seal.ts) and checked against the
 * namespace's index (seal-index.ts), so an older ciphertext put back into a record does not open as
 * current. Every namespace that holds secrets (vault secrets, OAuth tokens, registered clients) goes
 * through here, and rotation, verify, status, export and import walk {@link SEALED_NAMESPACES}.
 */

import { open, seal, VaultError, type VaultKey } from "./seal.js";
import {
  ADOPT_HINT,
  checkCurrent,
  nextGeneration,
  readIndex,
  type SealIndex,
  updateIndex,
} from "./seal-index.js";
import type { Expect, Store, StoreKey, StoreRecord } from "./shared/types.js";

/** The namespace that holds vault secrets. */
export const VAULT_NAMESPACE = "vault";

/** The namespace that holds OAuth tokens, one record per unit. */
export const OAUTH_NAMESPACE = "oauth";

/** The namespace that holds dynamically registered OAuth clients, one per unit. */
export const OAUTH_CLIENT_NAMESPACE = "oauth-client";

/** Every namespace whose records are sealed: rotated, verified, counted, exported and imported. */
export const SEALED_NAMESPACES: readonly string[] = [
  VAULT_NAMESPACE,
  OAUTH_NAMESPACE,
  OAUTH_CLIENT_NAMESPACE,
];

/** A record opened and found current: its plaintext, the stored record and its generation. */
export interface OpenedRecord {
  record: StoreRecord;
  plaintext: Uint8Array;
}

/** One sealed namespace of a store, under one vault key. */
export class SealedNamespace {
  constructor(
    readonly store: Store,
    readonly namespace: string,
    private readonly key: VaultKey,
  ) {}

  /** The record `name` opened, or undefined; VAULT_ROLLBACK when it is not the current one. */
  async read(name: string): Promise<OpenedRecord | undefined> {
    const record = await this.store.get(this.recordKey(name));
    if (!record) return undefined;
    return this.openCurrent(await readIndex(this.store, this.namespace, [this.key]), record);
  }

  /** Every record of the namespace opened, by name; the first that does not open throws. */
  async list(): Promise<OpenedRecord[]> {
    const records = await this.store.list(this.namespace);
    if (records.length === 0) return [];
    const index = await readIndex(this.store, this.namespace, [this.key]);
    return records.map((record) => this.openCurrent(index, record));
  }

  /**
   * Seals `plaintext` as the record `name` if the record is as `expect` says (undefined: whatever is
   * there); false on a conflict. The index entry is raised after the record lands, so a writer that
   * stops in between leaves a record that is still current. With `adopt`, a namespace that has
   * records but no index (written by an earlier unitc) gets one; otherwise that is VAULT_ROLLBACK.
   */
  async write(name: string, plaintext: Uint8Array, expect?: Expect, adopt = false): Promise<boolean> {
    const key = this.recordKey(name);
    for (;;) {
      const index = await this.ensureIndex(adopt);
      const current = await this.store.get(key);
      if (expect && ("absent" in expect ? current !== undefined : current?.version !== expect.version))
        return false;
      const generation = nextGeneration(index, name, current);
      const sealed = seal(this.key, key, generation, plaintext);
      const put = await this.store.put(
        key,
        sealed,
        current ? { version: current.version } : { absent: true },
      );
      if (put.ok) {
        await updateIndex(this.store, this.namespace, this.key, { [name]: { generation } });
        return true;
      }
      if (expect) return false;
    }
  }

  /**
   * Deletes the record `name`; false when there was none. The tombstone goes into the index before
   * the record is removed, so an old copy of the record put back later does not open.
   */
  async remove(name: string): Promise<boolean> {
    const key = this.recordKey(name);
    for (;;) {
      const current = await this.store.get(key);
      if (!current) return false;
      const index = await this.ensureIndex(false);
      const generation = nextGeneration(index, name, current) - 1;
      await updateIndex(this.store, this.namespace, this.key, { [name]: { generation, deleted: true } });
      if (await this.store.delete(key, { version: current.version })) return true;
    }
  }

  /** The index, made (empty) when the namespace has none and no records either. */
  private async ensureIndex(adopt: boolean): Promise<SealIndex> {
    const index = await readIndex(this.store, this.namespace, [this.key]);
    if (index.version !== undefined) return index;
    if (!adopt && (await this.store.list(this.namespace)).length > 0) {
      throw new VaultError(
        "VAULT_ROLLBACK",
        `namespace ${this.namespace} holds records but no index: whether they are current cannot be told`,
        ADOPT_HINT,
      );
    }
    return updateIndex(this.store, this.namespace, this.key, {});
  }

  private openCurrent(index: SealIndex, record: StoreRecord): OpenedRecord {
    // The key is checked first, so a record under another key says so rather than "rolled back".
    const plaintext = open(this.key, record.key, record.value);
    checkCurrent(index, record);
    return { record, plaintext };
  }

  private recordKey(name: string): StoreKey {
    return { namespace: this.namespace, name };
  }
}

/** What verifying one namespace found: how many records, and why each failure did not open. */
export interface NamespaceCheck {
  namespace: string;
  records: number;
  failures: VaultError[];
}

/** Opens every record of `namespace` under `key` and checks it against the index; never throws a VaultError. */
export async function verifyNamespace(
  store: Store,
  namespace: string,
  key: VaultKey,
): Promise<NamespaceCheck> {
  const records = await store.list(namespace);
  const check: NamespaceCheck = { namespace, records: records.length, failures: [] };
  if (records.length === 0) return check;
  // Each record is opened first, so one under another key is named as such, not by its index.
  const index = await readIndex(store, namespace, [key]).catch((error: unknown) => {
    if (error instanceof VaultError) return error;
    throw error;
  });
  for (const record of records) {
    try {
      open(key, record.key, record.value);
      if (index instanceof VaultError) throw index;
      checkCurrent(index, record);
    } catch (error) {
      if (!(error instanceof VaultError)) throw error;
      check.failures.push(error);
    }
  }
  return check;
}
