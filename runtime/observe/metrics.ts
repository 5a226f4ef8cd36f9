/**
 * Recording what happened: each function updates the process's own counts (`stats.ts`, read by
 * `/metrics` and the status) and the OpenTelemetry instruments of the global meter provider (the
 * API's no-op unless an export runs). Attributes are unit, operation, kind, outcome and code names
 * only; arguments, results and secrets are never recorded.
 */
import { type Counter, type Histogram, type MeterProvider, metrics } from "@opentelemetry/api";
import { bump, countCall, SECONDS_BUCKETS, stats } from "./stats.js";

interface Instruments {
  provider: MeterProvider;
  calls: Counter;
  errors: Counter;
  duration: Histogram;
  requests: Counter;
  runs: Counter;
  engineWait: Histogram;
  storage: Counter;
}

let instruments: Instruments | undefined;

/**
 * The instruments of the current global meter provider. Instruments made from the no-op stay no-op
 * after an SDK registers, so they are made again whenever the provider changes.
 */
function current(): Instruments {
  const provider = metrics.getMeterProvider();
  if (instruments?.provider === provider) return instruments;
  const meter = provider.getMeter("unitc");
  const seconds = { unit: "s", advice: { explicitBucketBoundaries: SECONDS_BUCKETS } };
  instruments = {
    provider,
    calls: meter.createCounter("unitc.calls", { description: "Unit calls by unit, operation and outcome" }),
    errors: meter.createCounter("unitc.call.errors", { description: "Failed unit calls by unit and code" }),
    duration: meter.createHistogram("unitc.call.duration", { description: "Unit call latency", ...seconds }),
    requests: meter.createCounter("unitc.requests", { description: "MCP requests by method and outcome" }),
    runs: meter.createCounter("unitc.code_mode.runs", { description: "Code Mode runs by outcome" }),
    engineWait: meter.createHistogram("unitc.code_mode.queue.duration", {
      description: "How long Code Mode runs waited for an engine",
      ...seconds,
    }),
    storage: meter.createCounter("unitc.storage.round_trips", {
      description: "Storage round trips by provider and operation",
    }),
  };
  return instruments;
}

/** A finished unit call; `code` is the failure's code, undefined for a success. */
export function recordCall(unit: string, operation: string, code: string | undefined, seconds: number): void {
  countCall(unit, operation, code, seconds);
  const record = current();
  const outcome = code === undefined ? "ok" : "error";
  record.calls.add(1, { unit, operation, outcome });
  if (code !== undefined) record.errors.add(1, { unit, code });
  record.duration.record(seconds, { unit });
}

/** A finished MCP request; `outcome` is `ok` or the failure's code. */
export function recordRequest(method: string, outcome: string): void {
  bump(stats.requests, `${method}\u0000${outcome}`);
  current().requests.add(1, { method, outcome });
}

/** A finished Code Mode run; `outcome` is `ok` or the failure's code. */
export function recordCodeModeRun(outcome: string): void {
  bump(stats.codeModeRuns, outcome);
  current().runs.add(1, { outcome });
}

/** How long a Code Mode run waited for an engine. */
export function recordEngineWait(seconds: number): void {
  stats.engineWait.observe(seconds);
  current().engineWait.record(seconds);
}

/** One round trip to a storage provider (`get`, `put`, `delete`, `list`, `versions`). */
export function recordStorageRoundTrip(provider: string, operation: string): void {
  bump(stats.storage, `${provider}\u0000${operation}`);
  current().storage.add(1, { provider, operation });
}

/** Records a finished Code Mode run (`ok` or its failure's code) and hands its outcome back. */
export function countedRun<T extends { ok: boolean; error?: { code: string } }>(outcome: T): T {
  recordCodeModeRun(outcome.ok ? "ok" : (outcome.error?.code ?? "INTERNAL_ERROR"));
  return outcome;
}
