/**
 * Tokens kept in the store, sealed and checked against their namespace's index (see
 * storage/sealed.ts), one record per unit holding the fingerprint of the config they were issued for.
 * Writes are compare-and-swap: a writer that lost a race re-reads rather than overwriting or deleting
 * the winner's tokens. A logout leaves a tombstone in the index, so an old copy of the record put
 * back into the store does not log the unit in again.
 */
import type { VaultKey } from "../storage/seal.js";
import { OAUTH_CLIENT_NAMESPACE, OAUTH_NAMESPACE, SealedNamespace } from "../storage/sealed.js";
import type { Store } from "../storage/shared/types.js";
import type { TokenSet } from "./grants.js";

export { OAUTH_CLIENT_NAMESPACE, OAUTH_NAMESPACE } from "../storage/sealed.js";

/** A unit's stored tokens, the config fingerprint they belong to, and the record version read. */
export interface StoredTokens {
  fingerprint: string;
  tokens: TokenSet;
  version: string;
}

/** Sealed token records over a store. */
export class TokenStore {
  private readonly tokens: SealedNamespace;
  private readonly clients: SealedNamespace;

  constructor(
    readonly store: Store,
    key: VaultKey,
  ) {
    this.tokens = new SealedNamespace(store, OAUTH_NAMESPACE, key);
    this.clients = new SealedNamespace(store, OAUTH_CLIENT_NAMESPACE, key);
  }

  /** The unit's tokens, or undefined when none are stored. */
  async read(unitId: string): Promise<StoredTokens | undefined> {
    const opened = await this.tokens.read(unitId);
    if (!opened) return undefined;
    const parsed = JSON.parse(new TextDecoder().decode(opened.plaintext)) as {
      fingerprint: string;
      tokens: TokenSet;
    };
    return { ...parsed, version: opened.record.version };
  }

  /** Writes tokens if the record is still as `previous` was read; false when someone wrote first. */
  async write(
    unitId: string,
    fingerprint: string,
    tokens: TokenSet,
    previous: StoredTokens | undefined,
  ): Promise<boolean> {
    const plaintext = new TextEncoder().encode(JSON.stringify({ fingerprint, tokens }));
    return this.tokens.write(unitId, plaintext, previous ? { version: previous.version } : { absent: true });
  }

  /** The client registered for the unit by dynamic registration (RFC 7591), if any. */
  async readClient<T>(unitId: string): Promise<T | undefined> {
    const opened = await this.clients.read(unitId);
    return opened ? (JSON.parse(new TextDecoder().decode(opened.plaintext)) as T) : undefined;
  }

  /** Keeps the unit's dynamically registered client (sealed: it may hold a client secret). */
  async writeClient(unitId: string, client: unknown): Promise<void> {
    await this.clients.write(unitId, new TextEncoder().encode(JSON.stringify(client)));
  }

  /** Deletes the unit's tokens; false when there were none. */
  async remove(unitId: string): Promise<boolean> {
    return this.tokens.remove(unitId);
  }
}

/** The lease name for single-flight refreshes of a unit's tokens. */
export function refreshLeaseName(unitId: string): string {
  return `oauth-refresh:${unitId}`;
}
