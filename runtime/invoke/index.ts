/** Picks the invoker of an operation by its `invoke.kind`. */
import { UnitError } from "../contract/errors.js";
import type { Invoke } from "../contract/manifest.js";
import type { Invoker } from "./shared/types.js";

export type { InvokeContext, InvokeResult, Invoker } from "./shared/types.js";

/**
 * An invoker whose module is loaded on its first call: a runtime that serves (or a server that lists
 * tools) does not load HTTP, process and MCP client code for backends it is not calling.
 */
function onFirstCall(load: () => Promise<Invoker>): Invoker {
  let loaded: Promise<Invoker> | undefined;
  return async (input, context) => {
    loaded ??= load();
    return (await loaded)(input, context);
  };
}

const invokeOpenapi = onFirstCall(async () => (await import("./openapi/index.js")).invokeOpenapi);

const INVOKERS: Record<string, Invoker> = {
  http: onFirstCall(async () => (await import("./http/index.js")).invokeHttp),
  cli: onFirstCall(async () => (await import("./cli/index.js")).invokeCli),
  graphql: onFirstCall(async () => (await import("./graphql/index.js")).invokeGraphql),
  openapi: invokeOpenapi,
  discovery: invokeOpenapi,
  mcp: onFirstCall(async () => (await import("./mcp/index.js")).invokeMcp),
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
