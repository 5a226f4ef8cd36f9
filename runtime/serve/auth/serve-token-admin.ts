/**
 * The administration of serve tokens (`unitc serve token`, `unitc storage`): create one (the token
 * shown once), list them without hashes, revoke one, and make their MACs again under a new vault key.
 */
import { randomBytes } from "node:crypto";
import { UnitError } from "../../contract/errors.js";
import { mac, macMatches } from "../../storage/publisher-key.js";
import type { VaultKey } from "../../storage/seal.js";
import type { Store } from "../../storage/shared/types.js";
import { type OperationRules, operationRules } from "../policy/rules.js";
import {
  decode,
  encode,
  hashOf,
  keyOf,
  macInput,
  macKey,
  SERVE_TOKEN_NAMESPACE,
  SERVE_TOKEN_PREFIX,
  type ServeTokenInfo,
  type ServeTokenRecord,
} from "./serve-token-record.js";

const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}$/;

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
