/**
 * The index of a sealed namespace: one record, sealed under the vault key like the records it
 * describes, that holds each record's current write generation (and a tombstone for a deleted one).
 * A record's own generation sits in its envelope's authenticated header, but a storage writer can
 * copy an older envelope back into the row; the index is what says which generation is current, and
 * a writer without the vault key cannot seal an index of its own. Readers refuse a record older than
 * its index entry, and an index older than one they have already read.
 */
import { open, readHeader, seal, VaultError, type VaultKey } from "./seal.js";
import type { Store, StoreKey, StoreRecord } from "./shared/types.js";

/** Where the indexes live: one record per sealed namespace, named after it. */
export const INDEX_NAMESPACE = "unitc.seal-index";

/** One record's entry: its current generation, and whether it was deleted at that generation. */
export interface IndexEntry {
  generation: number;
  deleted?: true;
}

/** An index as read: its entries, its own generation and the record version (for compare-and-swap). */
export interface SealIndex {
  namespace: string;
  entries: Record<string, IndexEntry>;
  generation: number;
  version: string | undefined;
}

/** What to do about rollback: how to adopt a store written before indexes. */
export const ADOPT_HINT =
  "if an earlier unitc wrote this store, adopt its records: unitc storage export --to FILE, then unitc storage import FILE; otherwise restore the store from a trusted copy";

// The highest index generation read through each open store, per namespace: an index put back from
// an older copy (together with its records) is refused by a reader that has seen the newer one.
const seen = new WeakMap<Store, Map<string, number>>();

/** The index record's key for `namespace`. */
export function indexKey(namespace: string): StoreKey {
  return { namespace: INDEX_NAMESPACE, name: namespace };
}

function seenBy(store: Store): Map<string, number> {
  const found = seen.get(store);
  if (found) return found;
  const made = new Map<string, number>();
  seen.set(store, made);
  return made;
}

/**
 * The namespace's index opened under one of `keys` (the one its header names); an empty index at
 * generation 0 when there is none. A {@link VaultError} when it does not open or is older than seen.
 */
export async function readIndex(
  store: Store,
  namespace: string,
  keys: readonly VaultKey[],
): Promise<SealIndex> {
  const record = await store.get(indexKey(namespace));
  if (!record) return { namespace, entries: {}, generation: 0, version: undefined };
  const { generation, keyId } = readHeader(record.value, record.key);
  const key = keys.find((candidate) => candidate.id === keyId) ?? (keys[0] as VaultKey);
  const entries = parseEntries(open(key, record.key, record.value), namespace);
  const highest = seenBy(store).get(namespace) ?? 0;
  if (generation < highest) {
    throw new VaultError(
      "VAULT_ROLLBACK",
      `the index of ${namespace} is at generation ${generation}, older than generation ${highest} read before: it was put back from an older copy`,
      "restore the store from a trusted copy; do not write to it until then",
    );
  }
  seenBy(store).set(namespace, generation);
  return { namespace, entries, generation, version: record.version };
}

function parseEntries(plaintext: Uint8Array, namespace: string): Record<string, IndexEntry> {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(plaintext)) as { entries?: unknown };
    if (parsed.entries && typeof parsed.entries === "object")
      return parsed.entries as Record<string, IndexEntry>;
  } catch {
    // Falls through: it opened, so the key is right and the content is wrong.
  }
  throw new VaultError("VAULT_CORRUPT", `the index of ${namespace} opened but holds no entries`);
}

/**
 * Throws VAULT_ROLLBACK unless `record` is the current one by `index`: a live entry needs at least
 * its generation (a write lands before its entry), a tombstone needs a newer one (set again after the
 * delete). A name with no entry is current only while the index is not empty of history (see below).
 */
export function checkCurrent(index: SealIndex, record: StoreRecord): void {
  const generation = readHeader(record.value, record.key).generation;
  const entry = index.entries[record.key.name];
  const where = `${record.key.namespace}/${record.key.name}`;
  if (index.version === undefined) {
    throw new VaultError(
      "VAULT_ROLLBACK",
      `record ${where} has no entry in its namespace's index, which is missing: whether it is current cannot be told`,
      ADOPT_HINT,
    );
  }
  // No entry: the record was written and its writer stopped before updating the index.
  if (entry === undefined) return;
  if (entry.deleted ? generation > entry.generation : generation >= entry.generation) return;
  throw new VaultError(
    "VAULT_ROLLBACK",
    entry.deleted
      ? `record ${where} was deleted at generation ${entry.generation}; the record found (generation ${generation}) was put back from an older copy`
      : `record ${where} is at generation ${generation}, older than its current generation ${entry.generation}: it was put back from an older copy`,
    "delete the record and write it again (unitc secret delete NAME, then set it; unitc auth logout UNIT, then log in), or restore the store from a trusted copy",
  );
}

/** The generation the next write of `name` gets: above both the record found and its entry. */
export function nextGeneration(index: SealIndex, name: string, current: StoreRecord | undefined): number {
  const found = current ? readHeader(current.value, current.key).generation : 0;
  return Math.max(found, index.entries[name]?.generation ?? 0) + 1;
}

/**
 * Raises the entries of `changes` in the namespace's index (never lowering one: a higher generation
 * wins, and at equal generations a tombstone does), sealed under `key`. Retries on conflict.
 */
export async function updateIndex(
  store: Store,
  namespace: string,
  key: VaultKey,
  changes: Record<string, IndexEntry>,
  keys: readonly VaultKey[] = [key],
): Promise<SealIndex> {
  for (;;) {
    const index = await readIndex(store, namespace, keys);
    const entries = { ...index.entries };
    for (const [name, change] of Object.entries(changes)) {
      const entry = entries[name];
      const wins =
        entry === undefined ||
        change.generation > entry.generation ||
        (change.generation === entry.generation && change.deleted === true && !entry.deleted);
      if (wins) entries[name] = change;
    }
    // Above any generation this store has read, so an index made anew (an adoption) is not "older".
    const generation = Math.max(index.generation, seenBy(store).get(namespace) ?? 0) + 1;
    const plaintext = new TextEncoder().encode(JSON.stringify({ entries }));
    const sealed = seal(key, indexKey(namespace), generation, plaintext);
    const put = await store.put(
      indexKey(namespace),
      sealed,
      index.version === undefined ? { absent: true } : { version: index.version },
    );
    if (put.ok) {
      seenBy(store).set(namespace, Math.max(seenBy(store).get(namespace) ?? 0, generation));
      return { namespace, entries, generation, version: put.version };
    }
  }
}
