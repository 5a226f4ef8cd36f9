/**
 * Units an earlier attempt of the same build ran out of memory on (`unitc compile` runs its build in
 * a worker with the process's heap limit; see cli/compile-worker.ts). Each is left out with
 * UNIT_OUT_OF_MEMORY at its place in the config instead of being discovered again, so the other
 * units compile and are reported as usual.
 */
import { createDiagnostic } from "../codes/diagnostics.js";
import type { ResolvedUnit } from "../resolve/types.js";
import type { UnitOutcome } from "./memo.js";

/** The units to leave out, and the heap limit they met (MiB), for the message. */
export interface OutOfMemory {
  units: readonly string[];
  heapMb: number;
}

/** The outcome of a unit that ran out of memory: no IR, one error naming it. */
export function outOfMemoryOutcome(unit: ResolvedUnit, heapMb: number): UnitOutcome {
  const message = `unit "${unit.id}" ran out of memory while it was compiled (the heap limit is ${heapMb.toLocaleString("en")} MiB); it is left out`;
  const hint = `compile fewer of its operations with includeOperations / excludeOperations, or give Node more memory: NODE_OPTIONS=--max-old-space-size=${Math.max(8192, 2 ** Math.ceil(Math.log2(heapMb * 2)))} unitc compile`;
  return {
    ir: undefined,
    diagnostics: [createDiagnostic("error", "UNIT_OUT_OF_MEMORY", message, unit.origin, hint)],
    inputs: new Map(),
    remote: false,
    listings: [],
  };
}
