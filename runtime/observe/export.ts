/**
 * OpenTelemetry export over OTLP/HTTP, switched on by the standard variables
 * (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`,
 * `OTEL_EXPORTER_OTLP_METRICS_ENDPOINT`). Only then are the SDK and exporter packages imported (they
 * are optional peers); without them unitc's spans and instruments go to the API's no-op. A process
 * that registered its own SDK keeps it: unitc's spans then go to that one.
 */
import { context, metrics, propagation, trace } from "@opentelemetry/api";
import type * as ContextHooks from "@opentelemetry/context-async-hooks";
import type * as OtelCore from "@opentelemetry/core";
import type { Resource } from "@opentelemetry/resources";
import { importOptional } from "../shared/optional-package.js";

/** Which signals the environment asks to export. */
export interface ExportWanted {
  traces: boolean;
  metrics: boolean;
}

/** The running export: flush what is buffered, or stop and hand the globals back to the no-op. */
export interface TelemetryExport {
  readonly wanted: ExportWanted;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

const set = (value: string | undefined) => value !== undefined && value.trim() !== "";

/** The signals `env` asks to export over OTLP; undefined when none (or `OTEL_SDK_DISABLED=true`). */
export function exportWanted(env: Record<string, string | undefined>): ExportWanted | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return undefined;
  const both = set(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  const traces = (both || set(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)) && env.OTEL_TRACES_EXPORTER !== "none";
  const metered =
    (both || set(env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT)) && env.OTEL_METRICS_EXPORTER !== "none";
  return traces || metered ? { traces, metrics: metered } : undefined;
}

let started: Promise<TelemetryExport> | undefined;
/** While the SDK loads: calls wait for it, so the first ones are exported too. */
let loading: Promise<unknown> | undefined;

/** The export being loaded, if any (a call awaits it before its span starts). */
export function telemetryLoading(): Promise<unknown> | undefined {
  return loading;
}

/**
 * Starts the export `env` asks for, once per process (the exporters read the same variables for
 * their URLs and headers); undefined when nothing is asked. Rejects with `OPTIONAL_PACKAGE_MISSING`
 * when the SDK is not installed.
 */
export function startTelemetry(
  env: Record<string, string | undefined> = process.env,
): Promise<TelemetryExport> | undefined {
  if (started) return started;
  const wanted = exportWanted(env);
  if (!wanted) return undefined;
  const going = load(wanted, env);
  started = going;
  loading = going.catch(() => undefined);
  going.then(
    () => (loading = undefined),
    () => {
      loading = undefined;
      started = undefined;
    },
  );
  return going;
}

/** Stops the export this process started (serving stops, a test ends); the next start loads it again. */
export async function stopTelemetry(): Promise<void> {
  const running = started;
  started = undefined;
  if (!running) return;
  const exporting = await running.catch(() => undefined);
  await exporting?.shutdown();
}

/** Flushes buffered spans and metric points of the running export, if any. */
export async function flushTelemetry(): Promise<void> {
  const exporting = await started?.catch(() => undefined);
  await exporting?.flush();
}

/** One signal's running export: flush its buffer, or stop it and hand its globals back. */
interface SignalExport {
  flush(): Promise<void>;
  stop(): Promise<void>;
}

async function load(wanted: ExportWanted, env: Record<string, string | undefined>): Promise<TelemetryExport> {
  const [core, resources, hooks] = await Promise.all([
    importOptional("@opentelemetry/core", () => import("@opentelemetry/core")),
    importOptional("@opentelemetry/resources", () => import("@opentelemetry/resources")),
    importOptional("@opentelemetry/context-async-hooks", () => import("@opentelemetry/context-async-hooks")),
  ]);
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ "service.name": env.OTEL_SERVICE_NAME?.trim() || "unitc" }));
  const signals: Array<SignalExport | undefined> = [];
  if (wanted.traces) signals.push(await exportTraces(resource, core, hooks));
  if (wanted.metrics) signals.push(await exportMetrics(resource, env));
  const running = signals.filter((signal) => signal !== undefined);
  return {
    wanted,
    async flush() {
      await Promise.all(running.map((signal) => signal.flush()));
    },
    async shutdown() {
      await Promise.all(running.map((signal) => signal.stop()));
    },
  };
}

/** Spans over OTLP, with unitc's context manager and propagator; undefined when another SDK came first. */
async function exportTraces(
  resource: Resource,
  core: typeof OtelCore,
  hooks: typeof ContextHooks,
): Promise<SignalExport | undefined> {
  const [sdk, otlp] = await Promise.all([
    importOptional("@opentelemetry/sdk-trace", () => import("@opentelemetry/sdk-trace")),
    importOptional(
      "@opentelemetry/exporter-trace-otlp-http",
      () => import("@opentelemetry/exporter-trace-otlp-http"),
    ),
  ]);
  const provider = new sdk.TracerProvider({
    resource,
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter: new otlp.OTLPTraceExporter() })],
  });
  // Another SDK registered first (agent code's own): unitc's spans go there, this one stays unused.
  if (!trace.setGlobalTracerProvider(provider)) {
    await provider.shutdown();
    return undefined;
  }
  const manager = new hooks.AsyncLocalStorageContextManager().enable();
  const ownContext = context.setGlobalContextManager(manager);
  const ownPropagator = propagation.setGlobalPropagator(new core.W3CTraceContextPropagator());
  return {
    flush: () => provider.forceFlush(),
    async stop() {
      await provider.shutdown();
      trace.disable();
      if (ownContext) context.disable();
      if (ownPropagator) propagation.disable();
    },
  };
}

/** Metric points over OTLP, at the interval the environment sets; undefined when another SDK came first. */
async function exportMetrics(
  resource: Resource,
  env: Record<string, string | undefined>,
): Promise<SignalExport | undefined> {
  const [sdk, otlp] = await Promise.all([
    importOptional("@opentelemetry/sdk-metrics", () => import("@opentelemetry/sdk-metrics")),
    importOptional(
      "@opentelemetry/exporter-metrics-otlp-http",
      () => import("@opentelemetry/exporter-metrics-otlp-http"),
    ),
  ]);
  const interval = Number(env.OTEL_METRIC_EXPORT_INTERVAL);
  const reader = new sdk.PeriodicExportingMetricReader({
    exporter: new otlp.OTLPMetricExporter(),
    ...(Number.isInteger(interval) && interval > 0 ? { exportIntervalMillis: interval } : {}),
  });
  const provider = new sdk.MeterProvider({ resource, readers: [reader] });
  if (!metrics.setGlobalMeterProvider(provider)) {
    await provider.shutdown();
    return undefined;
  }
  return {
    flush: () => provider.forceFlush(),
    async stop() {
      await provider.shutdown();
      metrics.disable();
    },
  };
}
