/** Picks the invoker of an operation by its `invoke.kind`. */
import { UnitError } from "../errors.js";
import type { Invoke } from "../manifest.js";
import { invokeMcp } from "../mcp/invoker.js";
import { invokeCli } from "./cli.js";
import { invokeGraphql } from "./graphql.js";
import { invokeHttp } from "./http.js";
import { invokeOpenapi } from "./openapi.js";
import type { Invoker } from "./types.js";

export type { InvokeContext, InvokeResult, Invoker } from "./types.js";

const INVOKERS: Record<string, Invoker> = {
  http: invokeHttp,
  cli: invokeCli,
  graphql: invokeGraphql,
  openapi: invokeOpenapi,
  discovery: invokeOpenapi,
  mcp: invokeMcp,
};

/**
 * The invoker for `invoke`; throws `UNSUPPORTED_BACKEND` when this runtime has none. `extra` adds
 * invokers for kinds it does not know; a built-in kind is never replaced.
 */
export function invokerFor(invoke: Invoke, extra: Readonly<Record<string, Invoker>> = {}): Invoker {
  const invoker = Object.hasOwn(INVOKERS, invoke.kind)
    ? INVOKERS[invoke.kind]
    : Object.hasOwn(extra, invoke.kind)
      ? extra[invoke.kind]
      : undefined;
  if (!invoker) {
    throw new UnitError("UNSUPPORTED_BACKEND", `this runtime cannot call ${invoke.kind} operations`, {
      hint: "serve the bundle with the unitc version that compiled it",
    });
  }
  return invoker;
}
