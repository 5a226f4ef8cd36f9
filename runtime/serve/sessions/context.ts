/**
 * What the MCP request handlers see: the current snapshot of the served catalogue (units, tool
 * table, search) and a way to call an operation wherever its unit lives. A snapshot never changes;
 * a new upstream catalogue makes a new one.
 */

import type { UnitError } from "../../contract/errors.js";
import type { ManifestUnit } from "../../contract/manifest.js";
import type { ForwardMethod } from "../../invoke/mcp/types.js";
import { LOW_SHARE } from "../../search/confidence.js";
import type { SearchHit, SearchIndex } from "../../search/index.js";
import type { OperationRules } from "../policy/rules.js";
import type { ServedUnit, SourceRef } from "../shared/catalog.js";
import type { CodeModeRequest } from "./code-mode.js";
import { buildToolTable, type SearchLimits, type ToolTable } from "./tools.js";

export interface CallOutcome {
  value: unknown;
  truncated: boolean;
}

/** A search index and the source whose units it covers (`index` may load on first read). */
export interface SourceIndex {
  source: SourceRef;
  readonly index: SearchIndex;
}

export interface Snapshot {
  /** Sorted by served ID. */
  units: ServedUnit[];
  byId: Map<string, ServedUnit>;
  table: ToolTable;
  limits: SearchLimits;
  search: CatalogSearch;
  /** The search indexes the snapshot was built over (a scoped view searches the same ones). */
  indexes: readonly SourceIndex[];
  /** In a view cut by operation rules: why an operation it hides is refused (undefined: not hidden). */
  refusal?(unitId: string, operation: string): UnitError | undefined;
}

export interface ServeContext {
  snapshot(): Snapshot;
  /**
   * Calls `operation` (its source name) of `unit`; failures are thrown (`UnitError`, `ToolFailureError`).
   * `projectRoot` is the session's, where a unit bound to a project runs.
   */
  call(
    unit: ServedUnit,
    operation: string,
    input: unknown,
    signal?: AbortSignal,
    projectRoot?: string,
  ): Promise<CallOutcome>;
  /** The manifest entry of a unit served from this instance's own bundles (none for an upstream's). */
  manifestUnit(unit: ServedUnit): ManifestUnit | undefined;
  /** Forwards `resources/read` or `prompts/get` to a served MCP unit's downstream server. */
  forward(
    unit: ServedUnit,
    method: ForwardMethod,
    params: Record<string, unknown>,
    signal?: AbortSignal,
    projectRoot?: string,
  ): Promise<unknown>;
  /**
   * Runs a Code Mode script against the local bundle; with `units`, only those units are known to it,
   * with `rules`, only the operations they permit; its calls carry the session's `projectRoot`.
   */
  runCode(
    input: CodeModeRequest,
    units?: readonly string[],
    projectRoot?: string,
    rules?: OperationRules,
  ): Promise<{ ok: boolean; [field: string]: unknown }>;
}

function sourceKey(source: SourceRef, unitId: string): string {
  return `${source.kind === "upstream" ? source.url : source.kind}\u0000${unitId}`;
}

/** Search over every source's index, limited to the units currently served, hits mapped to them. */
export class CatalogSearch {
  private readonly served = new Map<string, ServedUnit>();
  /** The operation names of each served unit (fewer than its source's under operation rules), by source key. */
  private readonly operationNames = new Map<string, Set<string>>();
  /** Whether all of an index's units are served (then it needs no filter); known after its first query. */
  private readonly complete = new Map<SourceIndex, boolean>();

  constructor(
    private readonly indexes: readonly SourceIndex[],
    units: readonly ServedUnit[],
  ) {
    for (const unit of units) this.served.set(sourceKey(unit.source, unit.unit.id), unit);
  }

  /** Whether `operation` of the source's unit `unitId` is served (a cut unit serves only some). */
  private servesOperation(source: SourceRef, unitId: string, operation: string): boolean {
    const key = sourceKey(source, unitId);
    let names = this.operationNames.get(key);
    if (!names) {
      names = new Set(this.served.get(key)?.unit.operations.map((op) => op.name));
      this.operationNames.set(key, names);
    }
    return names.has(operation);
  }

  /** Reading `entry.index` may load it, so this waits for the first query. */
  private isComplete(entry: SourceIndex): boolean {
    let complete = this.complete.get(entry);
    if (complete === undefined) {
      // Complete when every document's unit and operation is served (operation rules cut some).
      complete = entry.index.documents.every((d) => this.servesOperation(entry.source, d.unit, d.operation));
      this.complete.set(entry, complete);
    }
    return complete;
  }

  /** The best `limit` hits, best first; `only` limits them to one served unit. */
  query(query: string, limit: number, only?: ServedUnit): Array<{ hit: SearchHit; unit: ServedUnit }> {
    const found: Array<{ hit: SearchHit; unit: ServedUnit }> = [];
    for (const entry of this.indexes) {
      const { source, index } = entry;
      if (only && only.source.kind !== source.kind) continue;
      const accept = (unitId: string) => {
        const unit = this.served.get(sourceKey(source, unitId));
        return unit !== undefined && (!only || unit === only);
      };
      const filtered = only !== undefined || !this.isComplete(entry);
      const operation = (unitId: string, name: string) => this.servesOperation(source, unitId, name);
      for (const hit of index.query(
        query,
        limit,
        filtered ? accept : undefined,
        filtered ? operation : undefined,
      )) {
        found.push({ hit, unit: this.served.get(sourceKey(source, hit.unit)) as ServedUnit });
      }
    }
    return found.sort((a, b) => b.hit.score - a.hit.score).slice(0, limit);
  }

  /** The index that holds `unit`'s operations. */
  private indexOf(unit: ServedUnit): SearchIndex | undefined {
    const key = sourceKey(unit.source, unit.unit.id);
    return this.indexes.find((entry) => sourceKey(entry.source, unit.unit.id) === key)?.index;
  }

  /** True when the best of `found` scores low for `query` in its index (see `search/confidence.ts`). */
  lowScore(query: string, found: ReadonlyArray<{ hit: SearchHit; unit: ServedUnit }>): boolean {
    const best = found[0];
    if (best === undefined) return false;
    const index = this.indexOf(best.unit);
    return index !== undefined && index.share(query, best.hit.score) < LOW_SHARE;
  }

  /** The names of the groups `unit`'s operations sit in (OpenAPI tags, discovery resources…). */
  groupNames(unit: ServedUnit): string[] {
    return this.indexOf(unit)?.groupNames(unit.unit.id) ?? [];
  }
}

/** Builds a snapshot of `units`. */
export function createSnapshot(
  units: ServedUnit[],
  indexes: readonly SourceIndex[],
  limits: SearchLimits,
): Snapshot {
  return {
    units,
    byId: new Map(units.map((unit) => [unit.id, unit])),
    table: buildToolTable(units, limits),
    limits,
    search: new CatalogSearch(indexes, units),
    indexes,
  };
}
