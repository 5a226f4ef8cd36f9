/**
 * The keys that make what replicas take from shared storage (published heads, serve-token records)
 * something a storage writer cannot forge. Heads are signed with an Ed25519 publisher key
 * (`storage.publishKey`, a reference to its 32-byte seed) and verified with its public half
 * (`storage.publisherPublicKey`), so a replica cannot publish; without a publisher key they are
 * MACed with a subkey of the vault key. Serve-token records are always MACed with a vault subkey.
 * Subkeys come from HKDF-SHA256 with a label per use, so no two uses share a key.
 */
import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  sign,
  timingSafeEqual,
  verify,
} from "node:crypto";
import type { CataloguedCode } from "../contract/codes/index.js";
import { resolveSecret } from "../shared/references.js";
import type { VaultKey } from "./seal.js";

/** How a head is authenticated: the publisher's Ed25519 key, or a MAC under a vault subkey. */
export type SignatureAlg = "ed25519" | "hmac-sha256";

/** Signs bytes; `keyId` names the key (never any of its bytes) in heads and log lines. */
export interface Signer {
  readonly alg: SignatureAlg;
  readonly keyId: string;
  sign(data: Uint8Array): string;
}

/** Checks a signature made by the matching {@link Signer}. */
export interface Verifier {
  readonly alg: SignatureAlg;
  readonly keyId: string;
  verify(data: Uint8Array, signature: string): boolean;
}

/** A key that cannot be read as one; the message names the field, never the text. */
export class PublisherKeyError extends Error {
  readonly code: CataloguedCode<"PUBLISH_KEY_INVALID"> = "PUBLISH_KEY_INVALID";
  constructor(
    message: string,
    readonly hint = "make a key pair with unitc publish keygen FILE and set storage.publishKey (publisher) or storage.publisherPublicKey (replicas)",
  ) {
    super(message);
  }
}

// DER prefixes of an Ed25519 PKCS#8 private key and SPKI public key; the 32 key bytes follow.
const PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
const SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

const idOf = (bytes: Uint8Array) =>
  createHash("sha256").update(bytes).digest().subarray(0, 8).toString("hex");

/** A 32-byte subkey of the vault key for one use, named by `label`. */
export function vaultSubkey(key: VaultKey, label: string): Buffer {
  return Buffer.from(hkdfSync("sha256", key.bytes, Buffer.alloc(0), `unitc ${label} v1`, 32));
}

/** HMAC-SHA256 of `data` under `key`, base64url. */
export function mac(key: Uint8Array, data: Uint8Array | string): string {
  return createHmac("sha256", key).update(data).digest("base64url");
}

/** Whether `signature` is the HMAC of `data` under `key` (compared in constant time). */
export function macMatches(key: Uint8Array, data: Uint8Array | string, signature: string): boolean {
  const want = Buffer.from(mac(key, data), "base64url");
  const got = Buffer.from(signature, "base64url");
  return got.length === want.length && timingSafeEqual(got, want);
}

/** The head MAC of replicas without a publisher key: signer and verifier are one key. */
export function vaultHeadKey(key: VaultKey): Signer & Verifier {
  const subkey = vaultSubkey(key, "published head");
  return {
    alg: "hmac-sha256",
    keyId: idOf(subkey),
    sign: (data) => mac(subkey, data),
    verify: (data, signature) => macMatches(subkey, data, signature),
  };
}

function raw32(text: string, field: string): Buffer {
  const trimmed = text.trim();
  const bytes = /^[A-Za-z0-9_-]+={0,2}$/.test(trimmed) ? Buffer.from(trimmed, "base64url") : Buffer.alloc(0);
  if (bytes.length !== 32) throw new PublisherKeyError(`${field} is not 32 bytes as base64url`);
  return bytes;
}

function publicRaw(key: KeyObject): Buffer {
  return (key.export({ format: "der", type: "spki" }) as Buffer).subarray(SPKI_PREFIX.length);
}

function ed25519Verifier(key: KeyObject): Verifier {
  return {
    alg: "ed25519",
    keyId: idOf(publicRaw(key)),
    verify: (data, signature) => {
      const bytes = Buffer.from(signature, "base64url");
      return bytes.length === 64 && verify(null, data, key, bytes);
    },
  };
}

/** The Ed25519 publisher key from its 32-byte seed as base64url; it also verifies its own heads. */
export function publisherSigner(seed: string, field = "storage.publishKey"): Signer & Verifier {
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, raw32(seed, field)]),
    format: "der",
    type: "pkcs8",
  });
  const verifier = ed25519Verifier(createPublicKey(privateKey));
  return { ...verifier, sign: (data) => sign(null, data, privateKey).toString("base64url") };
}

/** A replica's verifier from the publisher's public key (32 bytes as base64url). */
export function publisherVerifier(text: string, field = "storage.publisherPublicKey"): Verifier {
  const key = createPublicKey({
    key: Buffer.concat([SPKI_PREFIX, raw32(text, field)]),
    format: "der",
    type: "spki",
  });
  return ed25519Verifier(key);
}

/** A new publisher key pair: the seed (secret) and the public key, both 32 bytes as base64url. */
export function generatePublisherKeys(): { seed: string; publicKey: string; keyId: string } {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const der = privateKey.export({ format: "der", type: "pkcs8" }) as Buffer;
  const raw = publicRaw(publicKey);
  return {
    seed: der.subarray(PKCS8_PREFIX.length).toString("base64url"),
    publicKey: raw.toString("base64url"),
    keyId: idOf(raw),
  };
}

/** The storage settings that choose the head key. */
export interface HeadKeySettings {
  publishKey?: string;
  publisherPublicKey?: string;
}

/** What `unitc publish` signs with: the publisher key when configured, else the vault subkey. */
export async function resolveHeadSigner(
  settings: HeadKeySettings,
  vault: VaultKey,
  env: Record<string, string | undefined>,
): Promise<Signer & Verifier> {
  if (settings.publishKey === undefined) return vaultHeadKey(vault);
  const seed = await resolveSecret(settings.publishKey, {
    env,
    allow: ["env", "file"],
    field: "storage.publishKey",
  });
  return publisherSigner(seed);
}

/** What a replica verifies heads with: the publisher's public key when configured, else the vault subkey. */
export function resolveHeadVerifier(settings: HeadKeySettings, vault: VaultKey): Verifier {
  return settings.publisherPublicKey === undefined
    ? vaultHeadKey(vault)
    : publisherVerifier(settings.publisherPublicKey);
}
