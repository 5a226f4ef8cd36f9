/**
 * Authors' search hints: an action's or a GraphQL operation entry's own `searchHints`, and the
 * unit's `searchHints` map (operation name → phrases) for operations a spec or server describes.
 * A map key that names no operation (a typo, a renamed operation) would leave the hint unused
 * without a word, so each such key is a warning at its position.
 */
import { createDiagnostic, type Diagnostic } from "../codes/diagnostics.js";
import { joinPointer } from "../load/pointer.js";
import type { UnitPlan } from "./plan.js";

type PlannedOperation = UnitPlan["operations"][number];

/** The operation's hints, its own first, then the unit map's (by source or TypeScript name), without repeats. */
export function operationSearchHints(plan: UnitPlan, op: PlannedOperation): string[] | undefined {
  const map = plan.ir.unit.searchHints;
  const fromMap = map ? (map[op.ir.name] ?? map[op.tsName] ?? []) : [];
  const hints = [...new Set([...(op.ir.searchHints ?? []), ...fromMap])];
  return hints.length > 0 ? hints : undefined;
}

/** Warnings for the `searchHints` keys that name no operation of their unit. */
export function searchHintDiagnostics(plans: readonly UnitPlan[]): Diagnostic[] {
  // Units sharing one map (a plural parent's, inherited) are checked together: a key matches if any child has it.
  const groups = new Map<string, { map: Record<string, string[]>; plans: UnitPlan[] }>();
  for (const plan of plans) {
    const map = plan.ir.unit.searchHints;
    if (map === undefined) continue;
    const key = `${plan.ir.unit.parent?.id ?? plan.id}\u0000${JSON.stringify(map)}`;
    const group = groups.get(key) ?? { map, plans: [] };
    group.plans.push(plan);
    groups.set(key, group);
  }
  const diagnostics: Diagnostic[] = [];
  for (const { map, plans: carrying } of groups.values()) {
    const names = new Set(carrying.flatMap((p) => p.operations.flatMap((op) => [op.ir.name, op.tsName])));
    const [first] = carrying as [UnitPlan];
    const { unit } = first.ir;
    const ops = first.operations.map((op) => op.ir.name);
    const shown = ops.slice(0, 12).join(", ") + (ops.length > 12 ? ` and ${ops.length - 12} more` : "");
    for (const key of Object.keys(map)) {
      if (names.has(key)) continue;
      diagnostics.push(
        createDiagnostic(
          "warning",
          "SEARCH_HINTS_UNKNOWN_OPERATION",
          `searchHints names ${JSON.stringify(key)}, which is no operation of unit "${first.id}": its hints are not used`,
          unit.source.map.locate(joinPointer(unit.origin.pointer, "searchHints", key)),
          `use an operation name the unit has (its operations: ${shown || "none"})`,
        ),
      );
    }
  }
  return diagnostics;
}
