/**
 * What changed between two manifests, operation by operation: added, removed, or a changed schema
 * hash or description. `unitc compile --check` prints it, so upstream drift (a downstream server or
 * spec whose tools changed) is named, not just a changed file. Pure: takes parsed JSON, trusts nothing.
 */

type Data = Record<string, unknown>;

/** One difference. `operation` is absent when a whole unit was added or removed. */
export interface ManifestChange {
  unit: string;
  operation?: string;
  change: "added" | "removed" | "changed";
  /** For `changed`: which of the pinned fields differ. */
  fields?: Array<"schema" | "description">;
  /** For a schema change: the schema hash before and after. */
  schemaHash?: { before: string; after: string };
}

interface OperationView {
  description: unknown;
  schemaHash: unknown;
}

const isObject = (value: unknown): value is Data =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Unit ID → operation name → the pinned fields, from whatever a manifest holds. */
function index(manifest: unknown): Map<string, Map<string, OperationView>> {
  const units = new Map<string, Map<string, OperationView>>();
  const list = isObject(manifest) && Array.isArray(manifest.units) ? manifest.units : [];
  for (const unit of list) {
    if (!isObject(unit) || typeof unit.id !== "string") continue;
    const operations = new Map<string, OperationView>();
    for (const operation of Array.isArray(unit.operations) ? unit.operations : []) {
      if (!isObject(operation) || typeof operation.name !== "string") continue;
      operations.set(operation.name, {
        description: operation.description,
        schemaHash: operation.schemaHash,
      });
    }
    units.set(unit.id, operations);
  }
  return units;
}

function sorted<T>(keys: Iterable<T>): T[] {
  return [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function operationChanges(
  unit: string,
  before: Map<string, OperationView>,
  after: Map<string, OperationView>,
) {
  const changes: ManifestChange[] = [];
  for (const name of sorted(new Set([...before.keys(), ...after.keys()]))) {
    const old = before.get(name);
    const now = after.get(name);
    if (!old || !now) {
      changes.push({ unit, operation: name, change: old ? "removed" : "added" });
      continue;
    }
    const fields: Array<"schema" | "description"> = [];
    if (old.schemaHash !== now.schemaHash) fields.push("schema");
    if (old.description !== now.description) fields.push("description");
    if (fields.length === 0) continue;
    const change: ManifestChange = { unit, operation: name, change: "changed", fields };
    if (fields.includes("schema"))
      change.schemaHash = { before: String(old.schemaHash), after: String(now.schemaHash) };
    changes.push(change);
  }
  return changes;
}

/** The differences from `before` to `after`, sorted by unit and operation. */
export function diffManifests(before: unknown, after: unknown): ManifestChange[] {
  const old = index(before);
  const now = index(after);
  const changes: ManifestChange[] = [];
  for (const unit of sorted(new Set([...old.keys(), ...now.keys()]))) {
    const previous = old.get(unit);
    const current = now.get(unit);
    if (!previous || !current) changes.push({ unit, change: previous ? "removed" : "added" });
    else changes.push(...operationChanges(unit, previous, current));
  }
  return changes;
}

/** One line per change: `notes.listNotes: schema changed (sha256:… → sha256:…)`. */
export function formatManifestChange(change: ManifestChange): string {
  if (change.operation === undefined) return `unit ${change.unit}: ${change.change}`;
  const where = `${change.unit}.${change.operation}`;
  if (change.change !== "changed") return `${where}: ${change.change}`;
  const what = (change.fields ?? []).join(" and ");
  const hashes = change.schemaHash ? ` (${change.schemaHash.before} → ${change.schemaHash.after})` : "";
  return `${where}: ${what} changed${hashes}`;
}
