/**
 * The vault: named secrets kept sealed in a {@link Store} under the namespace `vault`. Every write is
 * a compare-and-swap, so two writers never lose each other's secret silently; every value is sealed
 * to its record and checked against the namespace's index (see sealed.ts), so the store only ever
 * holds ciphertext and an older ciphertext put back does not open as current.
 */
import { type RotateResult, rotateNamespace } from "./rotate.js";
import { VaultError, type VaultKey } from "./seal.js";
import { type OpenedRecord, SealedNamespace, VAULT_NAMESPACE } from "./sealed.js";
import type { Store } from "./shared/types.js";

export { VAULT_NAMESPACE } from "./sealed.js";

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
  private readonly sealed: SealedNamespace;

  constructor(
    private readonly store: Store,
    private readonly key: VaultKey,
  ) {
    this.sealed = new SealedNamespace(store, VAULT_NAMESPACE, key);
  }

  /** The id of the key new records are sealed with. */
  get keyId(): string {
    return this.key.id;
  }

  /** The secret `name`, or undefined when it is not set. */
  async get(name: string): Promise<Secret | undefined> {
    const opened = await this.sealed.read(checkName(name));
    return opened && { name, ...parse(opened), updatedAt: opened.record.updatedAt };
  }

  /** Sets `name` to `value`, keeping its first-set date. */
  async set(name: string, value: string): Promise<void> {
    checkName(name);
    for (;;) {
      const current = await this.sealed.read(name);
      const createdAt = current ? parse(current).createdAt : Date.now();
      const plaintext = new TextEncoder().encode(JSON.stringify({ value, createdAt } satisfies Sealed));
      const expect = current ? { version: current.record.version } : { absent: true as const };
      if (await this.sealed.write(name, plaintext, expect)) return;
    }
  }

  /** The secrets' names and dates, by name. */
  async list(): Promise<SecretEntry[]> {
    return (await this.sealed.list()).map((opened) => ({
      name: opened.record.key.name,
      createdAt: parse(opened).createdAt,
      updatedAt: opened.record.updatedAt,
    }));
  }

  /** Every secret's value (the audit log replaces them in the arguments it keeps). */
  async values(): Promise<string[]> {
    return (await this.sealed.list()).map((opened) => parse(opened).value);
  }

  /** Deletes `name`; false when it was not set. */
  async delete(name: string): Promise<boolean> {
    return this.sealed.remove(checkName(name));
  }

  /** Re-seals every secret sealed with `oldKey` to this vault's key; safe to run again after a stop. */
  async rotate(oldKey: VaultKey): Promise<RotateResult> {
    return rotateNamespace(this.store, VAULT_NAMESPACE, oldKey, this.key);
  }
}

function checkName(name: string): string {
  if (!NAME.test(name)) {
    throw new VaultError(
      "VAULT_CORRUPT",
      `secret name ${JSON.stringify(name.slice(0, 60))} is not allowed`,
      "use 1-200 characters of letters, digits and . _ : @ -",
    );
  }
  return name;
}

function parse(opened: OpenedRecord): Sealed {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(opened.plaintext)) as Sealed;
    if (typeof parsed.value === "string" && typeof parsed.createdAt === "number") return parsed;
  } catch {
    // Falls through to the error below: it opened, so the key is right and the content is wrong.
  }
  throw new VaultError(
    "VAULT_CORRUPT",
    `record ${VAULT_NAMESPACE}/${opened.record.key.name} opened but holds no secret`,
  );
}
