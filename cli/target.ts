/**
 * `unit` or `unit.operation` on the command line, looked up as a served call looks it up (by source
 * name or TypeScript name), with the runtime's own `UNKNOWN_UNIT` / `UNKNOWN_OPERATION` errors, their
 * hints cut to the nearest names: a unit may have thousands of operations.
 */

import type { UnitRuntime } from "../runtime/calls/create-runtime.js";
import { isUnitError, UnitError } from "../runtime/contract/errors.js";
import type { ManifestOperation, ManifestUnit } from "../runtime/contract/manifest.js";
import { failureOf, failureText } from "../runtime/serve/sessions/results.js";
import { nearestHint } from "../runtime/shared/did-you-mean.js";
import type { CliIO } from "./io.js";

export interface Target {
  unit: ManifestUnit;
  operation?: ManifestOperation;
}

/**
 * Splits `text` into a unit ID and an operation name: the whole text when it is a unit, else at the
 * first dot after which the rest names an operation of the unit before it (IDs may hold dots).
 */
export function splitTarget(ids: ReadonlySet<string>, text: string): { unitId: string; name?: string } {
  if (ids.has(text)) return { unitId: text };
  for (let at = text.indexOf("."); at > 0; at = text.indexOf(".", at + 1)) {
    if (ids.has(text.slice(0, at))) return { unitId: text.slice(0, at), name: text.slice(at + 1) };
  }
  const at = text.indexOf(".");
  return at > 0 ? { unitId: text.slice(0, at), name: text.slice(at + 1) } : { unitId: text };
}

/** Prints a failure as a served call words it (`CODE: message`, problems, hint) on stderr. */
export function reportFailure(io: CliIO, command: string, error: unknown): void {
  io.stderr(`unitc ${command}: ${failureText(failureOf(error))}\n`);
}

/** Finds the unit (and operation) `text` names; throws the runtime's lookup errors. */
export function lookUp(runtime: UnitRuntime, text: string, needOperation: boolean): Target {
  const units = runtime.manifest.units;
  const { unitId, name } = splitTarget(new Set(units.map((u) => u.id)), text);
  const unit = units.find((u) => u.id === unitId);
  const operationNames = unit ? unit.operations.map((o) => o.tsName) : [];
  if (name === undefined && unit) {
    if (!needOperation) return { unit };
    throw new UnitError("UNKNOWN_OPERATION", `name an operation of ${unitId}: ${unitId}.<operation>`, {
      unit: unitId,
      hint: nearestHint("operations", "", operationNames, `unitc inspect ${unitId}`),
    });
  }
  try {
    return runtime.operation(unitId, name ?? "");
  } catch (error) {
    if (!isUnitError(error)) throw error;
    const hint =
      error.code === "UNKNOWN_UNIT"
        ? nearestHint(
            "units",
            unitId,
            units.map((u) => u.id),
            "unitc list",
          )
        : error.code === "UNKNOWN_OPERATION"
          ? nearestHint("operations", name ?? "", operationNames, `unitc inspect ${unitId}`)
          : error.details.hint;
    throw new UnitError(error.code, error.message, { ...error.details, ...(hint ? { hint } : {}) });
  }
}

/** {@link lookUp}, reporting a failure on stderr and returning undefined instead of throwing. */
export function findTarget(
  io: CliIO,
  command: string,
  runtime: UnitRuntime,
  text: string,
  needOperation = false,
): Target | undefined {
  try {
    return lookUp(runtime, text, needOperation);
  } catch (error) {
    reportFailure(io, command, error);
    return undefined;
  }
}
