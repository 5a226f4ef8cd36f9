/**
 * The process's own counts, kept beside the OpenTelemetry instruments: unit calls by operation and
 * outcome, failures by code, call latency per unit, MCP requests, Code Mode runs and engine queue
 * time, storage round trips. `GET /metrics` and the operator status read them; keeping them costs a
 * few map updates per call, and they hold only unit, operation and code names, never arguments,
 * results or secrets.
 */

/** Upper bounds (seconds) of the latency buckets, as Prometheus histograms count them. */
export const SECONDS_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** A histogram over {@link SECONDS_BUCKETS}: per-bucket counts (not cumulative), sum and count. */
export class SecondsHistogram {
  readonly buckets = new Array<number>(SECONDS_BUCKETS.length).fill(0);
  sum = 0;
  count = 0;

  observe(seconds: number): void {
    this.sum += seconds;
    this.count += 1;
    const at = SECONDS_BUCKETS.findIndex((bound) => seconds <= bound);
    if (at >= 0) this.buckets[at] = (this.buckets[at] ?? 0) + 1;
  }
}

/** One operation's calls: how many succeeded, and the failures by code. */
export interface OperationCounts {
  ok: number;
  failed: Map<string, number>;
}

/** One unit's calls. */
export interface UnitCounts {
  operations: Map<string, OperationCounts>;
  latency: SecondsHistogram;
}

/** The Code Mode engines' queue at this moment, as the sandbox pool reports it. */
export interface EngineQueue {
  /** Runs waiting for an engine. */
  waiting: number;
  /** Engine workers started (idle or busy). */
  engines: number;
  /** Engines idle now. */
  idle: number;
}

/** Every count this process keeps (one set per process: serving and agent code share it). */
export interface ObservedStats {
  units: Map<string, UnitCounts>;
  /** MCP requests by `method\0outcome`. */
  requests: Map<string, number>;
  /** Code Mode runs by outcome (`ok` or the failure's code). */
  codeModeRuns: Map<string, number>;
  /** How long runs waited for an engine. */
  engineWait: SecondsHistogram;
  /** Storage round trips by `provider\0operation`. */
  storage: Map<string, number>;
}

/** The counts of this process. */
export const stats: ObservedStats = {
  units: new Map(),
  requests: new Map(),
  codeModeRuns: new Map(),
  engineWait: new SecondsHistogram(),
  storage: new Map(),
};

let engineQueue: (() => EngineQueue) | undefined;

/** The sandbox pool tells how to read its queue (the shared pool; the last one made wins). */
export function watchEngineQueue(read: () => EngineQueue): void {
  engineQueue = read;
}

/** The Code Mode engines' queue now, or undefined when no pool was made. */
export function engineQueueNow(): EngineQueue | undefined {
  return engineQueue?.();
}

/** Adds one to `key` of `counts`. */
export function bump(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** Counts a finished unit call: `code` is undefined for a success. */
export function countCall(unit: string, operation: string, code: string | undefined, seconds: number): void {
  let counts = stats.units.get(unit);
  if (!counts) {
    counts = { operations: new Map(), latency: new SecondsHistogram() };
    stats.units.set(unit, counts);
  }
  let op = counts.operations.get(operation);
  if (!op) {
    op = { ok: 0, failed: new Map() };
    counts.operations.set(operation, op);
  }
  if (code === undefined) op.ok += 1;
  else bump(op.failed, code);
  counts.latency.observe(seconds);
}

/** Forgets every count (tests start from zero). */
export function resetStats(): void {
  stats.units.clear();
  stats.requests.clear();
  stats.codeModeRuns.clear();
  stats.storage.clear();
  Object.assign(stats, { engineWait: new SecondsHistogram() });
}
