/**
 * Build-time requests for a GraphQL schema (`schemaUrl`, or live introspection of `endpointUrl`). The
 * unit's auth is resolved from the environment in memory only; requests follow same-origin
 * redirects only, time out, are byte-capped, and every resolved secret is redacted from the text
 * and from errors, so none can reach generated files.
 */
import { UnitError } from "../../runtime/errors.js";
import { send } from "../../runtime/invoke/http.js";
import { type HttpRequest, resolveAuth } from "../../runtime/invoke/http-request.js";
import { readCapped } from "../../runtime/invoke/http-response.js";
import type { AuthConfig } from "../../runtime/manifest.js";
import { redact } from "../../runtime/redact.js";
import { MissingVariableError } from "../../runtime/references.js";

/** Largest schema read at build time (GitHub's introspection result is about 5 MB). */
export const MAX_SCHEMA_BYTES = 64 * 1024 * 1024;

export interface SchemaRequest {
  url: string;
  /** A JSON body makes it a POST (introspection); none, a GET. */
  body?: unknown;
  /** Sent only when given: callers pass it for the endpoint's own origin only. */
  auth?: AuthConfig;
  timeoutMs: number;
  env: Record<string, string | undefined>;
}

/** A failed build-time request; the message names what failed and holds no secret. */
export class SchemaFetchError extends Error {
  readonly hint: string;
  constructor(message: string, hint: string) {
    super(message);
    this.hint = hint;
  }
}

/** Fetches the text at `request.url`; throws {@link SchemaFetchError}. */
export async function fetchSchemaText(request: SchemaRequest): Promise<string> {
  const secrets: string[] = [];
  try {
    return await fetchText(request, secrets);
  } catch (error) {
    throw explainFetch(error, request, secrets);
  }
}

async function fetchText(request: SchemaRequest, secrets: string[]): Promise<string> {
  const headers = new Map<string, string>([
    ["accept", "application/graphql-response+json, application/json, text/plain;q=0.9, */*;q=0.5"],
  ]);
  if (request.auth) {
    const auth = resolveAuth(request.auth, request.env);
    secrets.push(...auth.secrets);
    for (const [name, value] of auth.headers) headers.set(name, value);
  }
  let body: string | undefined;
  if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers.set("content-type", "application/json");
  }
  const httpRequest: HttpRequest = {
    method: body ? "POST" : "GET",
    url: new URL(request.url),
    headers,
    body,
  };
  const response = await send(httpRequest, AbortSignal.timeout(request.timeoutMs), globalThis.fetch);
  const read = await readCapped(response.body, MAX_SCHEMA_BYTES);
  const text = redact(new TextDecoder().decode(read.bytes), secrets);
  if (!response.ok) {
    throw new SchemaFetchError(
      `${request.url} answered ${response.status} ${response.statusText}: ${text.slice(0, 200)}`.trimEnd(),
      response.status === 401 || response.status === 403
        ? "check the credentials the unit's auth refers to (they are read from the environment at build time)"
        : "check the URL, or save the schema to a file and use schemaPath",
    );
  }
  if (read.truncated) {
    throw new SchemaFetchError(
      `${request.url} answered more than ${MAX_SCHEMA_BYTES} bytes`,
      "save the schema to a file and use schemaPath",
    );
  }
  return text;
}

function explainFetch(error: unknown, request: SchemaRequest, secrets: string[]): SchemaFetchError {
  if (error instanceof SchemaFetchError) return error;
  if (error instanceof MissingVariableError) {
    return new SchemaFetchError(
      `fetching the schema needs environment variable ${error.variable}, which is not set`,
      `set ${error.variable} when compiling, or save the schema to a file and use schemaPath`,
    );
  }
  if (error instanceof UnitError) {
    return new SchemaFetchError(
      redact(`fetching ${request.url} failed: ${error.message}`, secrets),
      error.details.hint ?? "save the schema to a file and use schemaPath",
    );
  }
  const name = (error as { name?: unknown } | null)?.name;
  if (name === "TimeoutError") {
    return new SchemaFetchError(
      `${request.url} did not answer within ${request.timeoutMs} ms`,
      "raise requestTimeoutMs for this unit, or check that the server is up",
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return new SchemaFetchError(
    redact(`fetching ${request.url} failed: ${reason}${cause}`, secrets),
    "check that the server is reachable from where unitc runs",
  );
}
