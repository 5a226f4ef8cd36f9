/** A unit's source hash: what its discoverer hashed, and the config its client's declarations show. */
import { contentHash } from "../../shared/canonical.js";
import type { UnitIR } from "./types.js";

/**
 * The unit with its name and description in its source hash: they head its client's declarations
 * (`Name: description`), and the hash changes whenever those do. The discoverers hash the rest (the
 * backend config, spec texts, tool lists).
 */
export function withUnitSourceHash(ir: UnitIR): UnitIR {
  const { name, description } = ir.unit;
  return { ...ir, sourceHash: contentHash({ sources: ir.sourceHash, name, description }) };
}
