/**
 * The discover stage: each resolved unit becomes a `UnitIR` with its operations. Units are
 * independent: one that fails is reported and left out, and the others still compile.
 */
import type { AccessTokenSource } from "../../runtime/auth/tokens.js";
import type { Invoke } from "../../runtime/contract/manifest.js";
import { createDiagnostic, type Diagnostic } from "../codes/diagnostics.js";
import type { ResolvedProject, ResolvedUnit } from "../resolve/types.js";
import type { BackendKind } from "../shared/backends.js";
import { discoverCliActions } from "./actions/cli.js";
import { discoverHttpActions } from "./actions/http.js";
import { discoverVendorApi } from "./discovery/index.js";
import { discoverGraphql } from "./graphql/index.js";
import { discoverMcp } from "./mcp/index.js";
import type { DiscoverMemo, UnitOutcome } from "./memo.js";
import { discoverOpenapi } from "./openapi/index.js";
import { type OutOfMemory, outOfMemoryOutcome } from "./out-of-memory.js";
import type { ServerListing } from "./shared/inputs.js";
import { trackInputs } from "./shared/inputs.js";
import { withUnitSourceHash } from "./shared/source-hash.js";
import type { DiscoverContext, Discoverer, UnitIR } from "./shared/types.js";
import { shownSpecUnit } from "./sources/shown.js";
import { expandUnitSets, withSetInfo } from "./unit-sets/index.js";

export type { DiscoverContext, OperationIR, UnitIR } from "./shared/types.js";

/**
 * Nothing when the two unions of kinds hold the same kinds; else a property no registry has, so the
 * registry typed with it fails to compile, naming the mismatch.
 */
export type KindsAgree<A extends string, B extends string> = [A] extends [B]
  ? [B] extends [A]
    ? unknown
    : { "a kind of the manifest's Invoke union is not a backend kind": never }
  : { "a backend kind is not a kind of the manifest's Invoke union": never };

/**
 * The kinds discovery compiles: every backend kind but `unitSet`, whose children `expandUnitSets`
 * brings in instead. They must be exactly the kinds of the manifest's `Invoke` union.
 */
export type DiscoveredKind = Exclude<BackendKind, "unitSet">;

/**
 * One discoverer per kind, keyed by the kind union: a kind added without its discoverer, a
 * discoverer for a kind the union lacks, or a kind added to only one of `BackendKind` and the
 * manifest's `Invoke` does not compile.
 */
export const DISCOVERERS: { readonly [K in DiscoveredKind]: Discoverer<K> } & KindsAgree<
  DiscoveredKind,
  Invoke["kind"]
> = {
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
  /** Local files discovery read: specs, schemas, documents, unit-set config files. */
  inputs: string[];
  /** For each file discovery read, the hash of the text it read (`missing` when absent). */
  inputHashes: Map<string, string>;
  /** True when some unit depends on something outside the project's files (see `recordRemote`). */
  remote: boolean;
  /** The MCP listings the units used (see `recordListing`). */
  listings: ServerListing[];
  /** Units roots of unit sets (folders whose unit files discovery loaded). */
  roots: string[];
  /** IDs of the units discovered afresh; with a memo, the others were unchanged. */
  rebuilt: string[];
  /** IDs of every unit discovery was asked for (unit-set children included), built or not. */
  attempted: string[];
}

export interface DiscoverOptions {
  /** Outcomes kept from the previous build (watch mode). */
  memo?: DiscoverMemo;
  /** Told after each unit: how many are done of how many, and the operations found so far. */
  onUnit?: (progress: UnitProgress) => void;
  /** Where OAuth units' stored tokens are read (default: the data folder's store). */
  oauth?: AccessTokenSource;
  /** Told as each unit's discovery starts (which units a worker that ran out of memory was on). */
  onUnitStart?: (unit: string) => void;
  /** Units an earlier attempt ran out of memory on: left out with UNIT_OUT_OF_MEMORY. */
  outOfMemory?: OutOfMemory;
}

/** How far discovery has got; `unit` and `unitOperations` are the unit just finished. */
export interface UnitProgress {
  done: number;
  total: number;
  operations: number;
  unit?: string;
  unitOperations?: number;
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

/** Kinds whose operations come from a spec document: its strings are cleaned like an MCP server's. */
const SPEC_KINDS: ReadonlySet<string> = new Set(["openapi", "discovery", "graphql"]);

/** What every unit's discoverer is given beside the unit. */
interface Shared {
  oauth: AccessTokenSource | undefined;
  discoveryTimeout: { ms: number; set: boolean };
  serverStarted?: () => void;
}

async function discoverUnit(unit: ResolvedUnit, shared: Shared): Promise<UnitOutcome> {
  const diagnostics: Diagnostic[] = [];
  const tracked = await trackInputs(() => runDiscoverer(unit, diagnostics, shared));
  const { value: ir, inputs, remote, listings } = tracked;
  return { ir: ir ? withSetInfo(withUnitSourceHash(ir)) : undefined, diagnostics, inputs, remote, listings };
}

async function runDiscoverer(
  unit: ResolvedUnit,
  diagnostics: Diagnostic[],
  { oauth, discoveryTimeout, serverStarted }: Shared,
): Promise<UnitIR | undefined> {
  const context: DiscoverContext = {
    unit,
    ...(oauth ? { oauth } : {}),
    discoveryTimeout,
    ...(serverStarted ? { serverStarted } : {}),
    report(severity, code, message, pointer, hint) {
      const at = unit.source.map.locateKey(`${unit.source.backendPointer}${pointer}`);
      diagnostics.push(createDiagnostic(severity, code, message, at, hint));
    },
    reportAt(severity, code, message, at, hint) {
      diagnostics.push(createDiagnostic(severity, code, message, at, hint));
    },
  };
  // Each discoverer is filed under the kind it takes, so the unit is of that kind. A unit set never
  // gets here (its children replaced it), nor a kind outside the union unless validation was passed
  // by; either is left out below.
  const discoverer = Object.hasOwn(DISCOVERERS, unit.kind)
    ? (DISCOVERERS[unit.kind as DiscoveredKind] as Discoverer)
    : undefined;
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
    const ir = await discoverer(context);
    return ir && SPEC_KINDS.has(unit.kind) ? shownSpecUnit(ir, context) : ir;
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

/** Discovers one unit, or recalls it from the memo when nothing it depends on changed. */
async function discoverOrRecall(
  unit: ResolvedUnit,
  project: ResolvedProject,
  memo: DiscoverMemo | undefined,
  rebuilt: string[],
  oauth: AccessTokenSource | undefined,
  serverStarted?: () => void,
): Promise<UnitOutcome> {
  const { exposureDiscoveryTimeoutMs: ms, exposureDiscoveryTimeoutSet: set } = project.settings.options;
  const shared: Shared = {
    oauth,
    discoveryTimeout: { ms, set },
    ...(serverStarted ? { serverStarted } : {}),
  };
  if (!memo) {
    rebuilt.push(unit.id);
    return discoverUnit(unit, shared);
  }
  const key = memo.key(unit, project.settings);
  const recalled = await memo.recall(unit, key);
  if (recalled) return recalled;
  rebuilt.push(unit.id);
  const outcome = await discoverUnit(unit, shared);
  await memo.remember(unit, key, outcome);
  return outcome;
}

/**
 * Holds every unit but MCP ones until each MCP unit begun has started its server (or finished):
 * queued first, the servers start while unitc parses specs, instead of waiting behind that work.
 */
function startGate() {
  const starts: Promise<void>[] = [];
  return async <T>(unit: ResolvedUnit, work: (started?: () => void) => Promise<T>): Promise<T> => {
    if (unit.kind !== "mcp") {
      await Promise.all(starts);
      return work();
    }
    let started = () => {};
    starts.push(new Promise<void>((resolve) => (started = resolve)));
    try {
      return await work(started);
    } finally {
      started();
    }
  };
}

/** Discovers every unit of a resolved project, `concurrency` at a time, MCP units first. */
export async function discoverProject(
  project: ResolvedProject,
  options: DiscoverOptions = {},
): Promise<DiscoveredProject> {
  const diagnostics: Diagnostic[] = [];
  const concurrency = project.settings.options.exposureDiscoveryConcurrency;
  const sets = { roots: new Set<string>(), files: new Set<string>() };
  const units = await expandUnitSets(project.units, diagnostics, sets);
  const rebuilt: string[] = [];
  const progress: UnitProgress = { done: 0, total: units.length, operations: 0 };
  const gate = startGate();
  const isMcp = (i: number) => Number(units[i]?.kind === "mcp");
  const order = [...units.keys()].sort((a, b) => isMcp(b) - isMcp(a));
  // Filled in the project's order: the order of units in the bundle does not depend on kinds.
  const outcomes: UnitOutcome[] = new Array(units.length);
  await mapLimit(order, concurrency, async (index) => {
    const unit = units[index] as ResolvedUnit;
    const { outOfMemory } = options;
    options.onUnitStart?.(unit.id);
    const outcome = outOfMemory?.units.includes(unit.id)
      ? outOfMemoryOutcome(unit, outOfMemory.heapMb)
      : await gate(unit, (started) =>
          discoverOrRecall(unit, project, options.memo, rebuilt, options.oauth, started),
        );
    const unitOperations = outcome.ir?.operations.length ?? 0;
    progress.done++;
    progress.operations += unitOperations;
    options.onUnit?.({ ...progress, unit: unit.id, unitOperations });
    outcomes[index] = outcome;
  });
  options.memo?.retain(new Set(units.map((unit) => unit.id)));
  const inputs = new Set(sets.files);
  const inputHashes = new Map<string, string>();
  for (const outcome of outcomes) {
    diagnostics.push(...outcome.diagnostics);
    for (const [file, hash] of outcome.inputs) {
      inputs.add(file);
      inputHashes.set(file, hash);
    }
  }
  return {
    units: outcomes.flatMap((o) => (o.ir ? [o.ir] : [])),
    diagnostics,
    inputs: [...inputs].sort(),
    roots: [...sets.roots].sort(),
    inputHashes,
    remote: outcomes.some((o) => o.remote),
    listings: outcomes.flatMap((o) => o.listings),
    rebuilt: rebuilt.sort(),
    attempted: units.map((unit) => unit.id),
  };
}
