/**
 * Scoped serve tokens: named bearer tokens for `unitc serve` over HTTP, each limited to some units
 * and optionally expiring, kept in storage as the SHA-256 of a 256-bit random token (the token
 * itself is shown once, when created). `unitc serve token` writes them; a serving process keeps them
 * in memory, follows the store's change feed (a revocation elsewhere is seen within its poll
 * interval) and writes last-use times in batches, never once per request. Each record carries a
 * MAC over its name, hash, units, operation rules and expiry under a subkey of the vault key: a record
 * written or widened by someone who can write to storage but holds no vault key is ignored (and logged).
 * This file is the serving side; the record is in `serve-token-record.ts`, the commands' side in
 * `serve-token-admin.ts`.
 */ import { timingSafeEqual } from "node:crypto";
import { RETRY_MS, Retry } from "../../shared/retry.js";
import { macMatches } from "../../storage/publisher-key.js";
import type { VaultKey } from "../../storage/seal.js";
import type { Store, StoreRecord } from "../../storage/shared/types.js";
import { readRules } from "../policy/rules.js";
import type { Principal } from "./principal.js";
import {
  decode,
  encode,
  hashOf,
  keyOf,
  macInput,
  macKey,
  SERVE_TOKEN_NAMESPACE,
  SERVE_TOKEN_PREFIX,
  type ServeTokenRecord,
} from "./serve-token-record.js";

/** How often a serving process writes the last-use times it collected. */
export const LAST_USE_FLUSH_MS = 60_000;

interface Held {
  record: ServeTokenRecord;
  version: string;
  hash: Buffer;
}

/** The serving side: the stored tokens in memory, kept current from the store's change feed. */
export class ServeTokens {
  private readonly byHash = new Map<string, Held>();
  private readonly byName = new Map<string, Held>();
  private readonly used = new Map<string, number>();
  private readonly stopWatching: () => void;
  private readonly flusher: NodeJS.Timeout;
  /** Tokens whose change could not be read: refused meanwhile, read again until it can be. */
  private readonly unread = new Set<string>();
  private readonly retry: Retry;
  private readonly macKey: Buffer;

  private constructor(
    private readonly store: Store,
    key: VaultKey,
    private readonly log: (line: string) => void,
    flushEveryMs: number,
    retryMs: number,
  ) {
    this.macKey = macKey(key);
    this.retry = new Retry(() => {
      for (const name of this.unread) void this.reread(name);
    }, retryMs);
    this.stopWatching = store.watch(SERVE_TOKEN_NAMESPACE, (change) => void this.reread(change.key.name));
    this.flusher = setInterval(() => void this.flush(), flushEveryMs);
    this.flusher.unref();
  }

  /** Loads every token whose MAC verifies under `key`'s subkey and starts following changes. */
  static async open(
    store: Store,
    key: VaultKey,
    options: { flushEveryMs?: number; retryMs?: number; log?: (line: string) => void } = {},
  ): Promise<ServeTokens> {
    const tokens = new ServeTokens(
      store,
      key,
      options.log ?? (() => {}),
      options.flushEveryMs ?? LAST_USE_FLUSH_MS,
      options.retryMs ?? RETRY_MS,
    );
    try {
      for (const record of await store.list(SERVE_TOKEN_NAMESPACE)) tokens.hold(record.key.name, record);
    } catch (error) {
      await tokens.close();
      throw error;
    }
    return tokens;
  }

  private hold(name: string, stored: StoreRecord | undefined): void {
    const old = this.byName.get(name);
    if (old) this.byHash.delete(old.record.hash);
    this.byName.delete(name);
    const record = stored ? decode(stored) : undefined;
    if (!stored || !record || record.name !== name) return;
    if (typeof record.mac !== "string" || !macMatches(this.macKey, macInput(record), record.mac)) {
      this.log(
        `SERVE_TOKEN_UNVERIFIED serve token record ${JSON.stringify(name)} is ignored: it has no MAC, or one that does not match its name, hash, units, rules and expiry (written outside unitc serve token, or under another vault key); hint: unitc serve token revoke ${name}, then create it again`,
      );
      return;
    }
    const held = { record, version: stored.version, hash: Buffer.from(record.hash, "hex") };
    this.byName.set(name, held);
    this.byHash.set(record.hash, held);
  }

  private async reread(name: string): Promise<void> {
    try {
      this.hold(name, await this.store.get(keyOf(name)));
      this.unread.delete(name);
      if (this.unread.size === 0) this.retry.succeeded();
    } catch {
      // An unreadable store: forget the token rather than keep honouring one that may be revoked,
      // and read it again later (the feed reported its change once).
      this.hold(name, undefined);
      this.unread.add(name);
      this.retry.failed();
    }
  }

  /** The principal `token` stands for, or undefined when it is unknown, revoked or expired. */
  check(token: string, now = Date.now()): Principal | undefined {
    if (!token.startsWith(SERVE_TOKEN_PREFIX)) return undefined;
    const digest = Buffer.from(hashOf(token), "hex");
    const held = this.byHash.get(digest.toString("hex"));
    if (!held || !timingSafeEqual(held.hash, digest)) return undefined;
    if (held.record.expiresAt !== undefined && held.record.expiresAt <= now) return undefined;
    this.used.set(held.record.name, now);
    return {
      id: `serve-token:${held.record.name}`,
      ...(held.record.units ? { units: held.record.units } : {}),
      ...(held.record.rules !== undefined ? { rules: readRules(held.record.rules) } : {}),
      ...(held.record.scopes ? { scopes: held.record.scopes } : {}),
      via: "serve-token",
    };
  }

  /**
   * Writes the collected last-use times, one write per used token. A write only lands on the version
   * read, so it never brings back a token revoked meanwhile.
   */
  async flush(): Promise<void> {
    const used = [...this.used];
    this.used.clear();
    for (const [name, at] of used) {
      const held = this.byName.get(name);
      if (!held) continue;
      const record = { ...held.record, lastUsedAt: at };
      await this.store.put(keyOf(name), encode(record), { version: held.version }).catch(() => undefined);
    }
  }

  /** Stops following changes, after a last flush. */
  async close(): Promise<void> {
    clearInterval(this.flusher);
    this.retry.close();
    this.stopWatching();
    await this.flush();
  }
}
