/**
 * The operations a Code Mode run calls, noted for its audit record. The run's record is open in an
 * async context around the `code_mode` call; the runtime a run calls through notes each operation's
 * outcome there (names and outcome codes only, never inputs or results).
 */

import { AsyncLocalStorage } from "node:async_hooks";
import type { CallOptions, UnitRuntime } from "../../calls/create-runtime.js";
import { runtimeView } from "../../calls/runtime-view.js";
import type { AuditedOperation } from "../../storage/audit/records.js";
import { outcomeOfError } from "./outcome.js";

/** The calls of the run being audited in this async context. */
export const auditedRun = new AsyncLocalStorage<AuditedOperation[]>();

/** `runtime`, noting each call into the audited run open where this is called (itself when none is). */
export function auditedRuntime(runtime: UnitRuntime): UnitRuntime {
  const calls = auditedRun.getStore();
  if (!calls) return runtime;
  const noted = async <T>(unit: string, operation: string, call: Promise<T>): Promise<T> => {
    try {
      const value = await call;
      calls.push({ unit, operation, outcome: "ok" });
      return value;
    } catch (error) {
      calls.push({ unit, operation, outcome: outcomeOfError(error) });
      throw error;
    }
  };
  return runtimeView(runtime, {
    invoke: (unitId, name, input, options) =>
      noted(unitId, name, runtime.invoke(unitId, name, input, options)),
    call: <T>(unitId: string, name: string, input?: unknown, options?: CallOptions) =>
      noted(unitId, name, runtime.call<T>(unitId, name, input, options)),
  });
}
