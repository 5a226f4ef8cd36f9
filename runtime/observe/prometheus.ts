/**
 * The Prometheus text of this process's counts (`stats.ts`), every name prefixed `unitc_`. prom-client
 * writes the text (escaping, histogram series); it is imported on the first scrape, so a process
 * nobody scrapes never loads it, and it reads the counts as they are at that moment (each family a
 * collector over them), so recording a call never touches it.
 */
import type { Metric, Registry } from "prom-client";
import { engineQueueNow, SECONDS_BUCKETS, type SecondsHistogram, stats } from "./stats.js";

type Labels = Record<string, string>;
interface Sample {
  value: number;
  labels: Labels;
  metricName?: string;
}
interface Family {
  name: string;
  help: string;
  type: "counter" | "gauge" | "histogram";
  samples: () => Sample[];
}

/** The series of a histogram: cumulative `_bucket`s up to `+Inf`, `_sum` and `_count`. */
function histogramSamples(name: string, labels: Labels, histogram: SecondsHistogram): Sample[] {
  let cumulative = 0;
  const samples: Sample[] = SECONDS_BUCKETS.map((bound, at) => {
    cumulative += histogram.buckets[at] ?? 0;
    return { value: cumulative, labels: { ...labels, le: String(bound) }, metricName: `${name}_bucket` };
  });
  samples.push({ value: histogram.count, labels: { ...labels, le: "+Inf" }, metricName: `${name}_bucket` });
  samples.push({ value: histogram.sum, labels, metricName: `${name}_sum` });
  samples.push({ value: histogram.count, labels, metricName: `${name}_count` });
  return samples;
}

/** Splits `a\0b` map keys into labels named `names`. */
function keyed(counts: Map<string, number>, names: readonly string[]): Sample[] {
  return [...counts].map(([key, value]) => {
    const parts = key.split("\u0000");
    return { value, labels: Object.fromEntries(names.map((name, at) => [name, parts[at] ?? ""])) };
  });
}

const FAMILIES: Family[] = [
  {
    name: "unitc_calls_total",
    help: "Unit calls by unit, operation and outcome (ok or error).",
    type: "counter",
    samples: () =>
      [...stats.units].flatMap(([unit, counts]) =>
        [...counts.operations].flatMap(([operation, op]) => {
          const failed = [...op.failed.values()].reduce((sum, n) => sum + n, 0);
          return [
            { value: op.ok, labels: { unit, operation, outcome: "ok" } },
            { value: failed, labels: { unit, operation, outcome: "error" } },
          ];
        }),
      ),
  },
  {
    name: "unitc_call_errors_total",
    help: "Failed unit calls by unit and error code.",
    type: "counter",
    samples: () =>
      [...stats.units].flatMap(([unit, counts]) => {
        const byCode = new Map<string, number>();
        for (const op of counts.operations.values()) {
          for (const [code, n] of op.failed) byCode.set(code, (byCode.get(code) ?? 0) + n);
        }
        return [...byCode].map(([code, value]) => ({ value, labels: { unit, code } }));
      }),
  },
  {
    name: "unitc_call_duration_seconds",
    help: "Unit call latency per unit, in seconds.",
    type: "histogram",
    samples: () =>
      [...stats.units].flatMap(([unit, counts]) =>
        histogramSamples("unitc_call_duration_seconds", { unit }, counts.latency),
      ),
  },
  {
    name: "unitc_requests_total",
    help: "MCP requests by method and outcome (ok or the error code).",
    type: "counter",
    samples: () => keyed(stats.requests, ["method", "outcome"]),
  },
  {
    name: "unitc_code_mode_runs_total",
    help: "Code Mode runs by outcome (ok or the error code).",
    type: "counter",
    samples: () => keyed(stats.codeModeRuns, ["outcome"]),
  },
  {
    name: "unitc_code_mode_queue_seconds",
    help: "How long Code Mode runs waited for an engine, in seconds.",
    type: "histogram",
    samples: () => histogramSamples("unitc_code_mode_queue_seconds", {}, stats.engineWait),
  },
  {
    name: "unitc_code_mode_queue_waiting",
    help: "Code Mode runs waiting for an engine now.",
    type: "gauge",
    samples: () => [{ value: engineQueueNow()?.waiting ?? 0, labels: {} }],
  },
  {
    name: "unitc_code_mode_engines",
    help: "Code Mode engine workers started, by state.",
    type: "gauge",
    samples: () => {
      const queue = engineQueueNow() ?? { engines: 0, idle: 0, waiting: 0 };
      return [
        { value: queue.idle, labels: { state: "idle" } },
        { value: queue.engines - queue.idle, labels: { state: "busy" } },
      ];
    },
  },
  {
    name: "unitc_storage_round_trips_total",
    help: "Round trips to the storage provider by provider and operation.",
    type: "counter",
    samples: () => keyed(stats.storage, ["provider", "operation"]),
  },
];

/** The content type of {@link prometheusText}. */
export const PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/** The Prometheus text exposition of this process's counts. */
export async function prometheusText(): Promise<string> {
  const client = await import("prom-client");
  const registry: Registry = new client.Registry();
  for (const family of FAMILIES) {
    const { name, help, type } = family;
    // A collector in prom-client's shape: the registry asks `get()` for the values when it writes.
    const metric = {
      name,
      help,
      type,
      aggregator: "sum",
      get: async () => ({ name, help, type, values: family.samples() }),
    };
    registry.registerMetric(metric as unknown as Metric);
  }
  return registry.metrics();
}
