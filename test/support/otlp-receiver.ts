/**
 * A real OTLP/HTTP receiver on 127.0.0.1 (a free port) for telemetry tests: it accepts what the
 * OpenTelemetry exporters POST to `/v1/traces` and `/v1/metrics` (JSON, as the `-otlp-http`
 * exporters send it), keeps each body's raw text, and reads spans and metric points out of them.
 */
import { startHttpServer, type TestServer } from "./http-server.js";

/** One attribute of a span or point, as OTLP JSON carries it. */
interface KeyValue {
  key: string;
  value: { stringValue?: string; intValue?: string | number; doubleValue?: number; boolValue?: boolean };
}

/** A span as the receiver got it, with its attributes flattened. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

/** A data point of a metric, with its attributes flattened. */
export interface ReceivedPoint {
  metric: string;
  attributes: Record<string, unknown>;
  value: number;
}

export interface OtlpReceiver {
  /** `http://127.0.0.1:<port>`: what OTEL_EXPORTER_OTLP_ENDPOINT is set to. */
  url: string;
  /** Every body received, as text (for the canary checks). */
  bodies(): string[];
  spans(): ReceivedSpan[];
  points(): ReceivedPoint[];
  /** The content types the exporters sent. */
  contentTypes(): string[];
  close(): Promise<void>;
}

function flatten(attributes: KeyValue[] | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { key, value } of attributes ?? []) {
    out[key] =
      value.stringValue ??
      value.boolValue ??
      value.doubleValue ??
      (value.intValue !== undefined ? Number(value.intValue) : undefined);
  }
  return out;
}

type Json = Record<string, unknown>;
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/** Starts a receiver; every POST is answered 200 with an empty export response. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const server: TestServer = await startHttpServer((_request, res) => {
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  const posts = () => server.requests.filter((request) => request.method === "POST");
  const parsed = (path: string) =>
    posts()
      .filter((request) => request.path === path)
      .map((request) => JSON.parse(request.body) as Json);
  return {
    url: server.url,
    bodies: () => posts().map((request) => request.body),
    contentTypes: () => posts().map((request) => String(request.headers["content-type"])),
    spans: () =>
      parsed("/v1/traces").flatMap((body) =>
        list(body.resourceSpans).flatMap((resource) =>
          list(resource.scopeSpans).flatMap((scope) =>
            list(scope.spans).map((span) => ({
              traceId: String(span.traceId),
              spanId: String(span.spanId),
              ...(span.parentSpanId ? { parentSpanId: String(span.parentSpanId) } : {}),
              name: String(span.name),
              kind: Number(span.kind),
              attributes: flatten(span.attributes as KeyValue[]),
            })),
          ),
        ),
      ),
    points: () =>
      parsed("/v1/metrics").flatMap((body) =>
        list(body.resourceMetrics).flatMap((resource) =>
          list(resource.scopeMetrics).flatMap((scope) =>
            list(scope.metrics).flatMap((metric) => {
              const data = (metric.sum ?? metric.histogram ?? metric.gauge) as Json | undefined;
              return list(data?.dataPoints).map((point) => ({
                metric: String(metric.name),
                attributes: flatten(point.attributes as KeyValue[]),
                value: Number(point.asInt ?? point.asDouble ?? point.count ?? 0),
              }));
            }),
          ),
        ),
      ),
    close: () => server.close(),
  };
}
