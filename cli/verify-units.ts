/**
 * Runs units' verify items and checks their declared runtime features: what `unitc verify` prints
 * and what `unitc doctor` reports under "verify" and "features". Verify items are the project's
 * commands like its setup commands: they run only when the unit's setup plan is approved for its
 * current hash, else they are reported as not approved with the command that approves them.
 */
import type { RuntimeFeature } from "../runtime/contract/manifest.js";
import { checkFeatures, type FeatureCheck } from "../runtime/setup/features.js";
import { setupPlan } from "../runtime/setup/plan.js";
import { isApproved } from "../runtime/setup/records.js";
import { type ItemResult, runSetupItem } from "../runtime/setup/run-item.js";
import type { Store } from "../runtime/storage/shared/types.js";
import type { ProjectUnit } from "./setup-units.js";

/** One unit's verify outcome. */
export interface UnitVerify {
  unit: string;
  ok: boolean;
  /** False when the unit has verify items and its setup plan is not approved: none of them ran. */
  approved: boolean;
  /** The command that approves the plan, when it is not approved. */
  approve?: string;
  /** The plan hash an approval is needed for, when it is not approved. */
  hash?: string;
  /** The labels of the verify items that did not run for want of an approval. */
  notRun?: string[];
  results: ItemResult[];
  features: FeatureCheck[];
  /** Declared resource class, shown; a host cannot be measured against it here. */
  resourceClass?: string;
}

/** Whether a unit's setup plan, as it reads now, is approved; never, when there is no store to ask. */
export function approvalIn(store: Store | undefined): (unit: ProjectUnit) => Promise<boolean> {
  return async (unit) => (store ? isApproved(store, unit.id, setupPlan(unit).hash) : false);
}

/**
 * Verifies each unit: every verify item of an approved plan runs (none stops the others), each
 * feature is checked once; a unit whose plan is not approved runs no item.
 */
export async function verifyUnits(
  units: readonly ProjectUnit[],
  env: Record<string, string | undefined>,
  approved: (unit: ProjectUnit) => Promise<boolean>,
  onResult?: (unit: string, result: ItemResult) => void,
): Promise<UnitVerify[]> {
  const wanted = new Set<RuntimeFeature>(units.flatMap((u) => u.runtime?.features ?? []));
  const featureChecks = await checkFeatures(wanted, env);
  const out: UnitVerify[] = [];
  for (const unit of units) {
    const features = featureChecks.filter((c) => unit.runtime?.features?.includes(c.feature));
    const resourceClass = unit.runtime?.resources?.class;
    const shown = resourceClass ? { resourceClass } : {};
    if (unit.verify.length > 0 && !(await approved(unit))) {
      out.push({
        unit: unit.id,
        ok: false,
        approved: false,
        approve: `unitc setup ${unit.id} --yes`,
        hash: setupPlan(unit).hash,
        notRun: unit.verify.map((item) => item.label),
        results: [],
        features,
        ...shown,
      });
      continue;
    }
    const results: ItemResult[] = [];
    for (const item of unit.verify) {
      const result = await runSetupItem(item, unit.baseDir, env);
      results.push(result);
      onResult?.(unit.id, result);
    }
    out.push({
      unit: unit.id,
      ok: results.every((r) => r.ok) && features.every((f) => f.ok),
      approved: true,
      results,
      features,
      ...shown,
    });
  }
  return out;
}
