/**
 * A sealed logical dump of a store: every sealed record's namespace, name and envelope (ciphertext
 * with its key id), so any provider copies to any other. Nothing is opened on export; on import every
 * record must open under the target's key before anything is written, so a dump never lands where
 * its secrets cannot be read.
 */
import { open, readHeader, VaultError, type VaultKey } from "./seal.js";
import type { Store, StoreKey, StoreRecord } from "./types.js";
import { VAULT_NAMESPACE } from "./vault.js";

/** The namespaces that hold sealed records (leases and other bookkeeping are not copied). */
export const SEALED_NAMESPACES: readonly string[] = [VAULT_NAMESPACE];

const FORMAT = "unitc-storage-dump";

/** The dump file's content. */
export interface StorageDump {
  format: typeof FORMAT;
  version: 1;
  records: { namespace: string; name: string; updatedAt: number; keyId: string; value: string }[];
}

/** Every sealed record of the store. */
export async function sealedRecords(store: Store): Promise<StoreRecord[]> {
  const all: StoreRecord[] = [];
  for (const namespace of SEALED_NAMESPACES) all.push(...(await store.list(namespace)));
  return all;
}

/** The dump of `store` (values stay sealed). */
export async function exportStore(store: Store): Promise<StorageDump> {
  const records = (await sealedRecords(store)).map((record) => ({
    ...record.key,
    updatedAt: record.updatedAt,
    keyId: readHeader(record.value, record.key).keyId,
    value: Buffer.from(record.value).toString("base64"),
  }));
  return { format: FORMAT, version: 1, records };
}

/** Parses dump text; a {@link VaultError} naming what is wrong otherwise. */
export function parseDump(text: string, file: string): StorageDump {
  let parsed: Partial<StorageDump> | undefined;
  try {
    parsed = JSON.parse(text) as Partial<StorageDump>;
  } catch {
    parsed = undefined;
  }
  if (parsed?.format !== FORMAT || parsed.version !== 1 || !Array.isArray(parsed.records)) {
    throw new VaultError(
      "VAULT_CORRUPT",
      `${file} is not a unitc storage dump (format ${FORMAT}, version 1)`,
      "pass a file written by unitc storage export",
    );
  }
  return parsed as StorageDump;
}

/**
 * Writes the dump's records into `store`, replacing records of the same key. Every record is opened
 * under `key` first (a wrong key is reported before anything changes).
 */
export async function importDump(store: Store, dump: StorageDump, key: VaultKey): Promise<number> {
  const entries = dump.records.map((record) => {
    const storeKey: StoreKey = { namespace: record.namespace, name: record.name };
    const value = new Uint8Array(Buffer.from(record.value, "base64"));
    open(key, storeKey, value);
    return { storeKey, value };
  });
  for (const { storeKey, value } of entries) {
    for (;;) {
      const current = await store.get(storeKey);
      const put = await store.put(storeKey, value, current ? { version: current.version } : { absent: true });
      if (put.ok) break;
    }
  }
  return entries.length;
}
