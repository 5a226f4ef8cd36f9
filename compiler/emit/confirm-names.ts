/**
 * A `confirm` list is a safety setting: a name in it that matches no operation (a typo, a renamed
 * operation) would leave the operation it meant unconfirmed without a word. Each such name is a
 * warning. A plural parent's list, inherited by its children, needs to match in one child only.
 */
import { confirmNamesMatching } from "../../runtime/contract/confirm.js";
import { createDiagnostic, type Diagnostic } from "../codes/diagnostics.js";
import type { UnitPlan } from "./plan.js";

/** Warnings for the `confirm` names that match no operation of the units carrying them. */
export function confirmNameDiagnostics(plans: readonly UnitPlan[]): Diagnostic[] {
  // Units sharing one list (a parent's, inherited) are checked together.
  const groups = new Map<string, { list: string[]; plans: UnitPlan[] }>();
  for (const plan of plans) {
    const list = plan.ir.unit.confirm;
    if (!Array.isArray(list)) continue;
    const key = `${plan.ir.unit.parent?.id ?? plan.id}\u0000${JSON.stringify(list)}`;
    const group = groups.get(key) ?? { list, plans: [] };
    group.plans.push(plan);
    groups.set(key, group);
  }
  const diagnostics: Diagnostic[] = [];
  for (const { list, plans: carrying } of groups.values()) {
    const names = carrying.flatMap((plan) => plan.operations.flatMap((op) => [op.ir.name, op.tsName]));
    const matched = new Set(confirmNamesMatching(list, names));
    const [first] = carrying as [UnitPlan];
    const unit = first.ir.unit;
    list.forEach((name, index) => {
      if (matched.has(name)) return;
      const ops = first.operations.map((op) => op.tsName).join(", ") || "none";
      diagnostics.push(
        createDiagnostic(
          "warning",
          "CONFIRM_MATCHES_NOTHING",
          `confirm names ${JSON.stringify(name)}, which matches no operation of unit "${first.id}": no call is confirmed for it`,
          unit.source.map.locate(`${unit.origin.pointer}/confirm/${index}`),
          `name an operation the unit has (its operations: ${ops}), or use * to match several`,
        ),
      );
    });
  }
  return diagnostics;
}
