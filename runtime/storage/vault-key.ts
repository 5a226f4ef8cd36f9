/**
 * Where the vault key comes from: `vaultKey` (an `env:` or `file:` reference to 32 bytes as
 * base64url), or, for the embedded providers only, a key file made on first use. The shared
 * providers (postgresql, object_store) never make one: a key generated on one machine would seal
 * records that no other replica can open.
 */
import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { resolveSecret } from "../shared/references.js";
import { KEY_HINT, VaultError, type VaultKey, vaultKey } from "./seal.js";

/** The providers that may keep their own key file. */
const EMBEDDED = new Set(["filesystem", "sqlite"]);

/** The name of the generated key file inside the data folder. */
export const KEY_FILE_NAME = "vault.key";

/** Decodes base64url key text to a key; the message names `field`, never the text. */
export function decodeVaultKey(text: string, field = "storage.vaultKey"): VaultKey {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(trimmed)) {
    throw new VaultError("VAULT_BAD_KEY", `${field} is not base64url text`, KEY_HINT);
  }
  const bytes = Buffer.from(trimmed, "base64url");
  if (bytes.length !== 32) {
    throw new VaultError(
      "VAULT_BAD_KEY",
      `${field} decodes to ${bytes.length} bytes; it must be 32`,
      KEY_HINT,
    );
  }
  return vaultKey(bytes);
}

/** Throws VAULT_NO_KEY when a shared provider (postgresql, object_store) has no `vaultKey`. */
export function checkKeyConfigured(provider: string, reference: string | undefined): void {
  if (reference !== undefined || EMBEDDED.has(provider)) return;
  throw new VaultError(
    "VAULT_NO_KEY",
    `storage provider ${provider} needs storage.vaultKey; it never generates a key, since every replica must share it`,
    KEY_HINT,
  );
}

/** What the key depends on. */
export interface VaultKeyOptions {
  provider: string;
  vaultKey?: string;
  env: Record<string, string | undefined>;
  /** The data folder that holds the generated key file (embedded providers). */
  dataDir: string;
}

/** Resolves the vault key from config, or the embedded providers' key file (made when missing). */
export async function resolveVaultKey(options: VaultKeyOptions): Promise<VaultKey> {
  if (options.vaultKey !== undefined) {
    const text = await resolveSecret(options.vaultKey, {
      env: options.env,
      allow: ["env", "file"],
      field: "storage.vaultKey",
    });
    return decodeVaultKey(text);
  }
  checkKeyConfigured(options.provider, undefined);
  return keyFile(join(options.dataDir, KEY_FILE_NAME));
}

/**
 * Reads the key file, or creates it with mode 0600. The key is written to a temporary file and
 * hard-linked into place, which fails when the file exists: two first runs agree on one key, and
 * no reader ever sees a half-written one.
 */
async function keyFile(path: string): Promise<VaultKey> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(temporary, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await unlink(temporary);
  }
  const mode = (await stat(path)).mode;
  if ((mode & 0o077) !== 0) {
    throw new VaultError(
      "VAULT_BAD_KEY",
      `the vault key file ${path} is readable or writable by others (mode ${(mode & 0o777).toString(8)})`,
      `make it owner-only: chmod 600 ${path}`,
    );
  }
  return decodeVaultKey(await readFile(path, "utf8"), path);
}
