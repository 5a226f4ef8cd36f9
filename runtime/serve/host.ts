/**
 * The serving host: one compiled bundle (its runtime and prebuilt search index), an optional
 * upstream link, and the current snapshot of what is served. Transports (stdio, HTTP) create MCP
 * servers over it; it tells them when the tool list changed.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { canonicalJson } from "../canonical.js";
import { createRuntime, type UnitRuntime } from "../core.js";
import { hasCodeMode, type Manifest } from "../manifest.js";
import type { SecretSource } from "../references.js";
import { type RuntimeEvent, RuntimeResources, resourceUnit } from "../resources.js";
import { SearchIndex } from "../search.js";
import { type CatalogUnit, localUnits, type ServedUnit } from "./catalog.js";
import { prepareCodeModeSoon } from "./code-mode.js";
import {
  type CallOutcome,
  createSnapshot,
  type ServeContext,
  type Snapshot,
  type SourceIndex,
} from "./context.js";
import { mergeUnits, type NamespaceAliases } from "./merge.js";
import { unsetVariables, unsetVariablesLine } from "./unset-env.js";
import type { UpstreamLink, UpstreamOptions, UpstreamState } from "./upstream.js";

/** The file beside `manifest.json` holding the prebuilt search index. */
export const SEARCH_INDEX_FILE = "search-index.json";

export interface ServeHostOptions {
  /** The bundle's `manifest.json`; `search-index.json` is read from the same folder. */
  manifestPath?: string;
  /** Or a manifest in memory (its search index is then built in memory). */
  manifest?: Manifest;
  baseDir?: string;
  /** Where secret references are resolved (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Where `vault:NAME` references are read at call time. */
  vault?: SecretSource;
  fetch?: typeof fetch;
  upstream?: UpstreamOptions;
  aliases?: NamespaceAliases;
  /** Log lines (to stderr in the CLI; never stdout). */
  log?: (line: string) => void;
}

/** What {@link ServeHost.reload} changed. */
export interface ReloadResult {
  /** Units new in the bundle, changed in it, and gone from it. */
  added: string[];
  changed: string[];
  removed: string[];
}

export interface ServeHost extends ServeContext {
  /** The bundle served now (it changes on {@link ServeHost.reload}). */
  readonly manifest: Manifest;
  /**
   * Swaps to the bundle now at `manifestPath` (or to `manifest`): new calls go to it at once, calls in
   * flight finish on the old one, whose MCP servers for removed and changed units are then stopped
   * (unchanged units keep theirs); connected clients are told the tool list changed. Throws, serving
   * the old bundle still, when the new one cannot be loaded.
   */
  reload(next?: { manifest?: Manifest }): Promise<ReloadResult>;
  /** Calls `listener` whenever the served tools change; returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
  upstreamState(): UpstreamState | undefined;
  /** Resolves when the first upstream attempt has ended (at once without an upstream). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Loads the prebuilt index beside the manifest, or builds one in memory (saying so) when it is absent
 * or unreadable. Whether it is there is known at once; it is read on first use.
 */
function indexLoader(
  manifest: Manifest,
  manifestPath: string | undefined,
  log: (line: string) => void,
): () => SearchIndex {
  const file = manifestPath ? join(dirname(manifestPath), SEARCH_INDEX_FILE) : undefined;
  const prebuilt = file !== undefined && existsSync(file);
  if (file && !prebuilt) {
    log(
      `no ${SEARCH_INDEX_FILE} beside the manifest; building the search index in memory (recompile to add it)`,
    );
  }
  return () => {
    if (file && prebuilt) {
      try {
        return SearchIndex.load(JSON.parse(readFileSync(file, "utf8")));
      } catch (error) {
        log(`${file}: ${(error as Error).message}; building the search index in memory (recompile to fix)`);
      }
    }
    return SearchIndex.build(manifest);
  };
}

function runtimeEventLine(event: RuntimeEvent): string {
  return `${event.type} ${event.unit}: ${event.message}`;
}

/** Read on the first search: `tools/list` does not need it, and it is much of a large bundle's load. */
function lazyIndex(load: () => SearchIndex): SourceIndex {
  let index: SearchIndex | undefined;
  return {
    source: { kind: "local" },
    get index() {
      index ??= load();
      return index;
    },
  };
}

/** One loaded bundle: its runtime and resources, and the calls still running on it. */
interface Generation {
  runtime: UnitRuntime;
  resources: RuntimeResources;
  local: CatalogUnit[];
  index: SourceIndex;
  running: number;
  /** Set once a newer bundle replaced this one: called when the last running call ends. */
  retire?: () => void;
}

function openGeneration(
  options: ServeHostOptions,
  log: (line: string) => void,
  manifest: Manifest | undefined,
): Generation {
  const onEvent = (event: RuntimeEvent) => log(runtimeEventLine(event));
  const resources = new RuntimeResources(onEvent);
  const runtime = createRuntime({
    ...(manifest ? { manifest } : options.manifestPath ? { manifestPath: options.manifestPath } : {}),
    ...(options.baseDir ? { baseDir: options.baseDir } : {}),
    ...(options.env ? { env: options.env } : {}),
    ...(options.vault ? { vault: options.vault } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    onEvent,
    resources,
  });
  // Said once per bundle: a unit that cannot work yet is named at start, not at its first call.
  for (const unset of unsetVariables(runtime.manifest, options.env ?? process.env))
    log(unsetVariablesLine(unset));
  return {
    runtime,
    resources,
    local: localUnits(runtime.manifest),
    index: lazyIndex(indexLoader(runtime.manifest, manifest ? undefined : options.manifestPath, log)),
    running: 0,
  };
}

/** Units added, changed (any field of their manifest entry) and removed between two manifests. */
function compareUnits(before: Manifest, after: Manifest): ReloadResult {
  const old = new Map(before.units.map((u) => [u.id, canonicalJson(u)]));
  const result: ReloadResult = { added: [], changed: [], removed: [] };
  for (const unit of after.units) {
    const was = old.get(unit.id);
    if (was === undefined) result.added.push(unit.id);
    else if (was !== canonicalJson(unit)) result.changed.push(unit.id);
    old.delete(unit.id);
  }
  result.removed = [...old.keys()];
  return result;
}

class Host implements ServeHost {
  private generation: Generation;
  private readonly retiring = new Set<Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private readonly linked: Promise<void>;
  private link?: UpstreamLink;
  private notices = new Set<string>();
  private current: Snapshot;

  constructor(
    private readonly options: ServeHostOptions,
    private readonly log: (line: string) => void,
  ) {
    this.generation = openGeneration(options, log, options.manifest);
    this.current = this.rebuild();
    // The MCP client is loaded only when there is an upstream to reach.
    const upstream = options.upstream;
    this.linked = upstream
      ? import("./upstream.js").then((module) => {
          this.link = new module.UpstreamLink(upstream, () => this.changed(), log);
          return this.link.start();
        })
      : Promise.resolve();
    if (this.manifest.units.some((unit) => hasCodeMode(unit.exposure))) prepareCodeModeSoon(this.bundleDir());
  }

  private bundleDir(): string {
    return this.options.manifestPath
      ? dirname(this.options.manifestPath)
      : (this.options.baseDir ?? process.cwd());
  }

  get manifest(): Manifest {
    return this.generation.runtime.manifest;
  }

  async reload(next: { manifest?: Manifest } = {}): Promise<ReloadResult> {
    const old = this.generation;
    const fresh = openGeneration(this.options, this.log, next.manifest);
    const difference = compareUnits(old.runtime.manifest, fresh.runtime.manifest);
    const changed = new Set([...difference.changed, ...difference.removed]);
    old.resources.handOver(fresh.resources, (key) => !changed.has(resourceUnit(key)));
    this.generation = fresh;
    this.retiring.add(this.retire(old));
    this.changed();
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
  private async onCurrent<T>(work: (generation: Generation) => Promise<T>): Promise<T> {
    const generation = this.generation;
    generation.running++;
    try {
      return await work(generation);
    } finally {
      generation.running--;
      if (generation.running === 0) generation.retire?.();
    }
  }

  private rebuild(): Snapshot {
    const upstream = this.link?.current();
    const merged = mergeUnits({
      local: this.generation.local,
      ...(upstream ? { upstream: { url: upstream.url, units: upstream.units } } : {}),
      ...(this.options.aliases ? { aliases: this.options.aliases } : {}),
    });
    for (const notice of merged.notices) if (!this.notices.has(notice)) this.log(notice);
    this.notices = new Set(merged.notices);
    const indexes = upstream
      ? [
          this.generation.index,
          { source: { kind: "upstream" as const, url: upstream.url }, index: upstream.index },
        ]
      : [this.generation.index];
    return createSnapshot(merged.units, indexes, this.manifest.settings);
  }

  private changed(): void {
    this.current = this.rebuild();
    for (const listener of this.listeners) listener();
  }

  snapshot(): Snapshot {
    return this.current;
  }

  call(unit: ServedUnit, operation: string, input: unknown, signal?: AbortSignal): Promise<CallOutcome> {
    if (unit.source.kind === "upstream") {
      return (this.link as UpstreamLink).call(unit.unit.id, operation, input, signal);
    }
    return this.onCurrent((g) => g.runtime.invoke(unit.unit.id, operation, input, signal ? { signal } : {}));
  }

  async runCode(input: { code: string; timeoutMs?: number }) {
    const { runCodeMode } = await import("../sandbox/run.js");
    const bundleDir = this.bundleDir();
    return (await this.onCurrent((g) => runCodeMode(g.runtime, input, bundleDir))) as unknown as {
      ok: boolean;
      [field: string]: unknown;
    };
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  upstreamState(): UpstreamState | undefined {
    return this.link?.state ?? (this.options.upstream ? "connecting" : undefined);
  }

  ready(): Promise<void> {
    return this.linked;
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.linked.catch(() => undefined);
    await Promise.allSettled([this.link?.close(), this.generation.runtime.close(), ...this.retiring]);
  }
}

/** Creates the host; with an upstream it starts connecting at once (see {@link ServeHost.ready}). */
export function createServeHost(options: ServeHostOptions): ServeHost {
  return new Host(options, options.log ?? (() => undefined));
}
