/**
 * The invoker of GraphQL operations: the compiled document and the input as variables, POSTed as JSON
 * to the unit's endpoint with the same hardening as HTTP actions (auth input cannot touch,
 * same-origin redirects only, a timeout, a response byte cap, secrets redacted). A response with
 * `errors` becomes `GRAPHQL_ERRORS`, keeping the partial `data`.
 * https://graphql.github.io/graphql-over-http/draft/
 */

import { type GraphqlErrorDetail, UnitError } from "../../contract/errors.js";
import type { GraphqlConnection, GraphqlInvoke } from "../../contract/manifest.js";
import { MissingVariableError } from "../../shared/references.js";
import { callAuth } from "../http/call-auth.js";
import { type CallState, checkLimits, exchange, explain } from "../http/index.js";
import type { HttpRequest } from "../http/request.js";
import { authReferences, readStoredSecrets } from "../http/stored-secrets.js";
import type { InvokeContext, InvokeResult, Invoker } from "../shared/types.js";

/** Error messages quoted in a `GRAPHQL_ERRORS` message; all of them stay in `details.errors`. */
const QUOTED_ERRORS = 3;

/** Runs one GraphQL operation; failures are `UnitError`s naming the unit and operation, secrets redacted. */
export const invokeGraphql: Invoker = async (input, context) => {
  const call: CallState = { secrets: [] };
  try {
    return await run(input, context, call);
  } catch (error) {
    throw explain(describeFailure(error, context, call), context, call);
  }
};

async function run(input: unknown, context: InvokeContext, call: CallState): Promise<InvokeResult> {
  const { connection, invoke } = graphqlTarget(context);
  const stored = await readStoredSecrets(authReferences(connection.auth), context);
  const auth = await callAuth(connection, context, stored);
  call.secrets.push(...auth.secrets);
  const request = buildGraphqlRequest(connection, invoke, input, auth.headers);
  const result = await exchange(request, connection, context, call, {
    label: label(context),
    method: "POST",
    ...(auth.reauth ? { reauth: auth.reauth } : {}),
  });
  return { value: graphqlData(result.value, context), truncated: false };
}

/** The unit's connection and the operation, checked to be GraphQL ones with sane limits. */
function graphqlTarget(context: InvokeContext): { connection: GraphqlConnection; invoke: GraphqlInvoke } {
  const { connection } = context.unit;
  const { invoke } = context.operation;
  if (connection.kind !== "graphql" || invoke.kind !== "graphql") {
    throw new UnitError(
      "UNSUPPORTED_BACKEND",
      `the GraphQL invoker cannot run a ${connection.kind} operation`,
      { hint: "this is a runtime bug: operations are dispatched by their connection kind" },
    );
  }
  checkLimits(connection);
  if (typeof (invoke as Partial<GraphqlInvoke>).document !== "string") {
    throw new UnitError("MANIFEST_INVALID", "the GraphQL operation has no document", {
      hint: "recompile the unit with unitc compile",
    });
  }
  return { connection, invoke: invoke as GraphqlInvoke };
}

/** The POST: JSON `{query, variables, operationName}`; auth headers are the only configured ones. */
export function buildGraphqlRequest(
  connection: GraphqlConnection,
  invoke: GraphqlInvoke,
  input: unknown,
  auth: ReadonlyMap<string, string>,
): HttpRequest {
  let url: URL;
  try {
    url = new URL(connection.endpointUrl);
  } catch {
    throw new UnitError(
      "MANIFEST_INVALID",
      `endpointUrl ${JSON.stringify(connection.endpointUrl)} is not a URL`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UnitError("MANIFEST_INVALID", `endpointUrl must be http or https, not ${url.protocol}`);
  }
  const headers = new Map([
    ["content-type", "application/json"],
    ["accept", "application/graphql-response+json, application/json"],
  ]);
  for (const [name, value] of auth) headers.set(name, value);
  const variables = typeof input === "object" && input !== null ? input : {};
  const payload: Record<string, unknown> = { query: invoke.document, variables };
  if (invoke.operationName !== undefined) payload.operationName = invoke.operationName;
  return { method: "POST", url, headers, body: JSON.stringify(payload) };
}

/** `data` of a GraphQL response; `errors` make it a `GRAPHQL_ERRORS` failure that keeps `data`. */
export function graphqlData(body: unknown, context: InvokeContext): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new UnitError(
      "OUTPUT_INVALID",
      `${label(context)} answered something that is not a GraphQL response`,
      {
        hint: "check that endpointUrl is the GraphQL endpoint and that it answers JSON",
      },
    );
  }
  const { data, errors } = body as { data?: unknown; errors?: unknown };
  if (Array.isArray(errors) && errors.length > 0) {
    const details = errors.map(errorDetail);
    const quoted = details.slice(0, QUOTED_ERRORS).map((e) => e.message);
    const more = details.length > QUOTED_ERRORS ? ` (and ${details.length - QUOTED_ERRORS} more)` : "";
    const noun = details.length === 1 ? "error" : "errors";
    return fail(context, details, data, `${details.length} ${noun}: ${quoted.join("; ")}${more}`);
  }
  if (data === undefined) {
    throw new UnitError("OUTPUT_INVALID", `${label(context)} answered neither data nor errors`, {
      hint: "check that endpointUrl is the GraphQL endpoint",
    });
  }
  return data;
}

function fail(context: InvokeContext, errors: GraphqlErrorDetail[], data: unknown, summary: string): never {
  throw new UnitError("GRAPHQL_ERRORS", `${label(context)} answered ${summary}`, {
    data: data ?? null,
    errors,
    hint: "read details.errors; details.data holds what the server still returned",
  });
}

function errorDetail(error: unknown): GraphqlErrorDetail {
  const { message, path } = (typeof error === "object" && error !== null ? error : {}) as {
    message?: unknown;
    path?: unknown;
  };
  const detail: GraphqlErrorDetail = { message: typeof message === "string" ? message : String(message) };
  if (Array.isArray(path) && path.every((p) => typeof p === "string" || typeof p === "number")) {
    detail.path = path;
  }
  return detail;
}

function label(context: InvokeContext): string {
  const invoke = context.operation.invoke as Partial<GraphqlInvoke>;
  return `GraphQL ${invoke.operationType ?? "operation"} ${invoke.operationName ?? context.operation.name}`;
}

function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause ? `${error.message} (${cause})` : error.message;
}

/** Network, timeout and cancellation failures as `UnitError`s; `explain` then redacts and locates. */
function describeFailure(error: unknown, context: InvokeContext, call: CallState): unknown {
  if (error instanceof UnitError || error instanceof MissingVariableError) return error;
  if (context.signal?.aborted) return new UnitError("CANCELLED", `${label(context)} was cancelled`);
  if (call.timeout?.aborted) {
    const ms = (context.unit.connection as GraphqlConnection).requestTimeoutMs;
    return new UnitError("TIMEOUT", `${label(context)} did not answer within ${ms} ms`, {
      hint: "raise requestTimeoutMs for this unit, or check that the endpoint is up",
    });
  }
  return new UnitError("HTTP_FAILED", `${label(context)} failed: ${causeOf(error)}`, {
    hint: "check that the unit's endpointUrl is reachable",
  });
}
