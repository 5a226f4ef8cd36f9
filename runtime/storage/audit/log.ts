/**
 * The audit log over any {@link Store}: append-only on every provider because each write creates a
 * new record (a create-only put under a fresh, time-ordered name) and nothing ever rewrites one;
 * only retention pruning deletes, whole records past their age. Writes are group commits: a call's
 * record is queued when the call ends and written at once, and the records of calls that end while a
 * write is under way go together in the next one, so a crash loses at most the calls in flight and
 * the one write under way, and a busy server writes far fewer records than it serves calls.
 */
import { randomBytes } from "node:crypto";
import type { Store } from "../shared/types.js";
import {
  AUDIT_NAMESPACE,
  type AuditFilter,
  type AuditRecord,
  batchName,
  batchTime,
  dayOf,
  decodeBatch,
  encodeBatch,
  matches,
} from "./records.js";

/** The most records one write carries; more wait for the next write. */
const MAX_BATCH = 1_000;
/** A reader lists day by day back to `since` when that is at most this many days. */
const MAX_DAYS_LISTED = 400;
const DAY_MS = 86_400_000;

/** Appends audit records to a store, one write at a time (see the file's comment). */
export class AuditWriter {
  private pending: AuditRecord[] = [];
  private writing: Promise<void> | undefined;

  /**
   * `store` is asked for at the first write (serving opens storage lazily); `onError` hears of a
   * write that failed, whose records are then lost (a call is never failed for its audit record).
   */
  constructor(
    private readonly store: () => Promise<Store>,
    private readonly onError: (error: unknown, lost: number) => void,
  ) {}

  /** Queues `record` and starts a write unless one is under way. */
  append(record: AuditRecord): void {
    this.pending.push(record);
    this.kick();
  }

  /** Resolves once every record appended so far has been written (or reported lost). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private kick(): void {
    if (this.writing || this.pending.length === 0) return;
    this.writing = this.writeBatch().finally(() => {
      this.writing = undefined;
      this.kick();
    });
  }

  private async writeBatch(): Promise<void> {
    const batch = this.pending.splice(0, MAX_BATCH);
    try {
      await appendBatch(await this.store(), batch);
    } catch (error) {
      this.onError(error, batch.length);
    }
  }
}

/** Writes `records` as one new log record; a name taken already (never in practice) gets another. */
export async function appendBatch(store: Store, records: readonly AuditRecord[]): Promise<void> {
  const value = encodeBatch(records);
  for (let attempt = 0; attempt < 3; attempt++) {
    const name = batchName(Date.now(), randomBytes(6).toString("hex"));
    const result = await store.put({ namespace: AUDIT_NAMESPACE, name }, value, { absent: true });
    if (result.ok) return;
  }
  throw new Error("the audit log found each fresh record name taken");
}

/** The names' prefixes to list for records since `since`: one per day, or everything. */
function prefixes(since: number | undefined, now: number): string[] {
  if (since === undefined || since > now) return since === undefined ? [""] : [];
  const days = Math.floor(now / DAY_MS) - Math.floor(since / DAY_MS);
  if (days > MAX_DAYS_LISTED) return [""];
  return Array.from({ length: days + 1 }, (_, i) => `${dayOf(since + i * DAY_MS)}/`);
}

/** The records that pass `filter`, oldest first. */
export async function readAudit(store: Store, filter: AuditFilter = {}): Promise<AuditRecord[]> {
  const found: AuditRecord[] = [];
  for (const prefix of prefixes(filter.since, Date.now())) {
    for (const stored of await store.list(AUDIT_NAMESPACE, prefix)) {
      for (const record of decodeBatch(stored.value)) if (matches(record, filter)) found.push(record);
    }
  }
  // Batches are named by when they were written; calls are ordered by when they started.
  return found.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** Deletes the log records written more than `retentionDays` before `now`; returns how many calls they held. */
export async function pruneAudit(store: Store, retentionDays: number, now = Date.now()): Promise<number> {
  const cutoff = now - retentionDays * DAY_MS;
  let removed = 0;
  for (const stored of await store.list(AUDIT_NAMESPACE)) {
    const written = batchTime(stored.key.name);
    if (written === undefined || written >= cutoff) continue;
    if (await store.delete(stored.key)) removed += decodeBatch(stored.value).length;
  }
  return removed;
}
