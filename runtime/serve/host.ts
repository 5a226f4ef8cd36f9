/**
 * The serving host: one compiled bundle (its runtime and prebuilt search index), an optional
 * upstream link, and the current snapshot of what is served. Transports (stdio, HTTP) create MCP
 * servers over it; it tells them when the tool list changed.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createRuntime, type UnitRuntime } from "../core.js";
import type { Manifest } from "../manifest.js";
import type { RuntimeEvent } from "../resources.js";
import { SearchIndex } from "../search.js";
import { type CatalogUnit, localUnits, type ServedUnit } from "./catalog.js";
import {
  type CallOutcome,
  createSnapshot,
  type ServeContext,
  type Snapshot,
  type SourceIndex,
} from "./context.js";
import { mergeUnits, type NamespaceAliases } from "./merge.js";
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
  fetch?: typeof fetch;
  upstream?: UpstreamOptions;
  aliases?: NamespaceAliases;
  /** Log lines (to stderr in the CLI; never stdout). */
  log?: (line: string) => void;
}

export interface ServeHost extends ServeContext {
  readonly manifest: Manifest;
  /** Calls `listener` whenever the served tools change; returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
  upstreamState(): UpstreamState | undefined;
  /** Resolves when the first upstream attempt has ended (at once without an upstream). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Loads the prebuilt index beside the manifest, or builds one in memory (saying so) when absent. */
function loadIndex(
  manifest: Manifest,
  manifestPath: string | undefined,
  log: (line: string) => void,
): SearchIndex {
  const file = manifestPath ? join(dirname(manifestPath), SEARCH_INDEX_FILE) : undefined;
  if (file && existsSync(file)) {
    try {
      return SearchIndex.load(JSON.parse(readFileSync(file, "utf8")));
    } catch (error) {
      log(`${file}: ${(error as Error).message}; building the search index in memory (recompile to fix)`);
    }
  } else if (file) {
    log(
      `no ${SEARCH_INDEX_FILE} beside the manifest; building the search index in memory (recompile to add it)`,
    );
  }
  return SearchIndex.build(manifest);
}

function runtimeEventLine(event: RuntimeEvent): string {
  return `${event.type} ${event.unit}: ${event.message}`;
}

function openRuntime(options: ServeHostOptions, log: (line: string) => void): UnitRuntime {
  return createRuntime({
    ...(options.manifest ? { manifest: options.manifest } : {}),
    ...(options.manifestPath ? { manifestPath: options.manifestPath } : {}),
    ...(options.baseDir ? { baseDir: options.baseDir } : {}),
    ...(options.env ? { env: options.env } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    onEvent: (event) => log(runtimeEventLine(event)),
  });
}

class Host implements ServeHost {
  readonly manifest: Manifest;
  private readonly runtime: UnitRuntime;
  private readonly local: CatalogUnit[];
  private readonly localIndex: SourceIndex;
  private readonly listeners = new Set<() => void>();
  private readonly linked: Promise<void>;
  private link?: UpstreamLink;
  private notices = new Set<string>();
  private current: Snapshot;

  constructor(
    private readonly options: ServeHostOptions,
    private readonly log: (line: string) => void,
  ) {
    this.runtime = openRuntime(options, log);
    this.manifest = this.runtime.manifest;
    this.local = localUnits(this.manifest);
    this.localIndex = {
      source: { kind: "local" },
      index: loadIndex(this.manifest, options.manifestPath, log),
    };
    this.current = this.rebuild();
    // The MCP client is loaded only when there is an upstream to reach.
    const upstream = options.upstream;
    this.linked = upstream
      ? import("./upstream.js").then((module) => {
          this.link = new module.UpstreamLink(upstream, () => this.changed(), log);
          return this.link.start();
        })
      : Promise.resolve();
  }

  private rebuild(): Snapshot {
    const upstream = this.link?.current();
    const merged = mergeUnits({
      local: this.local,
      ...(upstream ? { upstream: { url: upstream.url, units: upstream.units } } : {}),
      ...(this.options.aliases ? { aliases: this.options.aliases } : {}),
    });
    for (const notice of merged.notices) if (!this.notices.has(notice)) this.log(notice);
    this.notices = new Set(merged.notices);
    const indexes = upstream
      ? [this.localIndex, { source: { kind: "upstream" as const, url: upstream.url }, index: upstream.index }]
      : [this.localIndex];
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
    return this.runtime.invoke(unit.unit.id, operation, input, signal ? { signal } : {});
  }

  async runCode(input: { code: string; timeoutMs?: number }) {
    const { runCodeMode } = await import("../sandbox/run.js");
    const bundleDir = this.options.manifestPath
      ? dirname(this.options.manifestPath)
      : (this.options.baseDir ?? process.cwd());
    return (await runCodeMode(this.runtime, input, bundleDir)) as unknown as {
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
    await Promise.allSettled([this.link?.close(), this.runtime.close()]);
  }
}

/** Creates the host; with an upstream it starts connecting at once (see {@link ServeHost.ready}). */
export function createServeHost(options: ServeHostOptions): ServeHost {
  return new Host(options, options.log ?? (() => undefined));
}
