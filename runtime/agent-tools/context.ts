/**
 * A serving context over one runtime, in process: the snapshot `unitc serve` would build for the
 * chosen units (its tool table, names and search), calls through the caller's runtime, and Code Mode
 * in the same sandbox, so the adapters reuse serve's tool code instead of a second copy of it.
 */
import { dirname } from "node:path";
import { type CallOptions, createRuntime, type UnitRuntime } from "../calls/create-runtime.js";
import { UnitError } from "../contract/errors.js";
import type { Exposure } from "../contract/manifest.js";
import { STARTING_CHECK_WAIT_MS } from "../sandbox/shared/limits.js";
import { indexLoader } from "../search/file.js";
import type { SearchIndex } from "../search/index.js";
import { prepareCodeModeSoon } from "../serve/sessions/code-mode.js";
import { createSnapshot, type ServeContext, type Snapshot } from "../serve/sessions/context.js";
import { rootedRuntime } from "../serve/sessions/project-binding.js";
import { scopedRuntime } from "../serve/sessions/scope.js";
import { catalogUnit, type ServedUnit } from "../serve/shared/catalog.js";
import { nearestHint } from "../shared/did-you-mean.js";
import type { AgentBundle } from "./types.js";

/** The runtime of a bundle, and whether the tool set opened it (then it closes it too). */
export interface OpenedBundle {
  runtime: UnitRuntime;
  owned: boolean;
}

/** Opens `bundle`: a manifest path gets a runtime of its own; `createUnits()` and runtimes are used as given. */
export function openBundle(bundle: AgentBundle): OpenedBundle {
  if (typeof bundle === "string" || bundle instanceof URL) {
    return { runtime: createRuntime({ manifestPath: bundle }), owned: true };
  }
  return { runtime: "$runtime" in bundle ? bundle.$runtime : bundle, owned: false };
}

/** The units named in `only` (every unit without it), each as a served unit shown with `exposure`. */
export function servedUnits(
  runtime: UnitRuntime,
  only: readonly string[] | undefined,
  exposure: (bundle: Exposure) => Exposure | undefined,
): ServedUnit[] {
  const ids = runtime.manifest.units.map((unit) => unit.id);
  for (const id of only ?? []) {
    if (!ids.includes(id)) {
      throw new UnitError("UNKNOWN_UNIT", `no unit ${JSON.stringify(id)} in this bundle`, {
        hint: nearestHint("units", id, ids),
      });
    }
  }
  const served: ServedUnit[] = [];
  for (const unit of runtime.manifest.units) {
    if (only && !only.includes(unit.id)) continue;
    const shown = exposure(unit.exposure);
    if (shown === undefined) continue;
    served.push({ id: unit.id, source: { kind: "local" }, unit: { ...catalogUnit(unit), exposure: shown } });
  }
  return served.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The folder of the bundle's Code Mode declarations. */
function bundleDir(runtime: UnitRuntime): string {
  return runtime.manifestPath ? dirname(runtime.manifestPath) : process.cwd();
}

/** The search index beside the manifest (or built in memory), read on the first search. */
function lazyIndex(runtime: UnitRuntime): { source: { kind: "local" }; readonly index: SearchIndex } {
  const load = indexLoader(
    () => runtime.manifest,
    runtime.manifestPath,
    () => undefined,
  );
  let index: SearchIndex | undefined;
  return {
    source: { kind: "local" },
    get index() {
      index ??= load();
      return index;
    },
  };
}

/** A serve context over `runtime` showing `units`; Code Mode reaches those of them compiled for it. */
export function agentContext(runtime: UnitRuntime, units: ServedUnit[], codeMode: boolean): ServeContext {
  const snapshot: Snapshot = createSnapshot(units, [lazyIndex(runtime)], runtime.manifest.settings);
  const dir = bundleDir(runtime);
  // As `unitc serve` does: the engines and checker start now, so a first run does not wait long.
  if (codeMode) prepareCodeModeSoon(dir);
  const options = (signal?: AbortSignal, projectRoot?: string): CallOptions => ({
    ...(signal ? { signal } : {}),
    ...(projectRoot !== undefined ? { projectRoot } : {}),
  });
  return {
    snapshot: () => snapshot,
    call: (unit, operation, input, signal, projectRoot) =>
      runtime.invoke(unit.unit.id, operation, input, options(signal, projectRoot)),
    manifestUnit: (unit) => runtime.manifest.units.find((candidate) => candidate.id === unit.unit.id),
    forward: (unit, method, params, signal, projectRoot) =>
      runtime.forward(unit.unit.id, method, params, options(signal, projectRoot)),
    async runCode(input, only, projectRoot) {
      const { runCodeMode } = await import("../sandbox/run.js");
      const ids = units.map((unit) => unit.id).filter((id) => !only || only.includes(id));
      const { waitForCheck, ...script } = input;
      const result = await runCodeMode(rootedRuntime(scopedRuntime(runtime, ids), projectRoot), script, dir, {
        startingCheckWaitMs: waitForCheck === false ? 0 : STARTING_CHECK_WAIT_MS,
      });
      return result as unknown as { ok: boolean; [field: string]: unknown };
    },
  };
}
