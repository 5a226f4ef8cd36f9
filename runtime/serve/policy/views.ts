/**
 * Served units and manifests cut down to the operations a caller's rules permit. A unit left with
 * no operation is left out whole. Each cut is made once per unit and rules, so every session of a
 * token shares it.
 */
import { UnitError } from "../../contract/errors.js";
import type { Manifest, ManifestUnit } from "../../contract/manifest.js";
import type { ServedUnit } from "../shared/catalog.js";
import { notAllowed, type OperationRules, permits, type RuledOperation, rulesKey } from "./rules.js";

const cuts = new WeakMap<object, Map<string, object | null>>();

/** `unit` with `operations` kept to what `rules` permit (itself when nothing is cut, null when all is). */
function cut<T extends { operations: readonly RuledOperation[] }>(
  unit: T,
  servedId: string,
  rules: OperationRules,
): T | null {
  const key = `${servedId}\u0000${rulesKey(rules)}`;
  let byRules = cuts.get(unit);
  if (!byRules) {
    byRules = new Map();
    cuts.set(unit, byRules);
  }
  if (byRules.has(key)) return byRules.get(key) as T | null;
  const operations = unit.operations.filter((op) => permits(rules, servedId, op));
  const made =
    operations.length === unit.operations.length
      ? unit
      : operations.length === 0
        ? null
        : { ...unit, operations };
  byRules.set(key, made);
  return made;
}

/** `units` as a caller with `rules` sees them: only permitted operations, units without any left out. */
export function permittedUnits(
  units: readonly ServedUnit[],
  rules: OperationRules | undefined,
): ServedUnit[] {
  if (!rules) return [...units];
  const kept: ServedUnit[] = [];
  for (const served of units) {
    const unit = cut(served.unit, served.id, rules);
    if (unit) kept.push(unit === served.unit ? served : { ...served, unit });
  }
  return kept;
}

/** `manifest` as a caller with `rules` sees it (its unit IDs are the IDs served). */
export function permittedManifest(manifest: Manifest, rules: OperationRules | undefined): Manifest {
  if (!rules) return manifest;
  const units = manifest.units
    .map((unit) => cut(unit, unit.id, rules))
    .filter((unit): unit is ManifestUnit => unit !== null);
  return { ...manifest, units };
}

/** The TS names of `unitId`'s operations in `full` that the cut manifest `seen` leaves out. */
export function withheldOf(seen: Manifest, full: Manifest, unitId: string): string[] {
  const all = full.units.find((unit) => unit.id === unitId)?.operations ?? [];
  const kept = new Set(seen.units.find((unit) => unit.id === unitId)?.operations.map((op) => op.tsName));
  return all.filter((op) => !kept.has(op.tsName)).map((op) => op.tsName);
}

/** The operation of `unit` called `operation` (its name or TypeScript name). */
function operationOf(unit: { operations: readonly RuledOperation[] } | undefined, operation: string) {
  return unit?.operations.find((op) => op.name === operation || op.tsName === operation);
}

/**
 * The refusal for `operation` (its name or TypeScript name) of `unit` when the unit has it and
 * `rules` do not permit it; undefined otherwise (a name it does not have is the caller's to learn
 * as unknown).
 */
export function refusalOf(
  rules: OperationRules | undefined,
  servedId: string,
  unit: { operations: readonly RuledOperation[] } | undefined,
  operation: string,
): UnitError | undefined {
  if (!rules) return undefined;
  const found = operationOf(unit, operation);
  return found && !permits(rules, servedId, found) ? notAllowed(servedId, found.tsName) : undefined;
}

/**
 * Why a call to `operation` of `unit` must not be made under `rules`, or undefined when it may be.
 * A name the unit does not list is refused too: rules are checked against what is known, never
 * assumed to pass.
 */
export function callRefusal(
  rules: OperationRules | undefined,
  servedId: string,
  unit: { operations: readonly RuledOperation[] } | undefined,
  operation: string,
): UnitError | undefined {
  if (!rules) return undefined;
  if (operationOf(unit, operation) === undefined) {
    return new UnitError(
      "UNKNOWN_OPERATION",
      `unit ${servedId} has no operation ${JSON.stringify(operation)}`,
      {
        unit: servedId,
        hint: "search_tools lists the operations this caller may call",
      },
    );
  }
  return refusalOf(rules, servedId, unit, operation);
}
