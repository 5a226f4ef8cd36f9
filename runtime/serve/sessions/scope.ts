/**
 * What a principal limited to some units, or to some operations by its serve token's rules, sees:
 * the served catalogue cut down to them (tool list, `search_tools`, progressive tools, the
 * `code_mode` tool's description) and a runtime for Code Mode that knows only them. A unit outside
 * the scope is unknown to it, exactly as a unit not served; an operation the rules hide is refused
 * with `OPERATION_NOT_ALLOWED` when called by name, and never made.
 */
import type { UnitRuntime } from "../../calls/create-runtime.js";
import { UnitError } from "../../contract/errors.js";
import { type OperationRules, rulesKey } from "../policy/rules.js";
import { callRefusal, permittedManifest, permittedUnits, refusalOf, withheldOf } from "../policy/views.js";
import type { ServedUnit } from "../shared/catalog.js";
import { createSnapshot, type ServeContext, type Snapshot } from "./context.js";

/** Scoped snapshots by the full one and the scope, shared by every session with that scope. */
const snapshots = new WeakMap<Snapshot, Map<string, Snapshot>>();
const runtimes = new WeakMap<UnitRuntime, Map<string, UnitRuntime>>();

function cached<K extends object, V>(
  cache: WeakMap<K, Map<string, V>>,
  from: K,
  key: string,
  make: () => V,
): V {
  let byKey = cache.get(from);
  if (!byKey) {
    byKey = new Map();
    cache.set(from, byKey);
  }
  let value = byKey.get(key);
  if (value === undefined) {
    value = make();
    byKey.set(key, value);
  }
  return value;
}

/** The cache key of a scope: its units (all of them when undefined) and its operation rules. */
function scopeKey(units: readonly string[] | undefined, rules: OperationRules | undefined): string {
  const ids = units === undefined ? "\u0001all" : [...new Set(units)].sort().join("\u0000");
  return rules ? `${ids}\u0002${rulesKey(rules)}` : ids;
}

/**
 * `full` cut down to the served units named in `units` (every unit when undefined) and to the
 * operations `rules` permit. A direct tool of an operation the rules hide stays callable by name
 * (never listed), and `refusal` answers for the hidden operations, so such a call is refused with
 * its reason rather than reported unknown.
 */
export function scopedSnapshot(
  full: Snapshot,
  units: readonly string[] | undefined,
  rules?: OperationRules,
): Snapshot {
  const allowed = units === undefined ? undefined : new Set(units);
  return cached(snapshots, full, scopeKey(units, rules), () => {
    const inScope = allowed ? full.units.filter((served) => allowed.has(served.id)) : full.units;
    const scoped = createSnapshot(permittedUnits(inScope, rules), full.indexes, full.limits);
    const inner = full.refusal;
    const refusal = (unitId: string, operation: string) =>
      allowed && !allowed.has(unitId)
        ? undefined
        : (inner?.(unitId, operation) ?? refusalOf(rules, unitId, full.byId.get(unitId)?.unit, operation));
    if (!rules && !inner) return scoped;
    for (const [name, target] of full.table.targets) {
      if (target.kind !== "direct" || scoped.table.targets.has(name)) continue;
      if (refusal(target.unit.id, target.operation.name)) scoped.table.targets.set(name, target);
    }
    return { ...scoped, refusal };
  });
}

function unknownUnit(unitId: string): UnitError {
  return new UnitError("UNKNOWN_UNIT", `no unit ${JSON.stringify(unitId)} is served here`, {
    hint: "call search_tools or units.describe for the unit IDs",
  });
}

/**
 * `runtime` knowing only the units in `unitIds` (every unit when undefined) and, of those, the
 * operations `rules` permit: its manifest lists only them, and calls to others fail.
 */
export function scopedRuntime(
  runtime: UnitRuntime,
  unitIds: readonly string[] | undefined,
  rules?: OperationRules,
): UnitRuntime {
  const allowed = unitIds === undefined ? undefined : new Set(unitIds);
  return cached(runtimes, runtime, scopeKey(unitIds, rules), () => {
    const inScope = allowed
      ? runtime.manifest.units.filter((u) => allowed.has(u.id))
      : runtime.manifest.units;
    const manifest = permittedManifest({ ...runtime.manifest, units: inScope }, rules);
    const check = (unitId: string, name: string) => {
      if (allowed && !allowed.has(unitId)) throw unknownUnit(unitId);
      const refused = callRefusal(
        rules,
        unitId,
        runtime.manifest.units.find((u) => u.id === unitId),
        name,
      );
      if (refused) throw refused;
    };
    return {
      manifest,
      operation: (unitId, name) => {
        check(unitId, name);
        return runtime.operation(unitId, name);
      },
      invoke: async (unitId, name, input, options) => {
        check(unitId, name);
        return runtime.invoke(unitId, name, input, options);
      },
      call: async (unitId, name, input, options) => {
        check(unitId, name);
        return runtime.call(unitId, name, input, options);
      },
      forward: async (unitId, method, params, options) => {
        if (allowed && !allowed.has(unitId)) throw unknownUnit(unitId);
        return runtime.forward(unitId, method, params, options);
      },
      // The runtime is the bundle's, shared: closing a view of it closes nothing.
      close: async () => undefined,
      ...(rules ? { withheld: (unitId: string) => withheldOf(manifest, runtime.manifest, unitId) } : {}),
    };
  });
}

/**
 * `context` as a principal limited to `units` (every unit when undefined) and to the operations
 * `rules` permit sees it; `context` itself without either.
 */
export function scopedContext(
  context: ServeContext,
  units: readonly string[] | undefined,
  rules?: OperationRules,
): ServeContext {
  if (units === undefined && !rules) return context;
  const snapshot = () => scopedSnapshot(context.snapshot(), units, rules);
  const refused = (unit: ServedUnit, operation: string) => {
    const full = snapshot().byId.has(unit.id) ? context.snapshot().byId.get(unit.id) : undefined;
    // A unit whose every operation the rules hide is out of the view; its operations are still named.
    const hidden = full ? undefined : snapshot().refusal?.(unit.id, operation);
    if (!full) return hidden ?? unknownUnit(unit.id);
    return callRefusal(rules, unit.id, full.unit, operation);
  };
  return {
    snapshot,
    call(unit, operation, input, signal, projectRoot) {
      const refusal = refused(unit, operation);
      if (refusal) return Promise.reject(refusal);
      return context.call(unit, operation, input, signal, projectRoot);
    },
    manifestUnit(unit) {
      return snapshot().byId.has(unit.id) ? context.manifestUnit(unit) : undefined;
    },
    forward(unit, method, params, signal, projectRoot) {
      if (!snapshot().byId.has(unit.id)) return Promise.reject(unknownUnit(unit.id));
      return context.forward(unit, method, params, signal, projectRoot);
    },
    runCode(input, only, projectRoot) {
      const ids = snapshot().units.map((served) => served.id);
      return context.runCode(input, only ? ids.filter((id) => only.includes(id)) : ids, projectRoot, rules);
    },
  };
}
