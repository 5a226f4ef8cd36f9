/**
 * Spans through `@opentelemetry/api`: one per MCP request (its parent taken from the request's
 * `_meta.traceparent` / `_meta.tracestate`, W3C trace context) and one per unit call, whose context
 * downstreams receive: HTTP ones as the `traceparent` / `tracestate` headers, MCP ones in the
 * request's `_meta`. Attributes name the unit, operation, kind, principal, outcome code, duration and
 * result size; arguments, results and secrets never. Without an export (see `export.ts`) the API's
 * no-op tracer makes these almost free, and a client's trace context is passed on unchanged, so a
 * team's traces stay joined through a unitc that exports nothing.
 */
import { AsyncLocalStorage } from "node:async_hooks";
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

/** A client's W3C trace context as it sent it, checked to be fit for a header. */
interface GivenTrace {
  traceparent: string;
  tracestate?: string;
}

/** The trace context the client of the request in flight sent, passed on when no span of unitc's is active. */
const givenTrace = new AsyncLocalStorage<GivenTrace>();

const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;
// Printable ASCII, bounded: W3C allows no more, and it is sent as a header value as it came.
const TRACESTATE = /^[\x20-\x7e]{1,512}$/;

/** The trace context in an MCP request's `_meta`, when it is well-formed. */
function givenIn(meta: unknown): GivenTrace | undefined {
  if (typeof meta !== "object" || meta === null) return undefined;
  const { traceparent, tracestate } = meta as { traceparent?: unknown; tracestate?: unknown };
  if (typeof traceparent !== "string" || !TRACEPARENT.test(traceparent)) return undefined;
  return typeof tracestate === "string" && TRACESTATE.test(tracestate)
    ? { traceparent, tracestate }
    : { traceparent };
}

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
  const given = givenIn(params?._meta);
  if (given) return givenTrace.run(given, () => observeRequestIn(method, params, principal, run));
  return observeRequestIn(method, params, principal, run);
}

async function observeRequestIn<T>(
  method: string,
  params: { name?: unknown; _meta?: unknown } | undefined,
  principal: string | undefined,
  run: () => Promise<T>,
): Promise<T> {
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

/**
 * The trace context a downstream call gets: the active span's (`traceparent`, `tracestate`) while
 * unitc exports, else the one the client sent, unchanged; undefined when there is neither.
 */
export function downstreamTrace(): Record<string, string> | undefined {
  if (!observing) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  if (carrier.traceparent !== undefined) return carrier;
  const given = givenTrace.getStore();
  return given && { ...given };
}

/** `headers` with the call's trace context (see {@link downstreamTrace}) added, for an HTTP downstream. */
export function withTraceContext(headers: Array<[string, string]>): Array<[string, string]> {
  const carrier = downstreamTrace();
  if (carrier === undefined) return headers;
  const kept = headers.filter(([name]) => {
    const lower = name.toLowerCase();
    return lower !== "traceparent" && lower !== "tracestate";
  });
  return [...kept, ...Object.entries(carrier)];
}

/** The trace context in force, carried into work that runs from another callback (Code Mode's bridge). */
export interface CapturedTrace {
  active: Context;
  given: GivenTrace | undefined;
}

/** The active context, to carry into work that runs from another callback (Code Mode's bridge). */
export function activeContext(): CapturedTrace {
  return { active: context.active(), given: givenTrace.getStore() };
}

/** Runs `work` in `captured` (a context {@link activeContext} returned). */
export function inContext<T>(captured: CapturedTrace, work: () => T): T {
  const { active, given } = captured;
  return given ? givenTrace.run(given, () => context.with(active, work)) : context.with(active, work);
}
