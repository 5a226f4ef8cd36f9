/**
 * Key rotation: the namespace's index, then every record sealed with the old key, is opened and
 * sealed again with the new one, one compare-and-swap at a time. Records already under the new key
 * are skipped, so a rotation that stopped half-way is finished by running it again. A record that is
 * not current by its index (put back from an older copy) stops the rotation rather than being
 * re-sealed as current under the new key.
 */

import { open, readHeader, seal, VaultError, type VaultKey } from "./seal.js";
import { ADOPT_HINT, checkCurrent, nextGeneration, readIndex, updateIndex } from "./seal-index.js";
import type { Store, StoreRecord } from "./shared/types.js";

/** How many records a rotation re-sealed, and how many were already under the new key. */
export interface RotateResult {
  rotated: number;
  skipped: number;
}

/** Re-seals the namespace's index and records from `oldKey` to `newKey`. */
export async function rotateNamespace(
  store: Store,
  namespace: string,
  oldKey: VaultKey,
  newKey: VaultKey,
): Promise<RotateResult> {
  const result: RotateResult = { rotated: 0, skipped: 0 };
  const listed = await store.list(namespace);
  if (listed.length === 0) return result;
  const keys = [newKey, oldKey];
  const found = await readIndex(store, namespace, keys);
  if (found.version === undefined) {
    throw new VaultError("VAULT_ROLLBACK", `namespace ${namespace} holds records but no index`, ADOPT_HINT);
  }
  // The index moves first: records are then checked against it under the new key.
  let index = await updateIndex(store, namespace, newKey, {}, keys);
  for (const first of listed) {
    let record: StoreRecord | undefined = first;
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
      checkCurrent(index, record);
      const generation = nextGeneration(index, record.key.name, record);
      const sealed = seal(newKey, record.key, generation, plaintext);
      const put = await store.put(record.key, sealed, { version: record.version });
      if (put.ok) {
        index = await updateIndex(store, namespace, newKey, { [record.key.name]: { generation } });
        result.rotated++;
        break;
      }
      // Someone wrote the record meanwhile: read it again and rotate what is there now.
      record = await store.get(record.key);
      index = await readIndex(store, namespace, [newKey]);
    }
  }
  return result;
}
