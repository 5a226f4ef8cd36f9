/**
 * Runs units' verify items and checks their declared runtime features: what `unitc verify` prints
 * and what `unitc doctor` reports under "verify" and "features".
 */
import type { RuntimeFeature } from "../runtime/manifest.js";
import { checkFeatures, type FeatureCheck } from "../runtime/setup/features.js";
import { type ItemResult, runSetupItem } from "../runtime/setup/run-item.js";
import type { ProjectUnit } from "./setup-units.js";

/** One unit's verify outcome. */
export interface UnitVerify {
  unit: string;
  ok: boolean;
  results: ItemResult[];
  features: FeatureCheck[];
  /** Declared resource class, shown; a host cannot be measured against it here. */
  resourceClass?: string;
}

/** Verifies each unit: every verify item runs (none stops the others), each feature checked once. */
export async function verifyUnits(
  units: readonly ProjectUnit[],
  env: Record<string, string | undefined>,
  onResult?: (unit: string, result: ItemResult) => void,
): Promise<UnitVerify[]> {
  const wanted = new Set<RuntimeFeature>(units.flatMap((u) => u.runtime?.features ?? []));
  const featureChecks = await checkFeatures(wanted, env);
  const out: UnitVerify[] = [];
  for (const unit of units) {
    const results: ItemResult[] = [];
    for (const item of unit.verify) {
      const result = await runSetupItem(item, unit.baseDir, env);
      results.push(result);
      onResult?.(unit.id, result);
    }
    const features = featureChecks.filter((c) => unit.runtime?.features?.includes(c.feature));
    const resourceClass = unit.runtime?.resources?.class;
    out.push({
      unit: unit.id,
      ok: results.every((r) => r.ok) && features.every((f) => f.ok),
      results,
      features,
      ...(resourceClass ? { resourceClass } : {}),
    });
  }
  return out;
}
