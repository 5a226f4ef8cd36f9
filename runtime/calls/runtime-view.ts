/**
 * A view of a runtime that changes how some of its calls are made (a session's project root, a
 * confirmation asked first, a Code Mode run's audit notes): everything it does not override goes to
 * the runtime as it is, the operations a caller's rules withhold included, and closing the view
 * closes nothing, since the runtime is its owner's.
 */
import type { UnitRuntime } from "./create-runtime.js";

/** What a view may override. */
export type RuntimeOverrides = Partial<
  Pick<UnitRuntime, "manifest" | "operation" | "invoke" | "call" | "forward">
>;

/** `runtime` with `overrides` in place of its own methods. */
export function runtimeView(runtime: UnitRuntime, overrides: RuntimeOverrides): UnitRuntime {
  return {
    manifest: runtime.manifest,
    ...(runtime.manifestPath !== undefined ? { manifestPath: runtime.manifestPath } : {}),
    operation: (unitId, name) => runtime.operation(unitId, name),
    invoke: (unitId, name, input, options) => runtime.invoke(unitId, name, input, options),
    call: (unitId, name, input, options) => runtime.call(unitId, name, input, options),
    forward: (unitId, method, params, options) => runtime.forward(unitId, method, params, options),
    ...(runtime.withheld ? { withheld: runtime.withheld.bind(runtime) } : {}),
    close: async () => undefined,
    ...overrides,
  };
}
