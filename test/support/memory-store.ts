/**
 * A tiny in-memory store: a stand-in for a real provider, used only by tests of code that sits above
 * the store (the vault, rotation). Its records are a map behind the shared engine, so key checks,
 * leases and the change feed are the real ones; the providers themselves are tested against real
 * engines.
 */
import { randomUUID } from "node:crypto";
import { type RecordEngine, storeOver } from "../../runtime/storage/shared/engine.js";
import type { Expect, PutResult, Store, StoreKey, StoreRecord } from "../../runtime/storage/shared/types.js";

/** Records in a map keyed `namespace\0name`. */
class MemoryEngine implements RecordEngine {
  readonly provider = "memory";
  readonly location = "memory";
  readonly records = new Map<string, StoreRecord>();

  async get(key: StoreKey): Promise<StoreRecord | undefined> {
    return this.records.get(id(key));
  }

  async put(key: StoreKey, value: Uint8Array, expect: Expect): Promise<PutResult> {
    const current = this.records.get(id(key));
    const matches = "absent" in expect ? current === undefined : current?.version === expect.version;
    if (!matches) return { ok: false, conflict: true };
    const version = randomUUID();
    this.records.set(id(key), { key, value: Uint8Array.from(value), version, updatedAt: Date.now() });
    return { ok: true, version };
  }

  async delete(key: StoreKey, expect?: { version: string }): Promise<boolean> {
    const current = this.records.get(id(key));
    if (current === undefined || (expect && current.version !== expect.version)) return false;
    return this.records.delete(id(key));
  }

  async list(namespace: string, prefix: string): Promise<StoreRecord[]> {
    return [...this.records.values()]
      .filter((r) => r.key.namespace === namespace && r.key.name.startsWith(prefix))
      .sort((a, b) => (a.key.name < b.key.name ? -1 : 1));
  }

  async versions(namespace: string): Promise<Map<string, string>> {
    return new Map((await this.list(namespace, "")).map((r) => [r.key.name, r.version]));
  }

  async close(): Promise<void> {}
}

const id = (key: StoreKey) => `${key.namespace}\0${key.name}`;

/** An in-memory store (stand-in); `records` is exposed so tests can tamper with what is kept. */
export function memoryStore(): Store & { records: Map<string, StoreRecord> } {
  const engine = new MemoryEngine();
  return Object.assign(storeOver(engine, 50), { records: engine.records });
}
