/**
 * The operations a Code Mode run calls, noted for its audit record. The run's record is open in an
 * async context around the `code_mode` call; the runtime a run calls through notes each operation's
 * outcome there (names and outcome codes; arguments only when the unit keeps them, redacted by the
 * runtime, and never results).
 */

import { AsyncLocalStorage } from "node:async_hooks";
import { type AuditedInput, auditedInput } from "../../calls/audited-input.js";
import type { CallOptions, UnitRuntime } from "../../calls/create-runtime.js";
import { runtimeView } from "../../calls/runtime-view.js";
import type { AuditedOperation } from "../../storage/audit/records.js";
import { outcomeOfError } from "./outcome.js";

/** The run being audited in this async context: the calls it made, and the vault's values to redact. */
export interface AuditedRun {
  calls: AuditedOperation[];
  secrets?: () => Promise<readonly string[]>;
}

/** The run being audited in this async context. */
export const auditedRun = new AsyncLocalStorage<AuditedRun>();

/** `runtime`, noting each call into the audited run open where this is called (itself when none is). */
export function auditedRuntime(runtime: UnitRuntime): UnitRuntime {
  const run = auditedRun.getStore();
  if (!run) return runtime;
  const noted = async <T>(unit: string, operation: string, call: () => Promise<T>): Promise<T> => {
    const slot: AuditedInput = run.secrets ? { secrets: run.secrets } : {};
    const note = async (outcome: string) => {
      const args = slot.arguments ? await slot.arguments : undefined;
      run.calls.push({ unit, operation, ...(args !== undefined ? { arguments: args } : {}), outcome });
    };
    try {
      const value = await auditedInput.run(slot, call);
      await note("ok");
      return value;
    } catch (error) {
      await note(outcomeOfError(error));
      throw error;
    }
  };
  return runtimeView(runtime, {
    invoke: (unitId, name, input, options) =>
      noted(unitId, name, () => runtime.invoke(unitId, name, input, options)),
    call: <T>(unitId: string, name: string, input?: unknown, options?: CallOptions) =>
      noted(unitId, name, () => runtime.call<T>(unitId, name, input, options)),
  });
}
