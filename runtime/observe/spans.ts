/**
 * Spans through `@opentelemetry/api`: one per MCP request (its parent taken from the request's
 * `_meta.traceparent` / `_meta.tracestate`, W3C trace context) and one per unit call, whose context
 * HTTP downstreams receive as the `traceparent` header. Attributes name the unit, operation, kind,
 * principal, outcome code, duration and result size; arguments, results and secrets never. Without
 * an export (see `export.ts`) the API's no-op tracer makes these almost free.
 */
import {
  type Attributes,
  type Context,
  context,
  createContextKey,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import { telemetryLoading } from "./export.js";
import { recordCall, recordRequest } from "./metrics.js";

/** The principal an MCP request acts for, read by the unit calls it makes. */
const PRINCIPAL = createContextKey("unitc principal");

const tracer = () => trace.getTracer("unitc");

let observing = true;

/**
 * Turns spans and call metrics off or on for the whole process. Only the benchmark turns them off,
 * to measure the call path as it was without them beside the path with them, call by call.
 */
export function setObserving(on: boolean): void {
  observing = on;
}

/** The stable code of a thrown failure: a `UnitError`'s, a forwarded failure's, else `INTERNAL_ERROR`. */
export function failureCode(error: unknown): string {
  const found = error as { code?: unknown; failure?: { code?: unknown } } | null;
  if (typeof found?.failure?.code === "string") return found.failure.code;
  if (typeof found?.code === "string" && /^[A-Z][A-Z0-9_]*$/.test(found.code)) return found.code;
  if (typeof found?.code === "number") return `MCP_${found.code < 0 ? `M${-found.code}` : found.code}`;
  return "INTERNAL_ERROR";
}

function end(span: Span, started: number, code: string | undefined, extra: Attributes = {}): number {
  const seconds = (performance.now() - started) / 1000;
  if (span.isRecording()) {
    span.setAttributes({ "unitc.outcome": code ?? "ok", "unitc.duration_ms": seconds * 1000, ...extra });
    span.setStatus(
      code === undefined ? { code: SpanStatusCode.OK } : { code: SpanStatusCode.ERROR, message: code },
    );
  }
  span.end();
  return seconds;
}

/** UTF-8 size of a value as JSON: computed only for a recording span. */
function sizeOf(value: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? "");
  } catch {
    return 0;
  }
}

/** What names a unit call in its span and metrics. */
export interface CallLabels {
  unit: string;
  operation: string;
  /** The invoke kind (`http`, `openapi`, `graphql`, `mcp`, `cli`, …). */
  kind: string;
}

/** Runs a unit call inside its span and records its outcome, latency and size. */
export async function observeCall<T extends { value: unknown }>(
  labels: CallLabels,
  run: () => Promise<T>,
): Promise<T> {
  if (!observing) return run();
  const loading = telemetryLoading();
  if (loading) await loading;
  const parent = context.active();
  const principal = parent.getValue(PRINCIPAL);
  const attributes: Attributes = {
    "unitc.unit": labels.unit,
    "unitc.operation": labels.operation,
    "unitc.kind": labels.kind,
    ...(typeof principal === "string" ? { "unitc.principal": principal } : {}),
  };
  const name = `call ${labels.unit}.${labels.operation}`;
  return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, parent, async (span) => {
    const started = performance.now();
    try {
      const result = await run();
      const bytes = span.isRecording() ? { "unitc.result_bytes": sizeOf(result.value) } : {};
      recordCall(labels.unit, labels.operation, undefined, end(span, started, undefined, bytes));
      return result;
    } catch (error) {
      const code = failureCode(error);
      recordCall(labels.unit, labels.operation, code, end(span, started, code));
      throw error;
    }
  });
}

const metaGetter = {
  keys: (carrier: Record<string, unknown>) => Object.keys(carrier),
  get: (carrier: Record<string, unknown>, key: string) => {
    const value = carrier[key];
    return typeof value === "string" ? value : undefined;
  },
};

/** The context an MCP request continues: its `_meta` trace context, when it sends one. */
function parentOf(meta: unknown): Context {
  if (typeof meta !== "object" || meta === null || !("traceparent" in meta)) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, meta as Record<string, unknown>, metaGetter);
}

/** The outcome of an MCP answer: `ok`, or the code of an `isError` tool result. */
function outcomeOf(result: unknown): string | undefined {
  const answer = result as {
    isError?: unknown;
    _meta?: Record<string, { code?: unknown } | undefined>;
  } | null;
  if (answer?.isError !== true) return undefined;
  const code = answer._meta?.["unitc/error"]?.code;
  return typeof code === "string" ? code : "error";
}

/** What an MCP request handler receives first: the request, or (a custom method) its params. */
type RequestLike =
  | { params?: { name?: unknown; _meta?: unknown }; name?: unknown; _meta?: unknown }
  | undefined;

/** Runs the handler of MCP request `method` inside its span and records its outcome. */
export async function observeRequest<T>(
  method: string,
  request: RequestLike,
  principal: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
  if (!observing) return run();
  const params = request?.params ?? request;
  let parent = parentOf(params?._meta);
  if (principal !== undefined) parent = parent.setValue(PRINCIPAL, principal);
  const tool = typeof params?.name === "string" && method === "tools/call" ? params.name : undefined;
  const attributes: Attributes = {
    "mcp.method.name": method,
    ...(tool !== undefined ? { "gen_ai.tool.name": tool } : {}),
    ...(principal !== undefined ? { "unitc.principal": principal } : {}),
  };
  const name = tool === undefined ? method : `${method} ${tool}`;
  return tracer().startActiveSpan(name, { kind: SpanKind.SERVER, attributes }, parent, async (span) => {
    const started = performance.now();
    try {
      const result = await run();
      const code = outcomeOf(result);
      end(span, started, code);
      recordRequest(method, code ?? "ok");
      return result;
    } catch (error) {
      const code = failureCode(error);
      end(span, started, code);
      recordRequest(method, code);
      throw error;
    }
  });
}

/**
 * Wraps every request handler later set on `server` in {@link observeRequest}: one line where the
 * server is made, instead of one per method.
 */
export function observeRequests(server: object, principal: string | undefined): void {
  const target = server as { setRequestHandler: (...args: unknown[]) => void };
  const set = target.setRequestHandler.bind(server);
  target.setRequestHandler = (method: unknown, ...rest: unknown[]) => {
    const handler = rest.pop() as (first: RequestLike, ...more: unknown[]) => unknown;
    const observed = (first: RequestLike, ...more: unknown[]) =>
      observeRequest(String(method), first, principal, async () => handler(first, ...more));
    set(method, ...rest, observed);
  };
}

/** `headers` with the active span's `traceparent` (and `tracestate`) added, for an HTTP downstream. */
export function withTraceContext(headers: Array<[string, string]>): Array<[string, string]> {
  if (!observing) return headers;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  if (carrier.traceparent === undefined) return headers;
  const kept = headers.filter(([name]) => {
    const lower = name.toLowerCase();
    return lower !== "traceparent" && lower !== "tracestate";
  });
  return [...kept, ...Object.entries(carrier)];
}

/** The active context, to carry into work that runs from another callback (Code Mode's bridge). */
export function activeContext(): Context {
  return context.active();
}

/** Runs `work` in `captured` (a context {@link activeContext} returned). */
export function inContext<T>(captured: Context, work: () => T): T {
  return context.with(captured, work);
}
