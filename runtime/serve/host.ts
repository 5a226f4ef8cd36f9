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
import { localUnits } from "./catalog.js";
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

/** Creates the host; with an upstream it starts connecting at once (see {@link ServeHost.ready}). */
export function createServeHost(options: ServeHostOptions): ServeHost {
  const log = options.log ?? (() => undefined);
  const runtime: UnitRuntime = createRuntime({
    ...(options.manifest ? { manifest: options.manifest } : {}),
    ...(options.manifestPath ? { manifestPath: options.manifestPath } : {}),
    ...(options.baseDir ? { baseDir: options.baseDir } : {}),
    ...(options.env ? { env: options.env } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    onEvent: (event) => log(runtimeEventLine(event)),
  });
  const manifest = runtime.manifest;
  const local = localUnits(manifest);
  const localIndex: SourceIndex = {
    source: { kind: "local" },
    index: loadIndex(manifest, options.manifestPath, log),
  };
  const limits = manifest.settings;
  const listeners = new Set<() => void>();
  let notices = new Set<string>();
  let link: UpstreamLink | undefined;

  const rebuild = (): Snapshot => {
    const upstream = link?.current();
    const merged = mergeUnits({
      local,
      ...(upstream ? { upstream: { url: upstream.url, units: upstream.units } } : {}),
      ...(options.aliases ? { aliases: options.aliases } : {}),
    });
    for (const notice of merged.notices) if (!notices.has(notice)) log(notice);
    notices = new Set(merged.notices);
    const indexes = upstream
      ? [localIndex, { source: { kind: "upstream" as const, url: upstream.url }, index: upstream.index }]
      : [localIndex];
    return createSnapshot(merged.units, indexes, limits);
  };
  let current = rebuild();
  const changed = () => {
    current = rebuild();
    for (const listener of listeners) listener();
  };
  // The MCP client is loaded only when there is an upstream to reach.
  const upstream = options.upstream;
  const linked = upstream
    ? import("./upstream.js").then((module) => {
        link = new module.UpstreamLink(upstream, changed, log);
        return link.start();
      })
    : Promise.resolve();

  return {
    manifest,
    snapshot: () => current,
    async call(unit, operation, input, signal): Promise<CallOutcome> {
      if (unit.source.kind === "upstream") {
        return (link as UpstreamLink).call(unit.unit.id, operation, input, signal);
      }
      return runtime.invoke(unit.unit.id, operation, input, signal ? { signal } : {});
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    upstreamState: () => link?.state ?? (upstream ? "connecting" : undefined),
    ready: () => linked,
    async close() {
      listeners.clear();
      await linked.catch(() => undefined);
      await Promise.allSettled([link?.close(), runtime.close()]);
    },
  };
}
