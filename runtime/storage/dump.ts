/**
 * A sealed logical dump of a store: every sealed record's namespace, name and envelope (ciphertext
 * with its key id), so any provider copies to any other. On export each record is checked against its
 * namespace's index, so a record put back from an older copy is not carried on as current; on import
 * every record must open under the target's key before anything is written, so a dump never lands
 * where its secrets cannot be read, and each is sealed again at the target's next generation.
 */

import { open, readHeader, VaultError, type VaultKey } from "./seal.js";
import { checkCurrent, readIndex } from "./seal-index.js";
import { SEALED_NAMESPACES, SealedNamespace } from "./sealed.js";
import type { Store, StoreKey, StoreRecord } from "./shared/types.js";

export { SEALED_NAMESPACES } from "./sealed.js";

const FORMAT = "unitc-storage-dump";

/** The dump file's content. */
export interface StorageDump {
  format: typeof FORMAT;
  version: 1;
  records: { namespace: string; name: string; updatedAt: number; keyId: string; value: string }[];
}

/** A dump, and the namespaces whose records had no index to be checked against (an earlier unitc's). */
export interface ExportResult {
  dump: StorageDump;
  unindexed: string[];
}

/** The dump of `store` (values stay sealed); VAULT_ROLLBACK when a record is not the current one. */
export async function exportStore(store: Store, key: VaultKey): Promise<ExportResult> {
  const unindexed: string[] = [];
  const all: StoreRecord[] = [];
  for (const namespace of SEALED_NAMESPACES) {
    const listed = await store.list(namespace);
    if (listed.length === 0) continue;
    const index = await readIndex(store, namespace, [key]);
    if (index.version === undefined) unindexed.push(namespace);
    else for (const record of listed) checkCurrent(index, record);
    all.push(...listed);
  }
  const records = all.map((record) => ({
    ...record.key,
    updatedAt: record.updatedAt,
    keyId: readHeader(record.value, record.key).keyId,
    value: Buffer.from(record.value).toString("base64"),
  }));
  return { dump: { format: FORMAT, version: 1, records }, unindexed };
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
 * Writes the dump's records into `store`, replacing records of the same key, each sealed again at
 * the target's next generation and entered in its index (a namespace an earlier unitc wrote without
 * one gets one: importing is how such a store is adopted). Every record is opened under `key` first
 * (a wrong key is reported before anything changes).
 */
export async function importDump(store: Store, dump: StorageDump, key: VaultKey): Promise<number> {
  const entries = dump.records.map((record) => {
    const storeKey: StoreKey = { namespace: record.namespace, name: record.name };
    if (!SEALED_NAMESPACES.includes(storeKey.namespace)) {
      throw new VaultError(
        "VAULT_CORRUPT",
        `the dump's record ${storeKey.namespace}/${storeKey.name} is not in a sealed namespace (${SEALED_NAMESPACES.join(", ")})`,
        "pass a file written by unitc storage export",
      );
    }
    const plaintext = open(key, storeKey, new Uint8Array(Buffer.from(record.value, "base64")));
    return { storeKey, plaintext };
  });
  for (const { storeKey, plaintext } of entries) {
    await new SealedNamespace(store, storeKey.namespace, key).write(
      storeKey.name,
      plaintext,
      undefined,
      true,
    );
  }
  return entries.length;
}
