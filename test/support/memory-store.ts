/**
 * A tiny in-memory Store: a stand-in for a real provider, used only by tests of code that sits above
 * the store (the vault, rotation). The providers themselves are tested against real engines.
 */
import { randomUUID } from "node:crypto";
import type {
  Expect,
  Lease,
  PutResult,
  Store,
  StoreChange,
  StoreKey,
  StoreRecord,
} from "../../runtime/storage/types.js";

/** An in-memory store (stand-in); `records` is exposed so tests can tamper with what is kept. */
export class MemoryStore implements Store {
  readonly provider = "memory";
  readonly location = "memory";
  readonly records = new Map<string, StoreRecord>();
  private readonly watchers = new Set<{ namespace: string; onChange: (change: StoreChange) => void }>();
  private readonly leases = new Map<string, { holder: string; expiresAt: number }>();

  async get(key: StoreKey): Promise<StoreRecord | undefined> {
    return this.records.get(id(key));
  }

  async put(key: StoreKey, value: Uint8Array, expect: Expect): Promise<PutResult> {
    const current = this.records.get(id(key));
    const matches = "absent" in expect ? current === undefined : current?.version === expect.version;
    if (!matches) return { ok: false, conflict: true };
    const version = randomUUID();
    this.records.set(id(key), { key, value: Uint8Array.from(value), version, updatedAt: Date.now() });
    this.emit({ key, version });
    return { ok: true, version };
  }

  async delete(key: StoreKey, expect?: { version: string }): Promise<boolean> {
    const current = this.records.get(id(key));
    if (current === undefined || (expect && current.version !== expect.version)) return false;
    this.records.delete(id(key));
    this.emit({ key, version: undefined });
    return true;
  }

  async list(namespace: string, prefix = ""): Promise<StoreRecord[]> {
    return [...this.records.values()]
      .filter((r) => r.key.namespace === namespace && r.key.name.startsWith(prefix))
      .sort((a, b) => (a.key.name < b.key.name ? -1 : 1));
  }

  async lease(name: string, ttlMs: number): Promise<Lease | undefined> {
    const held = this.leases.get(name);
    if (held && held.expiresAt > Date.now()) return undefined;
    const lease = { holder: randomUUID(), expiresAt: Date.now() + ttlMs };
    this.leases.set(name, lease);
    return {
      ...lease,
      release: async () => {
        if (this.leases.get(name)?.holder === lease.holder) this.leases.delete(name);
      },
    };
  }

  watch(namespace: string, onChange: (change: StoreChange) => void): () => void {
    const watcher = { namespace, onChange };
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  async close(): Promise<void> {
    this.watchers.clear();
  }

  private emit(change: StoreChange): void {
    for (const w of this.watchers) if (w.namespace === change.key.namespace) w.onChange(change);
  }
}

const id = (key: StoreKey) => `${key.namespace}\0${key.name}`;
