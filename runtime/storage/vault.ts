/**
 * The vault: named secrets kept sealed in a {@link Store} under the namespace `vault`. Every write is
 * a compare-and-swap, so two writers never lose each other's secret silently; every value is sealed
 * to its record (see seal.ts), so the store only ever holds ciphertext.
 */
import { type RotateResult, rotateNamespace } from "./rotate.js";
import { open, readHeader, seal, VaultError, type VaultKey } from "./seal.js";
import type { Store, StoreKey, StoreRecord } from "./types.js";

/** The namespace that holds vault secrets. */
export const VAULT_NAMESPACE = "vault";

const NAME = /^[A-Za-z0-9._:@-]{1,200}$/;

/** A secret's name and dates, never its value. */
export interface SecretEntry {
  name: string;
  createdAt: number;
  updatedAt: number;
}

/** A secret as read. */
export interface Secret extends SecretEntry {
  value: string;
}

/** What is sealed: the value and when the secret was first set. */
interface Sealed {
  value: string;
  createdAt: number;
}

/** Named secrets over a store, sealed under one key. */
export class Vault {
  constructor(
    private readonly store: Store,
    private readonly key: VaultKey,
  ) {}

  /** The id of the key new records are sealed with. */
  get keyId(): string {
    return this.key.id;
  }

  /** The secret `name`, or undefined when it is not set. */
  async get(name: string): Promise<Secret | undefined> {
    const record = await this.store.get(this.recordKey(name));
    return record && { name, ...this.openRecord(record), updatedAt: record.updatedAt };
  }

  /** Sets `name` to `value`, keeping its first-set date. */
  async set(name: string, value: string): Promise<void> {
    const key = this.recordKey(name);
    for (;;) {
      const current = await this.store.get(key);
      const createdAt = current ? this.openRecord(current).createdAt : Date.now();
      const generation = current ? readHeader(current.value, key).generation + 1 : 1;
      const plaintext = new TextEncoder().encode(JSON.stringify({ value, createdAt } satisfies Sealed));
      const sealed = seal(this.key, key, generation, plaintext);
      const result = await this.store.put(
        key,
        sealed,
        current ? { version: current.version } : { absent: true },
      );
      if (result.ok) return;
    }
  }

  /** The secrets' names and dates, by name. */
  async list(): Promise<SecretEntry[]> {
    const records = await this.store.list(VAULT_NAMESPACE);
    return records.map((record) => ({
      name: record.key.name,
      createdAt: this.openRecord(record).createdAt,
      updatedAt: record.updatedAt,
    }));
  }

  /** Deletes `name`; false when it was not set. */
  async delete(name: string): Promise<boolean> {
    return this.store.delete(this.recordKey(name));
  }

  /** Re-seals every secret sealed with `oldKey` to this vault's key; safe to run again after a stop. */
  async rotate(oldKey: VaultKey): Promise<RotateResult> {
    return rotateNamespace(this.store, VAULT_NAMESPACE, oldKey, this.key);
  }

  private recordKey(name: string): StoreKey {
    if (!NAME.test(name)) {
      throw new VaultError(
        "VAULT_CORRUPT",
        `secret name ${JSON.stringify(name.slice(0, 60))} is not allowed`,
        "use 1-200 characters of letters, digits and . _ : @ -",
      );
    }
    return { namespace: VAULT_NAMESPACE, name };
  }

  private openRecord(record: StoreRecord): Sealed {
    const plaintext = open(this.key, record.key, record.value);
    try {
      const parsed = JSON.parse(new TextDecoder().decode(plaintext)) as Sealed;
      if (typeof parsed.value === "string" && typeof parsed.createdAt === "number") return parsed;
    } catch {
      // Falls through to the error below: it opened, so the key is right and the content is wrong.
    }
    throw new VaultError(
      "VAULT_CORRUPT",
      `record ${VAULT_NAMESPACE}/${record.key.name} opened but holds no secret`,
    );
  }
}
