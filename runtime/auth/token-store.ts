/**
 * Tokens kept in the store, sealed (AES-256-GCM bound to the record, see storage/seal.ts), one record
 * per unit holding the fingerprint of the config they were issued for. Writes are compare-and-swap:
 * a writer that lost a race re-reads rather than overwriting or deleting the winner's tokens.
 */
import { open, readHeader, seal, type VaultKey } from "../storage/seal.js";
import type { Store, StoreKey } from "../storage/types.js";
import type { TokenSet } from "./grants.js";

/** The namespace that holds OAuth tokens. */
export const OAUTH_NAMESPACE = "oauth";

/** The namespace that holds dynamically registered clients, one per unit. */
export const OAUTH_CLIENT_NAMESPACE = "oauth-client";

/** A unit's stored tokens, the config fingerprint they belong to, and the record version read. */
export interface StoredTokens {
  fingerprint: string;
  tokens: TokenSet;
  version: string;
  generation: number;
}

/** Sealed token records over a store. */
export class TokenStore {
  constructor(
    readonly store: Store,
    private readonly key: VaultKey,
  ) {}

  /** The unit's tokens, or undefined when none are stored. */
  async read(unitId: string): Promise<StoredTokens | undefined> {
    const key = recordKey(unitId);
    const record = await this.store.get(key);
    if (!record) return undefined;
    const parsed = JSON.parse(new TextDecoder().decode(open(this.key, key, record.value))) as {
      fingerprint: string;
      tokens: TokenSet;
    };
    return { ...parsed, version: record.version, generation: readHeader(record.value, key).generation };
  }

  /** Writes tokens if the record is still as `previous` was read; false when someone wrote first. */
  async write(
    unitId: string,
    fingerprint: string,
    tokens: TokenSet,
    previous: StoredTokens | undefined,
  ): Promise<boolean> {
    const key = recordKey(unitId);
    const plaintext = new TextEncoder().encode(JSON.stringify({ fingerprint, tokens }));
    const sealed = seal(this.key, key, (previous?.generation ?? 0) + 1, plaintext);
    const result = await this.store.put(
      key,
      sealed,
      previous ? { version: previous.version } : { absent: true },
    );
    return result.ok;
  }

  /** The client registered for the unit by dynamic registration (RFC 7591), if any. */
  async readClient<T>(unitId: string): Promise<T | undefined> {
    const key = clientKey(unitId);
    const record = await this.store.get(key);
    return record
      ? (JSON.parse(new TextDecoder().decode(open(this.key, key, record.value))) as T)
      : undefined;
  }

  /** Keeps the unit's dynamically registered client (sealed: it may hold a client secret). */
  async writeClient(unitId: string, client: unknown): Promise<void> {
    const key = clientKey(unitId);
    const current = await this.store.get(key);
    const generation = current ? readHeader(current.value, key).generation + 1 : 1;
    const sealed = seal(this.key, key, generation, new TextEncoder().encode(JSON.stringify(client)));
    await this.store.put(key, sealed, current ? { version: current.version } : { absent: true });
  }

  /** Deletes the unit's tokens; false when there were none. */
  async remove(unitId: string): Promise<boolean> {
    return this.store.delete(recordKey(unitId));
  }
}

/** The lease name for single-flight refreshes of a unit's tokens. */
export function refreshLeaseName(unitId: string): string {
  return `oauth-refresh:${unitId}`;
}

function recordKey(unitId: string): StoreKey {
  return { namespace: OAUTH_NAMESPACE, name: unitId };
}

function clientKey(unitId: string): StoreKey {
  return { namespace: OAUTH_CLIENT_NAMESPACE, name: unitId };
}
