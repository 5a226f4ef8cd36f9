/**
 * What the audit log keeps of one call through `serve`, how records are grouped into store records
 * and named, and how a reader filters them. A record says who called, when, which unit and operation
 * (or a Code Mode run and the operations it called), the outcome code and the duration. Arguments
 * only when the unit called opts in, and then redacted (runtime/calls/audit-arguments.ts); results
 * never: there is no field for them.
 */

/** Records are kept this many days unless `serve.audit.retentionDays` says otherwise. */
export const DEFAULT_RETENTION_DAYS = 90;

/** The namespace the audit log's store records live in. */
export const AUDIT_NAMESPACE = "unitc.audit";

/** What a call was: a unit's direct tool, a progressive tool, a Code Mode run, a search, a stacked call. */
export type AuditKind = "direct" | "progressive" | "code_mode" | "search" | "stack" | "unknown";

/** One operation a Code Mode run called, with its outcome. */
export interface AuditedOperation {
  unit: string;
  operation: string;
  /** The arguments, redacted, when the unit keeps them. */
  arguments?: unknown;
  /** `ok`, or the failure's code. */
  outcome: string;
}

/** One call through `serve`. */
export interface AuditRecord {
  /** When the call started, ISO 8601 in UTC. */
  at: string;
  /** Who called: `serve-token:<name>`, `admin`, an OAuth subject, or `local` for stdio. */
  principal: string;
  kind: AuditKind;
  /** The MCP tool called (`unitc/call` for a stacked instance's call). */
  tool: string;
  unit?: string;
  operation?: string;
  /** The arguments, redacted, when the unit called keeps them (`audit: { arguments: true }`). */
  arguments?: unknown;
  /** The operations a Code Mode run called, in the order they ended. */
  calls?: AuditedOperation[];
  /** `ok`, or the failure's code. */
  outcome: string;
  durationMs: number;
}

/** What `unitc audit` asks for; every field narrows. */
export interface AuditFilter {
  /** Records of calls started at or after this time, milliseconds since the epoch. */
  since?: number;
  principal?: string;
  /** The unit called directly, or by a Code Mode run. */
  unit?: string;
  /** `ok`, `error` (any failure) or one code. */
  outcome?: string;
}

/** The UTC day of `ms`, `yyyy-mm-dd`: the first segment of a log record's name. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * The name of a batch written at `ms`: its day, then the time zero-padded (names sort as times do on
 * every provider), then a random part so two replicas writing in the same millisecond never collide.
 */
export function batchName(ms: number, random: string): string {
  return `${dayOf(ms)}/${String(ms).padStart(15, "0")}-${random}`;
}

/** The time a batch named `name` was written, or undefined for a name the log did not make. */
export function batchTime(name: string): number | undefined {
  const match = /^\d{4}-\d{2}-\d{2}\/(\d{15})-/.exec(name);
  return match ? Number(match[1]) : undefined;
}

/** A batch's value: one JSON record per line. */
export function encodeBatch(records: readonly AuditRecord[]): Uint8Array {
  return new TextEncoder().encode(records.map((record) => `${JSON.stringify(record)}\n`).join(""));
}

/** The records of a batch; a line that is not a record is skipped (a reader never fails on one). */
export function decodeBatch(value: Uint8Array): AuditRecord[] {
  const records: AuditRecord[] = [];
  for (const line of new TextDecoder().decode(value).split("\n")) {
    if (line.trim() === "") continue;
    try {
      const record = JSON.parse(line) as AuditRecord;
      if (typeof record.at === "string" && typeof record.principal === "string") records.push(record);
    } catch {
      // a damaged line: the others are still worth reading
    }
  }
  return records;
}

/** Whether `record` passes `filter`. */
export function matches(record: AuditRecord, filter: AuditFilter): boolean {
  if (filter.since !== undefined && Date.parse(record.at) < filter.since) return false;
  if (filter.principal !== undefined && record.principal !== filter.principal) return false;
  if (
    filter.unit !== undefined &&
    record.unit !== filter.unit &&
    !record.calls?.some((call) => call.unit === filter.unit)
  )
    return false;
  if (filter.outcome === "error") return record.outcome !== "ok";
  return filter.outcome === undefined || record.outcome === filter.outcome;
}
