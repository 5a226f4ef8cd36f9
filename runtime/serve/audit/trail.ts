/**
 * Where a served call's audit record goes: the trail serving attaches to its host at start, found by
 * the sessions over that host. Kept apart from the writer so sessions load no storage code.
 */
import type { AuditRecord } from "../../storage/audit/records.js";

/** Takes the record of each call when it ends; never fails the call. */
export interface AuditTrail {
  append(record: AuditRecord): void;
  /** The vault's values, replaced in the arguments a unit keeps (besides the unit's own credentials). */
  vaultSecrets?(): Promise<readonly string[]>;
}

const trails = new WeakMap<object, AuditTrail>();

/** Records the calls served over `host` in `trail`. */
export function attachAudit(host: object, trail: AuditTrail): void {
  trails.set(host, trail);
}

/** The `audit` option of a session's server over `host`: its trail, when it has one. */
export function auditOption(host: object): { audit?: AuditTrail } {
  const trail = trails.get(host);
  return trail ? { audit: trail } : {};
}
