/**
 * What the in-process runtime (`createRuntime`, and serving over it) asks of observing: the labels
 * of a call, bounded to the bundle's own unit and operation names (a name the caller made up is
 * `(unknown)`, so no caller can grow the metrics), and the export started in the background.
 */
import type { ManifestOperation, ManifestUnit } from "../contract/manifest.js";
import { startTelemetry } from "./export.js";
import type { CallLabels } from "./spans.js";

/** Stands for a unit or operation name the bundle does not have. */
export const UNKNOWN_LABEL = "(unknown)";

/** A unit's operations by source name and TS name (first declared wins), made on first use. */
const byName = new WeakMap<ManifestUnit, Map<string, ManifestOperation>>();

function operationNamed(unit: ManifestUnit, name: string): ManifestOperation | undefined {
  let table = byName.get(unit);
  if (!table) {
    table = new Map();
    for (const op of unit.operations) if (!table.has(op.name)) table.set(op.name, op);
    for (const op of unit.operations) if (!table.has(op.tsName)) table.set(op.tsName, op);
    byName.set(unit, table);
  }
  return table.get(name);
}

/** The labels of a call of `name` on `unitId`, from the bundle's units. */
export function callLabels(
  units: ReadonlyMap<string, ManifestUnit>,
  unitId: string,
  name: string,
): CallLabels {
  const unit = units.get(unitId);
  if (!unit) return { unit: UNKNOWN_LABEL, operation: UNKNOWN_LABEL, kind: UNKNOWN_LABEL };
  const found = operationNamed(unit, name);
  if (!found) return { unit: unit.id, operation: UNKNOWN_LABEL, kind: unit.connection.kind };
  return { unit: unit.id, operation: found.name, kind: found.invoke.kind };
}

let warned = false;

/**
 * Starts the OTLP export when the environment asks for it, without waiting (calls wait for it
 * instead); a failure to load the SDK is one process warning naming the install command.
 */
export function startTelemetryQuietly(): void {
  startTelemetry()?.catch((error: unknown) => {
    if (warned) return;
    warned = true;
    const hint = (error as { hint?: unknown }).hint;
    const message = error instanceof Error ? error.message : String(error);
    process.emitWarning(
      `unitc: no OpenTelemetry export: ${message}${typeof hint === "string" ? ` (${hint})` : ""}`,
    );
  });
}
