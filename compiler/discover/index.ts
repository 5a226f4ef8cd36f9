/**
 * The discover stage: each resolved unit becomes a `UnitIR` with its operations. Units are
 * independent: one that fails is reported and left out, and the others still compile.
 */
import type { BackendKind } from "../backends.js";
import { createDiagnostic, type Diagnostic } from "../diagnostics.js";
import type { ResolvedProject, ResolvedUnit } from "../resolve/types.js";
import { discoverCliActions } from "./cli-actions.js";
import { discoverVendorApi } from "./discovery.js";
import { discoverGraphql } from "./graphql.js";
import { discoverHttpActions } from "./http-actions.js";
import { discoverMcp } from "./mcp.js";
import { discoverOpenapi } from "./openapi.js";
import type { DiscoverContext, Discoverer, UnitIR } from "./types.js";
import { expandUnitSets, withSetInfo } from "./unit-sets.js";

export type { DiscoverContext, OperationIR, UnitIR } from "./types.js";

const DISCOVERERS: Partial<Record<BackendKind, Discoverer>> = {
  http: discoverHttpActions,
  cli: discoverCliActions,
  graphql: discoverGraphql,
  openapi: discoverOpenapi,
  discovery: discoverVendorApi,
  mcp: discoverMcp,
};

export interface DiscoveredProject {
  units: UnitIR[];
  diagnostics: Diagnostic[];
}

/** Runs `work` over `items` with at most `limit` in flight, keeping the input order in the result. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

async function discoverUnit(unit: ResolvedUnit, diagnostics: Diagnostic[]): Promise<UnitIR | undefined> {
  const context: DiscoverContext = {
    unit,
    report(severity, code, message, pointer, hint) {
      const at = unit.source.map.locateKey(`${unit.source.backendPointer}${pointer}`);
      diagnostics.push(createDiagnostic(severity, code, message, at, hint));
    },
    reportAt(severity, code, message, at, hint) {
      diagnostics.push(createDiagnostic(severity, code, message, at, hint));
    },
  };
  const discoverer = DISCOVERERS[unit.kind];
  if (!discoverer) {
    diagnostics.push(
      createDiagnostic(
        "warning",
        "BACKEND_PENDING",
        `unit "${unit.id}" is left out: this unitc build cannot compile ${unit.kind} units yet`,
        unit.origin,
        "the unit is valid; it will compile once its backend lands in unitc",
      ),
    );
    return undefined;
  }
  try {
    return await discoverer(context);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    diagnostics.push(
      createDiagnostic(
        "error",
        "DISCOVERY_FAILED",
        `unit "${unit.id}" could not be compiled: ${reason}`,
        unit.origin,
        "the other units are unaffected; fix this one or set disabled: true",
      ),
    );
    return undefined;
  }
}

/** Discovers every unit of a resolved project, `concurrency` at a time. */
export async function discoverProject(project: ResolvedProject): Promise<DiscoveredProject> {
  const diagnostics: Diagnostic[] = [];
  const concurrency = project.settings.options.exposureDiscoveryConcurrency;
  const units = await expandUnitSets(project.units, diagnostics);
  const found = await mapLimit(units, concurrency, (unit) => discoverUnit(unit, diagnostics));
  return { units: found.filter((u): u is UnitIR => u !== undefined).map(withSetInfo), diagnostics };
}
