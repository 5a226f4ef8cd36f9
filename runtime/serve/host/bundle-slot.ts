/**
 * One served bundle (the project's, or the user's own units): its runtime and resources, its search
 * index, and the swap to a newer build while calls in flight finish on the old one.
 */

import { createRuntime, type UnitRuntime } from "../../calls/create-runtime.js";
import type { Manifest } from "../../contract/manifest.js";
import type { RuntimeServices } from "../../invoke/shared/services.js";
import { indexLoader } from "../../search/file.js";
import type { SearchIndex } from "../../search/index.js";
import { canonicalJson } from "../../shared/canonical.js";
import { type RuntimeEvent, RuntimeResources, resourceUnit } from "../../shared/resources.js";
import type { UserServingSettings } from "../../shared/user-settings.js";
import type { SourceIndex } from "../sessions/context.js";
import { type CatalogUnit, localUnits, type SourceRef } from "../shared/catalog.js";
import { unsetVariables, unsetVariablesLine } from "../shared/unset-env.js";

export { SEARCH_INDEX_FILE } from "../../search/file.js";

/** Where a slot's bundle comes from, and how its runtime reaches the outside. */
export interface SlotOptions {
  source: SourceRef;
  manifestPath?: string;
  baseDir?: string;
  /** What the runtime reaches the outside through, passed to it whole. */
  services: RuntimeServices;
  /** The serving person's settings laid over the bundle's. */
  user?: UserServingSettings;
}

/** What a swap changed. */
export interface ReloadResult {
  /** Units new in the bundle, changed in it, and gone from it. */
  added: string[];
  changed: string[];
  removed: string[];
  /** The bundle's search limits changed (tools/list shows them, in `search_tools`). */
  settings?: true;
}

/** Whether a swap changed anything a client sees: a unit added, changed or removed, or the search limits. */
export function changedAnything(result: ReloadResult): boolean {
  return result.added.length + result.changed.length + result.removed.length > 0 || result.settings === true;
}

/** Read on the first search: `tools/list` does not need it, and it is much of a large bundle's load. */
function lazyIndex(source: SourceRef, load: () => SearchIndex): SourceIndex {
  let index: SearchIndex | undefined;
  return {
    source,
    get index() {
      index ??= load();
      return index;
    },
  };
}

/** One loaded bundle: its runtime and resources, and the calls still running on it. */
export interface Generation {
  runtime: UnitRuntime;
  resources: RuntimeResources;
  local: CatalogUnit[];
  index: SourceIndex;
  running: number;
  /** Set once a newer bundle replaced this one: called when the last running call ends. */
  retire?: () => void;
}

function openGeneration(options: SlotOptions, log: (line: string) => void, manifest?: Manifest): Generation {
  const onEvent = (event: RuntimeEvent) => log(`${event.type} ${event.unit}: ${event.message}`);
  const resources = new RuntimeResources(onEvent);
  const runtime = createRuntime({
    ...(manifest ? { manifest } : options.manifestPath ? { manifestPath: options.manifestPath } : {}),
    ...(options.baseDir ? { baseDir: options.baseDir } : {}),
    ...options.services,
    ...(options.user ? { user: options.user } : {}),
    onEvent,
    resources,
  });
  // Said once per bundle: a unit that cannot work yet is named at start, not at its first call.
  for (const unset of unsetVariables(runtime.manifest, options.services.env ?? process.env))
    log(unsetVariablesLine(unset));
  const manifestPath = manifest ? undefined : options.manifestPath;
  return {
    runtime,
    resources,
    local: localUnits(runtime.manifest),
    index: lazyIndex(
      options.source,
      indexLoader(() => runtime.manifest, manifestPath, log),
    ),
    running: 0,
  };
}

/**
 * Units added, changed (any field of their manifest entry: its tools, their schemas and descriptions,
 * which its Code Mode declaration is written from) and removed between two manifests, and whether
 * their search limits differ.
 */
function compareManifests(before: Manifest, after: Manifest): ReloadResult {
  const old = new Map(before.units.map((u) => [u.id, canonicalJson(u)]));
  const result: ReloadResult = { added: [], changed: [], removed: [] };
  for (const unit of after.units) {
    const was = old.get(unit.id);
    if (was === undefined) result.added.push(unit.id);
    else if (was !== canonicalJson(unit)) result.changed.push(unit.id);
    old.delete(unit.id);
  }
  result.removed = [...old.keys()];
  if (canonicalJson(before.settings) !== canonicalJson(after.settings)) result.settings = true;
  return result;
}

/** A bundle that can be swapped for a newer build of itself. */
export class BundleSlot {
  generation: Generation;
  private readonly retiring = new Set<Promise<void>>();

  constructor(
    private options: SlotOptions,
    private readonly log: (line: string) => void,
    manifest?: Manifest,
  ) {
    this.generation = openGeneration(options, log, manifest);
  }

  /**
   * Opens the bundle now at the manifest path (or `manifest`, or the one at `manifestPath`, which
   * becomes the slot's path) and serves it; throws, keeping the old one.
   */
  swap(manifest?: Manifest, manifestPath?: string): ReloadResult {
    const old = this.generation;
    const options = manifestPath ? { ...this.options, manifestPath } : this.options;
    const fresh = openGeneration(options, this.log, manifest);
    this.options = options;
    const difference = compareManifests(old.runtime.manifest, fresh.runtime.manifest);
    const changed = new Set([...difference.changed, ...difference.removed]);
    old.resources.handOver(fresh.resources, (key) => !changed.has(resourceUnit(key)));
    this.generation = fresh;
    this.retiring.add(this.retire(old));
    return difference;
  }

  /** Closes a replaced bundle's runtime once its running calls have ended. */
  private retire(old: Generation): Promise<void> {
    const drained =
      old.running === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            old.retire = resolve;
          });
    const done = drained.then(() => old.runtime.close()).catch(() => undefined);
    done.finally(() => this.retiring.delete(done));
    return done;
  }

  /** Runs `work` on the current bundle, counting it as running there until it settles. */
  async onCurrent<T>(work: (generation: Generation) => Promise<T>): Promise<T> {
    const generation = this.generation;
    generation.running++;
    try {
      return await work(generation);
    } finally {
      generation.running--;
      if (generation.running === 0) generation.retire?.();
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.generation.runtime.close(), ...this.retiring]);
  }
}
