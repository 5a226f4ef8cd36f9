/**
 * The serving host: one compiled bundle (its runtime and prebuilt search index), an optional
 * upstream link, and the current snapshot of what is served. Transports (stdio, HTTP) create MCP
 * servers over it; it tells them when the tool list changed.
 */

import { dirname } from "node:path";
import type { CallOptions } from "../../calls/create-runtime.js";
import { UnitError } from "../../contract/errors.js";
import { hasCodeMode, type Manifest, type ManifestUnit } from "../../contract/manifest.js";
import type { ForwardMethod } from "../../invoke/mcp/types.js";
import type { RuntimeServices } from "../../invoke/shared/services.js";
import type { UserServingSettings } from "../../shared/user-settings.js";
import type { ConfirmOptions } from "../confirm/policy.js";
import type { OperationRules } from "../policy/rules.js";
import { type CodeModeRequest, prepareCodeModeSoon } from "../sessions/code-mode.js";
import type { CallOutcome, ServeContext, Snapshot } from "../sessions/context.js";
import type { ServedUnit } from "../shared/catalog.js";
import type { NamespaceAliases } from "../shared/merge.js";
import { BundleSlot, changedAnything, type ReloadResult } from "./bundle-slot.js";
import { type CodeModeHost, runHostCode } from "./code-mode-run.js";
import { servedSnapshot } from "./served-snapshot.js";
import type { UpstreamLink, UpstreamOptions, UpstreamState } from "./upstream.js";
import { openUserSlot, slotOptions } from "./user-slot.js";

export { changedAnything, type ReloadResult, SEARCH_INDEX_FILE } from "./bundle-slot.js";

/** What a host serves; its services (env, vault, OAuth, fetch, resolver) go whole to every bundle it loads. */
export interface ServeHostOptions extends RuntimeServices {
  /** The bundle's `manifest.json`; `search-index.json` is read from the same folder. */
  manifestPath?: string;
  /** Or a manifest in memory (its search index is then built in memory). */
  manifest?: Manifest;
  baseDir?: string;
  upstream?: UpstreamOptions;
  aliases?: NamespaceAliases;
  /**
   * The person's own units, compiled into a bundle of their own: served beside this bundle's, a
   * unit of this bundle winning over the user's unit of the same ID.
   */
  userManifestPath?: string;
  /** Log lines (to stderr in the CLI; never stdout). */
  log?: (line: string) => void;
  /** The operator's project root (`--project-root`), where units bound to a project run. */
  projectRoot?: string;
  /** The user config's `options.exposure` and search limits, laid over both bundles'. */
  user?: UserServingSettings;
  /** The serve config's `confirm` and how long the person has to answer. */
  confirm?: ConfirmOptions;
}

/** What {@link ServeHost.reload} swaps to. */
export interface ReloadNext {
  manifest?: Manifest;
  manifestPath?: string;
}

export interface ServeHost extends ServeContext {
  /** The bundle served now (it changes on {@link ServeHost.reload}). */
  readonly manifest: Manifest;
  /** The operator's project root, which every session starts from (a client's roots may narrow it). */
  readonly projectRoot: string | undefined;
  /** The serve config's confirmation settings, which every session applies. */
  readonly confirm?: ConfirmOptions;
  /**
   * Swaps to the bundle now at `manifestPath` (or to `manifest`): new calls go to it at once, calls in
   * flight finish on the old one, whose MCP servers for removed and changed units are then stopped
   * (unchanged units keep theirs). Connected clients are told the tool list changed when a unit was
   * added, changed or removed, or the search limits changed; a bundle that changed none of that is
   * served anew but tells no client. A `manifestPath` serves the bundle in another folder from now on
   * (a published bundle's). Throws, serving the old bundle still, when the new one cannot be loaded.
   */
  reload(next?: ReloadNext): Promise<ReloadResult>;
  /**
   * Swaps the user's bundle to the one now at `manifestPath` (default `userManifestPath`), as
   * {@link ServeHost.reload} does; starts serving it when there was none. `false` swaps it to an empty
   * bundle (the user config is gone, or declares no units now): their units are no longer served.
   */
  reloadUser(manifestPath?: string | false): Promise<ReloadResult>;
  /** Calls `listener` whenever the served tools change; returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
  upstreamState(): UpstreamState | undefined;
  /** Resolves when the first upstream attempt has ended (at once without an upstream). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

function callOptions(signal: AbortSignal | undefined, projectRoot: string | undefined): CallOptions {
  return { ...(signal ? { signal } : {}), ...(projectRoot !== undefined ? { projectRoot } : {}) };
}

class Host implements ServeHost {
  private readonly project: BundleSlot;
  private user?: BundleSlot;
  private readonly listeners = new Set<() => void>();
  private readonly linked: Promise<void>;
  private link?: UpstreamLink;
  private notices = new Set<string>();
  private current: Snapshot;
  private manifestPath: string | undefined;
  private userManifestPath: string | undefined;
  private cancelPreparation?: () => void;

  constructor(
    private readonly options: ServeHostOptions,
    private readonly log: (line: string) => void,
  ) {
    this.manifestPath = options.manifestPath;
    this.project = new BundleSlot(
      {
        ...slotOptions(options),
        source: { kind: "local" },
        ...(options.manifestPath ? { manifestPath: options.manifestPath } : {}),
        ...(options.baseDir ? { baseDir: options.baseDir } : {}),
      },
      log,
      options.manifest,
    );
    this.user = openUserSlot(options, options.userManifestPath, log);
    this.userManifestPath = options.userManifestPath;
    this.current = this.rebuild();
    // The MCP client is loaded only when there is an upstream to reach.
    const upstream = options.upstream;
    this.linked = upstream
      ? import("./upstream.js").then((module) => {
          this.link = new module.UpstreamLink(upstream, () => this.changed(), log);
          return this.link.start();
        })
      : Promise.resolve();
    if (this.manifest.units.some((unit) => hasCodeMode(unit.exposure)))
      this.cancelPreparation = prepareCodeModeSoon(this.bundleDir());
  }

  private bundleDir(): string {
    return this.manifestPath ? dirname(this.manifestPath) : (this.options.baseDir ?? process.cwd());
  }

  get projectRoot(): string | undefined {
    return this.options.projectRoot;
  }

  get confirm(): ConfirmOptions | undefined {
    return this.options.confirm;
  }

  get manifest(): Manifest {
    return this.project.generation.runtime.manifest;
  }

  async reload(next: ReloadNext = {}): Promise<ReloadResult> {
    const difference = this.project.swap(next.manifest, next.manifestPath);
    if (next.manifestPath) this.manifestPath = next.manifestPath;
    // A rebuild that changed nothing a client sees is served anew all the same, but tells no client.
    this.changed(changedAnything(difference));
    return difference;
  }

  async reloadUser(
    manifestPath: string | false | undefined = this.options.userManifestPath,
  ): Promise<ReloadResult> {
    let difference: ReloadResult;
    if (manifestPath === false) {
      if (!this.user) return { added: [], changed: [], removed: [] };
      // Swapped as a rebuild is (calls in flight finish); the slot keeps its path for the next build.
      difference = this.user.swap({ ...this.user.generation.runtime.manifest, units: [] });
    } else if (this.user) {
      // The user bundle's search limits are not served (the project's are): only its units count.
      const { settings: _settings, ...units } = this.user.swap(undefined, manifestPath);
      difference = units;
    } else {
      this.user = openUserSlot(this.options, manifestPath, this.log);
      this.userManifestPath = manifestPath;
      const added = this.user?.generation.runtime.manifest.units.map((unit) => unit.id) ?? [];
      difference = { added, changed: [], removed: [] };
    }
    // A rebuild that changed no unit is served anew all the same, but tells no client.
    this.changed(changedAnything(difference));
    return difference;
  }

  private rebuild(): Snapshot {
    const { snapshot, notices } = servedSnapshot(
      {
        project: this.project.generation,
        user: this.user?.generation,
        upstream: this.link?.current(),
        aliases: this.options.aliases,
      },
      this.notices,
      this.log,
    );
    this.notices = notices;
    return snapshot;
  }

  private changed(notify = true): void {
    this.current = this.rebuild();
    if (notify) for (const listener of this.listeners) listener();
  }

  snapshot(): Snapshot {
    return this.current;
  }

  /** The bundle a local unit is served from: the user's own units', else the project's. */
  private slotOf(unit: ServedUnit): BundleSlot {
    return unit.source.kind === "user" && this.user ? this.user : this.project;
  }

  call(
    unit: ServedUnit,
    operation: string,
    input: unknown,
    signal?: AbortSignal,
    projectRoot?: string,
  ): Promise<CallOutcome> {
    if (unit.source.kind === "upstream") {
      return (this.link as UpstreamLink).call(unit.unit.id, operation, input, signal);
    }
    const options = callOptions(signal, projectRoot);
    return this.slotOf(unit).onCurrent((g) => g.runtime.invoke(unit.unit.id, operation, input, options));
  }

  manifestUnit(unit: ServedUnit): ManifestUnit | undefined {
    if (unit.source.kind === "upstream") return undefined;
    return this.slotOf(unit).generation.runtime.manifest.units.find(
      (candidate) => candidate.id === unit.unit.id,
    );
  }

  forward(
    unit: ServedUnit,
    method: ForwardMethod,
    params: Record<string, unknown>,
    signal?: AbortSignal,
    projectRoot?: string,
  ) {
    if (unit.source.kind === "upstream") {
      return Promise.reject(
        new UnitError("UNSUPPORTED_BACKEND", `unit ${unit.id} is served by an upstream instance`),
      );
    }
    const options = callOptions(signal, projectRoot);
    return this.slotOf(unit).onCurrent((g) => g.runtime.forward(unit.unit.id, method, params, options));
  }

  runCode(input: CodeModeRequest, units?: readonly string[], projectRoot?: string, rules?: OperationRules) {
    const view = (): CodeModeHost => {
      const user = this.user && this.userManifestPath ? this.user : undefined;
      return {
        bundleDir: this.bundleDir(),
        snapshot: this.current,
        project: this.project,
        user: user ? { slot: user, manifestPath: this.userManifestPath as string } : undefined,
        manifest: this.manifest,
        call: (...args) => this.call(...args),
      };
    };
    return runHostCode(view, { input, units, projectRoot, rules });
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
    this.cancelPreparation?.();
    this.listeners.clear();
    await this.linked.catch(() => undefined);
    await Promise.allSettled([this.link?.close(), this.project.close(), this.user?.close()]);
  }
}

/** Creates the host; with an upstream it starts connecting at once (see {@link ServeHost.ready}). */
export function createServeHost(options: ServeHostOptions): ServeHost {
  return new Host(options, options.log ?? (() => undefined));
}
