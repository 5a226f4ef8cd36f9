/**
 * Scoped serve tokens: named bearer tokens for `unitc serve` over HTTP, each limited to some units
 * and optionally expiring, kept in storage as the SHA-256 of a 256-bit random token (the token
 * itself is shown once, when created). `unitc serve token` writes them; a serving process keeps them
 * in memory, follows the store's change feed (a revocation elsewhere is seen within its poll
 * interval) and writes last-use times in batches, never once per request. Each record carries a
 * MAC over its name, hash, units, operation rules and expiry under a subkey of the vault key: a record
 * written or widened by someone who can write to storage but holds no vault key is ignored (and logged).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { UnitError } from "../../contract/errors.js";
import { canonicalJson } from "../../shared/canonical.js";
import { RETRY_MS, Retry } from "../../shared/retry.js";
import { mac, macMatches, vaultSubkey } from "../../storage/publisher-key.js";
import type { VaultKey } from "../../storage/seal.js";
import type { Store, StoreRecord } from "../../storage/shared/types.js";
import { type OperationRules, operationRules, readRules } from "../policy/rules.js";
import type { Principal } from "./principal.js";

/** The store namespace of serve tokens; a record's name is the token's name. */
export const SERVE_TOKEN_NAMESPACE = "serve-tokens";
/** Every token starts with this, so a leaked one is recognisable (secret scanners). */
export const SERVE_TOKEN_PREFIX = "unitc_st_";
/** How often a serving process writes the last-use times it collected. */
export const LAST_USE_FLUSH_MS = 60_000;

/** One token as stored (never the token, only its hash). */
export interface ServeTokenRecord {
  name: string;
  /** Hex SHA-256 of the token. */
  hash: string;
  /** Served unit IDs the token may use; absent: every unit. */
  units?: string[];
  /** Which operations of those units the token may see and call; absent: all of them. */
  rules?: OperationRules;
  /** What else the token may do besides calling units (`metrics`: read `/metrics`). */
  scopes?: string[];
  createdAt: number;
  expiresAt?: number;
  lastUsedAt?: number;
  /** HMAC-SHA256 (base64url) of name, hash, units, rules and expiry under the vault's serve-token subkey. */
  mac?: string;
}

/** What `list` shows of a token: everything but its hash and MAC. */
export type ServeTokenInfo = Omit<ServeTokenRecord, "hash" | "mac">;

const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}$/;

function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The subkey serve-token records are MACed with. */
const macKey = (key: VaultKey) => vaultSubkey(key, "serve token record");

/** What the MAC covers: who a token lets in, to what, until when (rules only when it has some). */
function macInput(record: ServeTokenRecord): string {
  const { name, hash, units, expiresAt, rules, scopes } = record;
  // Rules and scopes join the MAC only when set, so records made before they existed still verify.
  const covered = {
    name,
    hash,
    units: units ?? null,
    expiresAt: expiresAt ?? null,
    ...(rules === undefined ? {} : { rules }),
    ...(scopes ? { scopes } : {}),
  };
  return `unitc serve token v1\n${canonicalJson(covered)}`;
}

function keyOf(name: string) {
  return { namespace: SERVE_TOKEN_NAMESPACE, name };
}

function decode(record: StoreRecord): ServeTokenRecord | undefined {
  try {
    const value = JSON.parse(Buffer.from(record.value).toString("utf8")) as ServeTokenRecord;
    return typeof value.hash === "string" && typeof value.name === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

function encode(record: ServeTokenRecord): Uint8Array {
  return Buffer.from(JSON.stringify(record), "utf8");
}

/** `30d`, `12h`, `15m`, `45s` as milliseconds; throws `SERVE_TOKEN_BAD_EXPIRY` otherwise. */
export function parseDuration(text: string): number {
  const match = /^(\d{1,6})([smhd])$/.exec(text.trim());
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match?.[2] as "s"];
  if (!match || unit === undefined || Number(match[1]) === 0) {
    throw new UnitError("SERVE_TOKEN_BAD_EXPIRY", `expiry ${JSON.stringify(text)} is not a duration`, {
      hint: "use a number and a unit: 30d, 12h, 15m or 45s",
    });
  }
  return Number(match[1]) * unit;
}

function checkName(name: string): void {
  if (NAME.test(name)) return;
  throw new UnitError("SERVE_TOKEN_BAD_NAME", `token name ${JSON.stringify(name)} is not allowed`, {
    hint: "use 1-64 letters, digits, '.', '_' or '-', not starting with '.'",
  });
}

/** The scopes a serve token may carry besides its units. */
export const SERVE_TOKEN_SCOPES = ["metrics"] as const;

function checkScopes(scopes: readonly string[] | undefined): void {
  const unknown = scopes?.find((scope) => !(SERVE_TOKEN_SCOPES as readonly string[]).includes(scope));
  if (unknown === undefined) return;
  throw new UnitError("SERVE_TOKEN_BAD_SCOPE", `serve tokens have no scope ${JSON.stringify(unknown)}`, {
    hint: `the scopes are: ${SERVE_TOKEN_SCOPES.join(", ")}`,
  });
}

/** Creates token `name`; resolves to the token (shown once) and what was stored. */
export async function createServeToken(
  store: Store,
  key: VaultKey,
  options: {
    name: string;
    units?: string[];
    rules?: OperationRules;
    scopes?: string[];
    expiresInMs?: number;
    now?: number;
  },
): Promise<{ token: string; record: ServeTokenRecord }> {
  checkName(options.name);
  checkScopes(options.scopes);
  const rules = options.rules ? operationRules(options.rules) : undefined;
  const token = `${SERVE_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const now = options.now ?? Date.now();
  const record: ServeTokenRecord = {
    name: options.name,
    hash: hashOf(token),
    ...(options.units ? { units: [...new Set(options.units)].sort() } : {}),
    ...(rules ? { rules } : {}),
    ...(options.scopes?.length ? { scopes: [...new Set(options.scopes)].sort() } : {}),
    createdAt: now,
    ...(options.expiresInMs !== undefined ? { expiresAt: now + options.expiresInMs } : {}),
  };
  record.mac = mac(macKey(key), macInput(record));
  const put = await store.put(keyOf(options.name), encode(record), { absent: true });
  if (!put.ok) {
    throw new UnitError("SERVE_TOKEN_EXISTS", `a serve token named ${options.name} exists already`, {
      hint: `revoke it first (unitc serve token revoke ${options.name}) or pick another name`,
    });
  }
  return { token, record };
}

/** Every stored token, by name, without hashes. */
export async function listServeTokens(store: Store): Promise<ServeTokenInfo[]> {
  const records = (await store.list(SERVE_TOKEN_NAMESPACE)).map(decode);
  return records.filter((r) => r !== undefined).map(({ hash: _hash, mac: _mac, ...info }) => info);
}

/** What moving serve-token records to a new vault key did. */
export interface ServeTokenRekey {
  /** Records whose MAC was made again under the new key. */
  moved: number;
  /** Records already under the new key. */
  current: number;
  /** Records that verify under neither key: left as they are, and still refused. */
  unverified: string[];
}

/**
 * Makes each serve-token record's MAC again under `newKey`, when it verifies under `oldKey`: a key
 * rotation keeps the tokens working, and a record no key holder wrote stays refused.
 */
export async function rekeyServeTokens(
  store: Store,
  oldKey: VaultKey,
  newKey: VaultKey,
): Promise<ServeTokenRekey> {
  const out: ServeTokenRekey = { moved: 0, current: 0, unverified: [] };
  const [oldMac, newMac] = [macKey(oldKey), macKey(newKey)];
  for (const stored of await store.list(SERVE_TOKEN_NAMESPACE)) {
    const record = decode(stored);
    const name = record?.name ?? stored.key.name;
    if (!record || typeof record.mac !== "string") {
      out.unverified.push(name);
    } else if (macMatches(newMac, macInput(record), record.mac)) {
      out.current++;
    } else if (macMatches(oldMac, macInput(record), record.mac)) {
      record.mac = mac(newMac, macInput(record));
      // A last-use flush that wrote meanwhile only changed lastUsedAt: the next rotation run moves it.
      const put = await store.put(stored.key, encode(record), { version: stored.version });
      if (put.ok) out.moved++;
    } else {
      out.unverified.push(name);
    }
  }
  return out;
}

/** Deletes token `name`; throws `SERVE_TOKEN_UNKNOWN` when there is none. */
export async function revokeServeToken(store: Store, name: string): Promise<void> {
  checkName(name);
  if (await store.delete(keyOf(name))) return;
  throw new UnitError("SERVE_TOKEN_UNKNOWN", `no serve token is named ${name}`, {
    hint: "unitc serve token list shows the names",
  });
}

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
