/**
 * The change feed every provider shares: polling decides. Each watched namespace keeps the versions
 * it last saw; a poll lists them again and reports what differs (a deletion has no version). A
 * provider's native hint (file watching, `data_version`, `LISTEN/NOTIFY`, its own writes) calls
 * {@link ChangeFeed.nudge} to poll at once instead of waiting for the next tick.
 */
import type { StoreChange } from "./types.js";

/** Lists a namespace's names and versions. */
export type VersionLister = (namespace: string) => Promise<Map<string, string>>;

interface Watched {
  namespace: string;
  onChange: (change: StoreChange) => void;
  seen: Map<string, string> | undefined;
  /** The first listing, taken when watching starts; changes are reported against it. */
  ready: Promise<void>;
}

/** Polls watched namespaces every `pollIntervalMs`, sooner when nudged. */
export class ChangeFeed {
  private readonly watched = new Set<Watched>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly list: VersionLister,
    private readonly pollIntervalMs: number,
    /** Called when the first watcher starts and after the last one stops (native hints on/off). */
    private readonly onActive?: (active: boolean) => void,
  ) {}

  /** Starts reporting changes to `namespace`; returns the function that stops. */
  watch(namespace: string, onChange: (change: StoreChange) => void): () => void {
    const entry: Watched = { namespace, onChange, seen: undefined, ready: Promise.resolve() };
    entry.ready = this.list(namespace).then(
      (seen) => {
        entry.seen = seen;
      },
      () => {
        entry.seen = new Map();
      },
    );
    this.watched.add(entry);
    if (this.watched.size === 1) {
      this.timer = setInterval(() => this.nudge(), this.pollIntervalMs);
      this.timer.unref();
      this.onActive?.(true);
    }
    return () => {
      if (!this.watched.delete(entry) || this.watched.size > 0) return;
      clearInterval(this.timer);
      this.timer = undefined;
      this.onActive?.(false);
    };
  }

  /** Polls now (or right after the poll in progress). */
  nudge(): void {
    if (this.watched.size === 0) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.poll().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.nudge();
      }
    });
  }

  /** Stops every watcher and waits for the poll in progress. */
  async close(): Promise<void> {
    const had = this.watched.size > 0;
    this.watched.clear();
    clearInterval(this.timer);
    if (had) this.onActive?.(false);
    await this.running;
  }

  private async poll(): Promise<void> {
    for (const entry of [...this.watched]) {
      await entry.ready;
      let now: Map<string, string>;
      try {
        now = await this.list(entry.namespace);
      } catch {
        continue; // unreachable for now: the next poll tries again
      }
      const before = entry.seen ?? new Map<string, string>();
      entry.seen = now;
      if (!this.watched.has(entry)) continue;
      for (const [name, version] of now) {
        if (before.get(name) !== version)
          entry.onChange({ key: { namespace: entry.namespace, name }, version });
      }
      for (const name of before.keys()) {
        if (!now.has(name)) entry.onChange({ key: { namespace: entry.namespace, name }, version: undefined });
      }
    }
  }
}
