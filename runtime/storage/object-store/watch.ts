/**
 * The change feed by polling: each watched namespace is listed every `pollIntervalMs` and its ETags
 * compared with the last listing. This process's own writes are reported at once as well; a change
 * reported twice is harmless, since the feed is a hint to re-read.
 */
import type { StoreChange } from "../types.js";

interface Watched {
  listeners: Set<(change: StoreChange) => void>;
  /** Name → ETag at the last look; undefined until the first listing. */
  snapshot: Map<string, string> | undefined;
  timer: NodeJS.Timeout | undefined;
}

/** Polls the watched namespaces of one store. */
export class Poller {
  private readonly watched = new Map<string, Watched>();

  constructor(
    private readonly options: { pollIntervalMs: number },
    private readonly listVersions: (namespace: string) => Promise<Map<string, string>>,
  ) {}

  /** Starts (or joins) polling `namespace`; returns the function that stops this listener. */
  watch(namespace: string, onChange: (change: StoreChange) => void): () => void {
    let entry = this.watched.get(namespace);
    if (entry === undefined) {
      entry = { listeners: new Set(), snapshot: undefined, timer: undefined };
      this.watched.set(namespace, entry);
      void this.poll(namespace, entry);
    }
    entry.listeners.add(onChange);
    const joined = entry;
    return () => {
      joined.listeners.delete(onChange);
      if (joined.listeners.size > 0) return;
      clearTimeout(joined.timer);
      this.watched.delete(namespace);
    };
  }

  /** Reports a change this process made, and remembers it so the next listing does not repeat it. */
  seen(change: StoreChange): void {
    const entry = this.watched.get(change.key.namespace);
    if (entry === undefined) return;
    if (change.version === undefined) entry.snapshot?.delete(change.key.name);
    else entry.snapshot?.set(change.key.name, change.version);
    for (const listener of entry.listeners) listener(change);
  }

  /** Stops every poll. */
  close(): void {
    for (const entry of this.watched.values()) clearTimeout(entry.timer);
    this.watched.clear();
  }

  private async poll(namespace: string, entry: Watched): Promise<void> {
    try {
      const now = await this.listVersions(namespace);
      if (this.watched.get(namespace) !== entry) return;
      const before = entry.snapshot;
      entry.snapshot = now;
      if (before !== undefined) this.report(namespace, entry, before, now);
    } catch {
      // A failed listing is retried at the next interval; readers still see errors on their own calls.
    }
    if (this.watched.get(namespace) !== entry) return;
    entry.timer = setTimeout(() => void this.poll(namespace, entry), this.options.pollIntervalMs);
    entry.timer.unref();
  }

  private report(
    namespace: string,
    entry: Watched,
    before: Map<string, string>,
    now: Map<string, string>,
  ): void {
    const changes: StoreChange[] = [];
    for (const [name, version] of now) {
      if (before.get(name) !== version) changes.push({ key: { namespace, name }, version });
    }
    for (const name of before.keys()) {
      if (!now.has(name)) changes.push({ key: { namespace, name }, version: undefined });
    }
    for (const change of changes) for (const listener of entry.listeners) listener(change);
  }
}
