/**
 * Sealing one secret record: AES-256-GCM with a fresh 12-byte nonce, under a key named by its key id,
 * with associated data that binds the ciphertext to its namespace, name and write generation, so a
 * ciphertext copied into another record does not open.
 *
 * Envelope (binary, format 1): magic `UVLT`, format byte, key id (8 bytes), generation (uint32 BE),
 * nonce (12 bytes), then ciphertext with the 16-byte GCM tag at its end. The whole header is
 * authenticated too, so no byte of the envelope can change unnoticed.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import type { CataloguedCode } from "../contract/codes/index.js";
import type { StoreKey } from "./shared/types.js";

const MAGIC = Buffer.from("UVLT", "ascii");
const FORMAT = 1;
const KEY_ID_BYTES = 8;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + 1 + KEY_ID_BYTES + 4 + NONCE_BYTES;

/** Why a sealed record did not open, with a stable code. */
export type VaultErrorCode = CataloguedCode<
  "VAULT_WRONG_KEY" | "VAULT_CORRUPT" | "VAULT_BAD_KEY" | "VAULT_NO_KEY" | "VAULT_ROLLBACK"
>;

/** A vault failure; the message names key ids and records, never a key or a secret. */
export class VaultError extends Error {
  constructor(
    readonly code: VaultErrorCode,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = "VaultError";
  }
}

/** A 32-byte vault key and its id (the first 8 bytes of its sha256, hex). */
export interface VaultKey {
  readonly id: string;
  readonly bytes: Uint8Array;
}

/** Wraps 32 key bytes; any other length is a {@link VaultError}. */
export function vaultKey(bytes: Uint8Array): VaultKey {
  if (bytes.length !== 32) {
    throw new VaultError("VAULT_BAD_KEY", `the vault key is ${bytes.length} bytes; it must be 32`, KEY_HINT);
  }
  const id = createHash("sha256").update(bytes).digest().subarray(0, KEY_ID_BYTES).toString("hex");
  return { id, bytes: Uint8Array.from(bytes) };
}

/** What to write for a fresh key: 32 random bytes as base64url. */
export const KEY_HINT =
  "set vaultKey to a reference holding 32 random bytes as base64url (openssl rand -base64 32 | tr '+/' '-_')";

/** What an envelope's header says, read without a key. */
export interface EnvelopeHeader {
  keyId: string;
  generation: number;
}

function associatedData(header: Uint8Array, key: StoreKey): Buffer {
  const binding = Buffer.from(`\0${key.namespace}\0${key.name}`, "utf8");
  return Buffer.concat([header, binding]);
}

/** Seals `plaintext` for the record `key` at write `generation` under `sealKey`. */
export function seal(
  sealKey: VaultKey,
  key: StoreKey,
  generation: number,
  plaintext: Uint8Array,
): Uint8Array {
  const header = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(header, 0);
  header.writeUInt8(FORMAT, MAGIC.length);
  Buffer.from(sealKey.id, "hex").copy(header, MAGIC.length + 1);
  header.writeUInt32BE(generation >>> 0, MAGIC.length + 1 + KEY_ID_BYTES);
  randomBytes(NONCE_BYTES).copy(header, HEADER_BYTES - NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", sealKey.bytes, header.subarray(HEADER_BYTES - NONCE_BYTES));
  cipher.setAAD(associatedData(header, key));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return new Uint8Array(Buffer.concat([header, body]));
}

/** Reads an envelope's header (key id, generation); a {@link VaultError} when it is not one. */
export function readHeader(envelope: Uint8Array, key: StoreKey): EnvelopeHeader {
  const bytes = Buffer.from(envelope.buffer, envelope.byteOffset, envelope.byteLength);
  const where = `${key.namespace}/${key.name}`;
  if (bytes.length < HEADER_BYTES + TAG_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new VaultError("VAULT_CORRUPT", `record ${where} is not a sealed vault record`);
  }
  const format = bytes.readUInt8(MAGIC.length);
  if (format !== FORMAT) {
    throw new VaultError(
      "VAULT_CORRUPT",
      `record ${where} is sealed in format ${format}, which this unitc does not read`,
      "upgrade unitc",
    );
  }
  return {
    keyId: bytes.subarray(MAGIC.length + 1, MAGIC.length + 1 + KEY_ID_BYTES).toString("hex"),
    generation: bytes.readUInt32BE(MAGIC.length + 1 + KEY_ID_BYTES),
  };
}

/** Opens an envelope sealed for `key`; "wrong key (id …)" when another key sealed it. */
export function open(openKey: VaultKey, key: StoreKey, envelope: Uint8Array): Uint8Array {
  const header = readHeader(envelope, key);
  const where = `${key.namespace}/${key.name}`;
  if (header.keyId !== openKey.id) {
    throw new VaultError(
      "VAULT_WRONG_KEY",
      `record ${where} was sealed with another key: wrong key (id ${openKey.id}; the record needs id ${header.keyId})`,
      "set vaultKey to the key with that id, or rotate with storage rotate-key --old <ref>",
    );
  }
  const bytes = Buffer.from(envelope.buffer, envelope.byteOffset, envelope.byteLength);
  const head = bytes.subarray(0, HEADER_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", openKey.bytes, head.subarray(HEADER_BYTES - NONCE_BYTES));
  decipher.setAAD(associatedData(head, key));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    const body = bytes.subarray(HEADER_BYTES, bytes.length - TAG_BYTES);
    return new Uint8Array(Buffer.concat([decipher.update(body), decipher.final()]));
  } catch {
    throw new VaultError(
      "VAULT_CORRUPT",
      `record ${where} does not open under key id ${openKey.id}: it was altered or moved from another record`,
      "restore the record from an export, or delete it and set the secret again",
    );
  }
}
