/**
 * Build-time fetch of a source document (`specUrl`, `discoveryUrl`, a GraphQL `schemaUrl`, or a
 * live introspection POST). It goes through the runtime's hardened sender: same-origin redirects only, a timeout and a byte cap. Auth is resolved from the
 * environment in memory only when the caller passes it, and every resolved secret is redacted from
 * the text and from errors, so none can reach generated files.
 */

import { isOAuth } from "../../../runtime/auth/settings.js";
import type { AccessTokenSource } from "../../../runtime/auth/tokens.js";
import { UnitError } from "../../../runtime/contract/errors.js";
import type { AuthConfig } from "../../../runtime/contract/manifest.js";
import type { CallAuth } from "../../../runtime/invoke/http/call-auth.js";
import { send } from "../../../runtime/invoke/http/index.js";
import { type HttpRequest, resolveAuth } from "../../../runtime/invoke/http/request.js";
import { readCapped } from "../../../runtime/invoke/http/response.js";
import { redact, redactOutput } from "../../../runtime/shared/redact.js";
import { MissingVariableError } from "../../../runtime/shared/references.js";
import { recordRemote } from "../shared/inputs.js";

/** Largest spec document read (from a URL or a file). */
export const MAX_SPEC_BYTES = 64 * 1024 * 1024;

export interface SpecRequest {
  url: string;
  /** A JSON body makes it a POST (GraphQL introspection); none, a GET. */
  body?: unknown;
  /** Sent only when given: callers pass it for the API's own origin only. */
  auth?: AuthConfig;
  /** For OAuth auth: the unit whose stored token is sent, and the resource it protects. */
  oauth?: { unitId: string; resource?: string; source?: AccessTokenSource };
  timeoutMs: number;
  env: Record<string, string | undefined>;
  /** The Accept header (default: JSON, then YAML). */
  accept?: string;
  /** What a message calls the document when not by its URL (`the schema`). */
  subject?: string;
  /** How to do without the fetch, ending each hint (default: save the document to a file). */
  offline?: string;
  /** The hint on 401/403. */
  authHint?: string;
}

const OFFLINE = "save the document to a file and point the unit at it";
const AUTH_HINT =
  "check the credentials the unit's auth refers to (sent only when the URL is on baseUrl's origin)";

/** True when both URLs parse and share an origin: the test before credentials are sent. */
export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** A failed fetch; the message names what failed and holds no secret. */
export class SpecFetchError extends Error {
  readonly hint: string;
  constructor(message: string, hint: string) {
    super(message);
    this.hint = hint;
  }
}

/** Fetches the text at `request.url`; throws {@link SpecFetchError}. */
export async function fetchSpecText(request: SpecRequest): Promise<string> {
  recordRemote();
  const secrets: string[] = [];
  try {
    return await fetchText(request, secrets);
  } catch (error) {
    throw explainFetch(error, request, secrets);
  }
}

async function fetchText(request: SpecRequest, secrets: string[]): Promise<string> {
  const offline = request.offline ?? OFFLINE;
  const headers = new Map([
    ["accept", request.accept ?? "application/json, application/yaml;q=0.9, */*;q=0.5"],
  ]);
  const auth = await specAuth(request);
  secrets.push(...auth.secrets);
  for (const [name, value] of auth.headers) headers.set(name, value);
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  if (body !== undefined) headers.set("content-type", "application/json");
  const httpRequest: HttpRequest = {
    method: body ? "POST" : "GET",
    url: new URL(request.url),
    headers,
    body,
  };
  const signal = AbortSignal.timeout(request.timeoutMs);
  let response = await send(httpRequest, signal, globalThis.fetch);
  const renewed = response.status === 401 ? await auth.reauth?.() : undefined;
  if (renewed) {
    // One renewal after a 401, as at run time: the stored token may have been revoked or rotated.
    await response.body?.cancel().catch(() => undefined);
    secrets.push(renewed.secret);
    headers.set("authorization", renewed.header);
    response = await send(httpRequest, signal, globalThis.fetch);
  }
  const read = await readCapped(response.body, MAX_SPEC_BYTES);
  const text = redactOutput(new TextDecoder().decode(read.bytes), secrets, { end: read.truncated });
  if (!response.ok) {
    throw new SpecFetchError(
      `${request.url} answered ${response.status} ${response.statusText}: ${text.slice(0, 200)}`.trimEnd(),
      response.status === 401 || response.status === 403
        ? (request.authHint ?? AUTH_HINT)
        : `check the URL, or ${offline}`,
    );
  }
  if (read.truncated) {
    throw new SpecFetchError(`${request.url} answered more than ${MAX_SPEC_BYTES} bytes`, offline);
  }
  return text;
}

/** The `source` of a request's `oauth`: the discover context's token source, when it has one. */
export function tokenSource(context: { oauth?: AccessTokenSource }): { source?: AccessTokenSource } {
  return context.oauth ? { source: context.oauth } : {};
}

/**
 * The request's credentials: references resolved from the environment, or for OAuth the unit's stored
 * token (read in memory only; the OAuth room is loaded only for units that use it).
 */
async function specAuth(request: SpecRequest): Promise<CallAuth> {
  if (!request.auth) return { headers: new Map(), secrets: [] };
  if (!isOAuth(request.auth) || !request.oauth) return resolveAuth(request.auth, request.env);
  const { callAuth } = await import("../../../runtime/invoke/http/call-auth.js");
  return callAuth(
    { auth: request.auth, ...(request.oauth.resource ? { baseUrl: request.oauth.resource } : {}) },
    {
      env: request.env,
      unit: { id: request.oauth.unitId },
      ...(request.oauth.source ? { oauth: request.oauth.source } : {}),
    },
  );
}

function explainFetch(error: unknown, request: SpecRequest, secrets: string[]): SpecFetchError {
  if (error instanceof SpecFetchError) return error;
  const offline = request.offline ?? OFFLINE;
  if (error instanceof MissingVariableError) {
    return new SpecFetchError(
      `fetching ${request.subject ?? request.url} needs environment variable ${error.variable}, which is not set`,
      `set ${error.variable} when compiling, or ${offline}`,
    );
  }
  if (error instanceof UnitError) {
    return new SpecFetchError(
      redact(`fetching ${request.url} failed: ${error.message}`, secrets),
      error.details.hint ?? offline,
    );
  }
  if ((error as { name?: unknown } | null)?.name === "TimeoutError") {
    return new SpecFetchError(
      `${request.url} did not answer within ${request.timeoutMs} ms`,
      "raise requestTimeoutMs for this unit, or check that the server is up",
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return new SpecFetchError(
    redact(`fetching ${request.url} failed: ${reason}${cause}`, secrets),
    "check that the server is reachable from where unitc runs",
  );
}
