/**
 * A serve token as stored: the record, its key in the store, its codec, the token's hash, and the MAC
 * over what the record grants under a subkey of the vault key.
 */
import { createHash } from "node:crypto";
import { canonicalJson } from "../../shared/canonical.js";
import { vaultSubkey } from "../../storage/publisher-key.js";
import type { VaultKey } from "../../storage/seal.js";
import type { StoreRecord } from "../../storage/shared/types.js";
import type { OperationRules } from "../policy/rules.js";

/** The store namespace of serve tokens; a record's name is the token's name. */
export const SERVE_TOKEN_NAMESPACE = "serve-tokens";
/** Every token starts with this, so a leaked one is recognisable (secret scanners). */
export const SERVE_TOKEN_PREFIX = "unitc_st_";

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
export function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The subkey serve-token records are MACed with. */
export const macKey = (key: VaultKey) => vaultSubkey(key, "serve token record");

/** What the MAC covers: who a token lets in, to what, until when (rules only when it has some). */
export function macInput(record: ServeTokenRecord): string {
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

export function keyOf(name: string) {
  return { namespace: SERVE_TOKEN_NAMESPACE, name };
}

export function decode(record: StoreRecord): ServeTokenRecord | undefined {
  try {
    const value = JSON.parse(Buffer.from(record.value).toString("utf8")) as ServeTokenRecord;
    return typeof value.hash === "string" && typeof value.name === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

export function encode(record: ServeTokenRecord): Uint8Array {
  return Buffer.from(JSON.stringify(record), "utf8");
}
