/**
 * Key rotation: every record of a namespace sealed with the old key is opened and sealed again with
 * the new one, one compare-and-swap at a time. Records already under the new key are skipped, so a
 * rotation that stopped half-way is finished by running it again.
 */
import { open, readHeader, seal, VaultError, type VaultKey } from "./seal.js";
import type { Store, StoreRecord } from "./types.js";

/** How many records a rotation re-sealed, and how many were already under the new key. */
export interface RotateResult {
  rotated: number;
  skipped: number;
}

/** Re-seals the namespace's records from `oldKey` to `newKey`. */
export async function rotateNamespace(
  store: Store,
  namespace: string,
  oldKey: VaultKey,
  newKey: VaultKey,
): Promise<RotateResult> {
  const result: RotateResult = { rotated: 0, skipped: 0 };
  for (const listed of await store.list(namespace)) {
    let record: StoreRecord | undefined = listed;
    while (record !== undefined) {
      const header = readHeader(record.value, record.key);
      if (header.keyId === newKey.id) {
        result.skipped++;
        break;
      }
      if (header.keyId !== oldKey.id) {
        throw new VaultError(
          "VAULT_WRONG_KEY",
          `record ${namespace}/${record.key.name} is sealed with neither key: wrong key (id ${oldKey.id}; the record needs id ${header.keyId})`,
          "pass the key the record was sealed with as --old",
        );
      }
      const plaintext = open(oldKey, record.key, record.value);
      const sealed = seal(newKey, record.key, header.generation + 1, plaintext);
      const put = await store.put(record.key, sealed, { version: record.version });
      if (put.ok) {
        result.rotated++;
        break;
      }
      // Someone wrote the record meanwhile: read it again and rotate what is there now.
      record = await store.get(record.key);
    }
  }
  return result;
}
