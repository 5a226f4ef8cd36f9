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

/** The `invoke.kind`s a manifest can hold, from the manifest's `Invoke` union. */
export type InvokeKind = Invoke["kind"];

/**
 * One invoker per kind of the manifest's `Invoke` union, so a kind added there without its invoker
 * (or an invoker for a kind the union lacks) does not compile.
 */
export const INVOKERS: { readonly [K in InvokeKind]: Invoker } = {
  http: onFirstCall(async () => (await import("./http/index.js")).invokeHttp),
  cli: onFirstCall(async () => (await import("./cli/index.js")).invokeCli),
  graphql: onFirstCall(async () => (await import("./graphql/index.js")).invokeGraphql),
  openapi: invokeOpenapi,
  discovery: invokeOpenapi,
  mcp: onFirstCall(async () => (await import("./mcp/index.js")).invokeMcp),
};

/**
 * The invoker for `invoke`; throws `UNSUPPORTED_BACKEND` when this runtime has none. A loaded
 * manifest may still hold a kind outside the union (one a newer unitc compiled, or a test's
 * in-process kind), so the kind is looked up, not trusted. `extra` adds invokers for kinds it does
 * not know; a built-in kind is never replaced.
 */
export function invokerFor(
  invoke: Pick<Invoke, "kind">,
  extra: Readonly<Record<string, Invoker>> = {},
): Invoker {
  const kind: string = invoke.kind;
  const invoker = Object.hasOwn(INVOKERS, kind)
    ? INVOKERS[kind as InvokeKind]
    : Object.hasOwn(extra, kind)
      ? extra[kind]
      : undefined;
  if (!invoker) {
    throw new UnitError("UNSUPPORTED_BACKEND", `this runtime cannot call ${kind} operations`, {
      hint: "serve the bundle with the unitc version that compiled it",
    });
  }
  return invoker;
}
