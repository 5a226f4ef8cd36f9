/**
 * The invoker of configured HTTP actions (`httpApis`): one request to the unit's own origin, with
 * auth headers input cannot override, same-origin redirects only, a timeout, a response byte cap and
 * every resolved secret redacted from results and errors.
 */

import { UnitError } from "../../contract/errors.js";
import type { HttpApiConnection, HttpInvoke } from "../../contract/manifest.js";
import type { Answer } from "../../net/direct.js";
import { configuredUrl, guardedDirect, guardedFetch, urlFromDocument } from "../../net/guard.js";
import { withTraceContext } from "../../observe/spans.js";
import { redact } from "../../shared/redact.js";
import { MissingVariableError } from "../../shared/references.js";
import type { InvokeContext, Invoker } from "../shared/types.js";
import { type CallAuth, callAuth } from "./call-auth.js";
import { buildRequest, type HttpRequest, withCredentialHeaders } from "./request.js";
import { readResult } from "./response.js";
import { authReferences, readStoredSecrets } from "./stored-secrets.js";

/** Redirects followed (same origin only) before the call fails with `HTTP_REDIRECT`. */
export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** What the error mapping needs to know about a call in flight. */
export interface CallState {
  secrets: string[];
  /** Set once the call is under way; `aborted` when its time ran out. */
  timeout?: { readonly aborted: boolean };
}

/** Runs one HTTP action; failures are `UnitError`s naming the unit and operation, secrets redacted. */
export const invokeHttp: Invoker = async (input, context) => {
  const call: CallState = { secrets: [] };
  try {
    return await run(input, context, call);
  } catch (error) {
    throw explain(error, context, call);
  }
};

async function run(input: unknown, context: InvokeContext, call: CallState) {
  const { connection, invoke } = httpTarget(context);
  const stored = await readStoredSecrets(authReferences(connection.auth, invoke.headers), context);
  const resolved = await callAuth(connection, context, stored);
  const auth = withCredentialHeaders(resolved, invoke.headers, context.env, stored);
  call.secrets.push(...auth.secrets);
  const request = buildRequest(connection, invoke, input, auth);
  return exchange(request, connection, context, call, {
    label: label(context),
    method: invoke.method,
    ...(resolved.reauth ? { reauth: resolved.reauth } : {}),
  });
}

/** The limits every HTTP-based connection carries. */
export interface RequestLimits {
  requestTimeoutMs: number;
  maxResponseBytes: number;
}

/** Throws `MANIFEST_INVALID` unless both limits are positive integers. */
export function checkLimits(connection: RequestLimits): void {
  for (const setting of ["requestTimeoutMs", "maxResponseBytes"] as const) {
    const value = connection[setting];
    if (!Number.isInteger(value) || value <= 0) {
      throw new UnitError("MANIFEST_INVALID", `${setting} must be a positive integer`, {
        hint: "recompile the unit with unitc compile",
      });
    }
  }
}

/**
 * Sends `request` under the connection's timeout and the caller's signal, then reads the answer
 * under the byte cap: the one request path of HTTP actions, OpenAPI, discovery and GraphQL.
 */
export async function exchange(
  request: HttpRequest,
  connection: RequestLimits,
  context: InvokeContext,
  call: CallState,
  options: { label: string; method: string; transport?: typeof fetch; reauth?: CallAuth["reauth"] },
) {
  const limit = callSignal(context.signal, connection.requestTimeoutMs);
  call.timeout = limit;
  try {
    const doFetch = transportFor(request, context, options.transport);
    let response = await send(request, limit.signal, doFetch);
    // An OAuth token the API refused gets one renewal and one retry, never more.
    const renewed = response.status === 401 && options.reauth ? await options.reauth() : undefined;
    if (renewed) {
      await response.body?.cancel().catch(() => undefined);
      call.secrets.push(renewed.secret);
      const headers = new Map(request.headers).set("authorization", renewed.header);
      response = await send({ ...request, headers }, limit.signal, doFetch);
    }
    // Awaited here: the time limit covers reading the body too.
    return await readResult(response, {
      label: options.label,
      method: options.method,
      maxResponseBytes: connection.maxResponseBytes,
      secrets: call.secrets,
    });
  } finally {
    limit.end();
  }
}

/** A call's signal: aborted by the caller's signal or when `ms` pass, whichever comes first. */
interface CallSignal {
  signal: AbortSignal;
  /** True once the time ran out (not when the caller cancelled). */
  readonly aborted: boolean;
  /** Stops the timer and stops listening to the caller's signal (the call is over). */
  end(): void;
}

/**
 * One controller, one timer and one listener per call: `AbortSignal.timeout` and `AbortSignal.any`
 * cost several times more, and `any` over a run's long-lived signal keeps every call's signal
 * tracked until garbage collection (a tenth of a millisecond per call in a run of many calls).
 */
function callSignal(outer: AbortSignal | undefined, ms: number): CallSignal {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
  }, ms);
  // As AbortSignal.timeout's: a call waiting on the network keeps the process alive, not its timer.
  timer.unref();
  const cancel = () => controller.abort(outer?.reason);
  if (outer?.aborted) cancel();
  else outer?.addEventListener("abort", cancel, { once: true });
  return {
    signal: controller.signal,
    get aborted() {
      return expired;
    },
    end() {
      clearTimeout(timer);
      outer?.removeEventListener("abort", cancel);
    },
  };
}

/** How a request of the runtime goes out: its own fetch or transport when given, else the direct one. */
type Transport = (url: URL, init: SendInit) => Promise<Answer>;
interface SendInit {
  method: string;
  headers: Array<[string, string]>;
  body: HttpRequest["body"] | null;
  redirect: "manual";
  signal: AbortSignal;
}

/**
 * The guarded transport of one call. A string body or none goes straight on the pinned dispatcher
 * (the common case, and much cheaper than fetch); other bodies, a fetch given to the runtime, or a
 * transport of the invoker's own (TRACE) go through fetch's interface.
 */
function transportFor(
  request: HttpRequest,
  context: InvokeContext,
  own: typeof fetch | undefined,
): Transport {
  const guard = {
    configuredUrl: configuredUrl(context.unit.connection),
    fromDocument: urlFromDocument(context.unit.connection),
    env: context.env,
    resolve: context.resolve,
    oneShot: context.oneShot,
  };
  const base = own ?? context.fetch;
  if (base === undefined && (request.body === undefined || typeof request.body === "string")) {
    const direct = guardedDirect(guard);
    return (url, init) =>
      direct(url, { ...init, body: typeof init.body === "string" ? init.body : undefined });
  }
  const viaFetch = guardedFetch(base ?? globalThis.fetch, guard);
  return (url, init) => viaFetch(url, init as RequestInit) as Promise<Answer>;
}

/** The unit's connection and the operation's request template, checked to be HTTP ones. */
function httpTarget(context: InvokeContext): { connection: HttpApiConnection; invoke: HttpInvoke } {
  const { connection } = context.unit;
  const { invoke } = context.operation;
  if (connection.kind !== "http" || invoke.kind !== "http") {
    throw new UnitError("UNSUPPORTED_BACKEND", `the HTTP invoker cannot run a ${connection.kind} operation`, {
      hint: "this is a runtime bug: operations are dispatched by their connection kind",
    });
  }
  checkLimits(connection);
  return { connection, invoke: invoke as HttpInvoke };
}

/** Sends the request, following same-origin redirects with the same headers, at most `MAX_REDIRECTS`. */
export async function send(first: HttpRequest, signal: AbortSignal, doFetch: Transport): Promise<Answer> {
  let request = first;
  for (let hop = 0; ; hop++) {
    const response = await doFetch(request.url, {
      method: request.method,
      headers: withTraceContext([...request.headers]),
      body: request.body ?? null,
      redirect: "manual",
      signal,
    });
    const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get("location") : null;
    if (location === null) return response;
    await response.body?.cancel().catch(() => undefined);
    if (hop >= MAX_REDIRECTS) {
      throw new UnitError("HTTP_REDIRECT", `stopped after ${MAX_REDIRECTS} redirects`, {
        hint: "call the final URL's path directly, or fix the redirect loop in the API",
      });
    }
    request = redirected(request, location, response.status);
  }
}

/** The request a redirect asks for; throws `HTTP_REDIRECT` when it leaves the origin. */
function redirected(request: HttpRequest, location: string, status: number): HttpRequest {
  let target: URL;
  try {
    target = new URL(location, request.url);
  } catch {
    throw new UnitError("HTTP_REDIRECT", "the API redirected to a location that is not a URL");
  }
  if (target.origin !== request.url.origin) {
    throw new UnitError(
      "HTTP_REDIRECT",
      `the API redirected to another origin (${target.origin}); not followed, so no credentials were sent there`,
      { hint: `point the unit's baseUrl at ${target.origin} if that is where the API lives` },
    );
  }
  target.username = "";
  target.password = "";
  // As fetch does: 303, and 301/302 after POST, continue as a GET without the body.
  const toGet =
    (status === 303 && request.method !== "HEAD") ||
    ((status === 301 || status === 302) && request.method === "POST");
  if (!toGet) return { ...request, url: target };
  const headers = new Map([...request.headers].filter(([name]) => name !== "content-type"));
  return { method: "GET", url: target, headers, body: undefined };
}

/** `METHOD /path` of an HTTP action or OpenAPI operation, else the invoke kind. */
function label(context: InvokeContext): string {
  const { kind, method, path } = context.operation.invoke as {
    kind: string;
    method?: unknown;
    path?: unknown;
  };
  return typeof method === "string" && typeof path === "string" ? `${method} ${path}` : kind;
}

function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause ? `${error.message} (${cause})` : error.message;
}

/** Maps any failure to a `UnitError` with the unit and operation set and every secret redacted. */
export function explain(error: unknown, context: InvokeContext, call: CallState): UnitError {
  const where = { unit: context.unit.id, operation: context.operation.name };
  const scrub = (text: string): string => redact(text, call.secrets);
  if (error instanceof UnitError) {
    const { excerpt, hint } = error.details;
    return new UnitError(error.code, scrub(error.message), {
      ...error.details,
      ...(excerpt === undefined ? {} : { excerpt: scrub(excerpt) }),
      ...(hint === undefined ? {} : { hint: scrub(hint) }),
      ...where,
    });
  }
  if (error instanceof MissingVariableError) {
    return new UnitError(
      "MISSING_ENV",
      `unit ${context.unit.id} needs environment variable ${error.variable}, which is not set`,
      {
        hint: `set ${error.variable} in the environment the runtime runs in`,
        ...where,
      },
    );
  }
  if (context.signal?.aborted) return new UnitError("CANCELLED", `${label(context)} was cancelled`, where);
  if (call.timeout?.aborted) {
    const ms = (context.unit.connection as HttpApiConnection).requestTimeoutMs;
    return new UnitError("TIMEOUT", `${label(context)} did not answer within ${ms} ms`, {
      hint: "raise requestTimeoutMs for this unit, or check that the API is up",
      ...where,
    });
  }
  return new UnitError("HTTP_FAILED", scrub(`${label(context)} failed: ${causeOf(error)}`), {
    hint: "check that the API at the unit's baseUrl is reachable",
    ...where,
  });
}
