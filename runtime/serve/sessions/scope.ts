/**
 * What a principal limited to some units sees: the served catalogue cut down to those units (tool
 * list, `search_tools`, progressive tools, the `code_mode` tool's description) and a runtime for
 * Code Mode that knows only them. Anything else is unknown to it, exactly as a unit not served.
 */
import type { UnitRuntime } from "../../calls/create-runtime.js";
import { UnitError } from "../../contract/errors.js";
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

/** `full` cut down to the served units named in `units`. */
export function scopedSnapshot(full: Snapshot, units: readonly string[]): Snapshot {
  const allowed = new Set(units);
  return cached(snapshots, full, [...allowed].sort().join("\u0000"), () =>
    createSnapshot(
      full.units.filter((served) => allowed.has(served.id)),
      full.indexes,
      full.limits,
    ),
  );
}

function unknownUnit(unitId: string): UnitError {
  return new UnitError("UNKNOWN_UNIT", `no unit ${JSON.stringify(unitId)} is served here`, {
    hint: "call search_tools or units.describe for the unit IDs",
  });
}

/** `runtime` knowing only the units in `unitIds` (its manifest lists only them; calls to others fail). */
export function scopedRuntime(runtime: UnitRuntime, unitIds: readonly string[]): UnitRuntime {
  const allowed = new Set(unitIds);
  return cached(runtimes, runtime, [...allowed].sort().join("\u0000"), () => {
    const manifest = { ...runtime.manifest, units: runtime.manifest.units.filter((u) => allowed.has(u.id)) };
    const check = (unitId: string) => {
      if (!allowed.has(unitId)) throw unknownUnit(unitId);
    };
    return {
      manifest,
      operation: (unitId, name) => {
        check(unitId);
        return runtime.operation(unitId, name);
      },
      invoke: async (unitId, name, input, options) => {
        check(unitId);
        return runtime.invoke(unitId, name, input, options);
      },
      call: async (unitId, name, input, options) => {
        check(unitId);
        return runtime.call(unitId, name, input, options);
      },
      forward: async (unitId, method, params, options) => {
        check(unitId);
        return runtime.forward(unitId, method, params, options);
      },
      // The runtime is the bundle's, shared: closing a view of it closes nothing.
      close: async () => undefined,
    };
  });
}

/** `context` as a principal limited to `units` sees it; `context` itself without a limit. */
export function scopedContext(context: ServeContext, units: readonly string[] | undefined): ServeContext {
  if (units === undefined) return context;
  const snapshot = () => scopedSnapshot(context.snapshot(), units);
  return {
    snapshot,
    call(unit, operation, input, signal, projectRoot) {
      if (!snapshot().byId.has(unit.id)) return Promise.reject(unknownUnit(unit.id));
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
      return context.runCode(input, only ? ids.filter((id) => only.includes(id)) : ids, projectRoot);
    },
  };
}
