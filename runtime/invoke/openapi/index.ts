/**
 * The invoker of OpenAPI operations and discovery-document methods: one request to the unit's own
 * origin (the spec's `servers` never count once baseUrl is set), built from the operation's
 * parameters and media type, with auth headers input cannot override, same-origin redirects only, a
 * timeout, a response byte cap and every resolved secret redacted from results and errors.
 */

import { UnitError } from "../../contract/errors.js";
import type { OpenapiConnection } from "../../contract/manifest.js";
import { callAuth } from "../http/call-auth.js";
import { type CallState, checkLimits, exchange, explain } from "../http/index.js";
import { authReferences, readStoredSecrets } from "../http/stored-secrets.js";
import type { InvokeContext, InvokeResult, Invoker } from "../shared/types.js";
import { type ApiInvoke, buildApiRequest } from "./request.js";

/** Runs one operation; failures are `UnitError`s naming the unit and operation, secrets redacted. */
export const invokeOpenapi: Invoker = async (input, context) => {
  const call: CallState = { secrets: [] };
  try {
    return await run(input, context, call);
  } catch (error) {
    throw explain(error, context, call);
  }
};

async function run(input: unknown, context: InvokeContext, call: CallState): Promise<InvokeResult> {
  const { connection, invoke } = apiTarget(context);
  const stored = await readStoredSecrets(authReferences(connection.auth), context);
  const auth = await callAuth(connection, context, stored);
  call.secrets.push(...auth.secrets);
  const request = buildApiRequest(connection, invoke, input, auth.headers);
  // fetch refuses TRACE, so that one method goes over node:http with the same redirect rules (loaded
  // for it alone: node:http and node:https are a fifth of a one-shot `unitc call`'s start).
  const transport = invoke.method === "TRACE" ? (await import("./transport.js")).nodeFetch : undefined;
  return exchange(request, connection, context, call, {
    label: `${invoke.method} ${invoke.path}`,
    method: invoke.method,
    ...(auth.reauth ? { reauth: auth.reauth } : {}),
    ...(transport ? { transport: transport as typeof fetch } : {}),
  });
}

/** The unit's connection and the operation, checked to be an OpenAPI or discovery pair with sane limits. */
function apiTarget(context: InvokeContext): {
  connection: Omit<OpenapiConnection, "kind">;
  invoke: ApiInvoke;
} {
  const { connection } = context.unit;
  const { invoke } = context.operation;
  const kind = connection.kind;
  if ((kind !== "openapi" && kind !== "discovery") || invoke.kind !== kind) {
    throw new UnitError(
      "UNSUPPORTED_BACKEND",
      `the OpenAPI invoker cannot run a ${invoke.kind} operation of a ${kind} unit`,
      {
        hint: "this is a runtime bug: operations are dispatched by their connection kind",
      },
    );
  }
  checkLimits(connection);
  return { connection, invoke: invoke as ApiInvoke };
}
