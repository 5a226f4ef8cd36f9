/** Picks the invoker of an operation by its `invoke.kind`. */
import { UnitError } from "../errors.js";
import type { Invoke } from "../manifest.js";
import { invokeCli } from "./cli.js";
import { invokeHttp } from "./http.js";
import type { Invoker } from "./types.js";

export type { InvokeContext, InvokeResult, Invoker } from "./types.js";

const INVOKERS: Record<string, Invoker> = { http: invokeHttp, cli: invokeCli };

/** The invoker for `invoke`; throws `UNSUPPORTED_BACKEND` when this runtime has none. */
export function invokerFor(invoke: Invoke): Invoker {
  const invoker = Object.hasOwn(INVOKERS, invoke.kind) ? INVOKERS[invoke.kind] : undefined;
  if (!invoker) {
    throw new UnitError("UNSUPPORTED_BACKEND", `this runtime cannot call ${invoke.kind} operations`, {
      hint: "serve the bundle with the unitc version that compiled it",
    });
  }
  return invoker;
}
