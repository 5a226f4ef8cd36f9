/**
 * Watch mode: compile once, then again whenever a config file, a unit file (added, changed, removed,
 * renamed, as a file or a folder unit), a unit-set folder or a local file a unit reads changes.
 * Changes are debounced, and a late report of a path unchanged since the last build is dropped;
 * each rebuild reuses what did not change (see {@link BuildMemo}) and writes only the files that
 * differ. A build with errors writes nothing: the last good output stays. After each build, what it
 * read is compared with the disk (see `watch-reads.ts`): an edit no event reported in time rebuilds.
 */
import { basename, dirname, join, resolve, sep } from "node:path";
import { type FSWatcher, watch } from "chokidar";
import { build as buildOnce } from "./build.js";
import type { Diagnostic } from "./codes/diagnostics.js";
import type { CompileOptions } from "./compile.js";
import { inside } from "./discover/sources/ref-rules.js";
import { BuildMemo } from "./incremental/memo.js";
import { configFiles } from "./load/config-paths.js";
import { type BuildReads, logReads } from "./load/read-log.js";
import { ReadBack } from "./watch-reads.js";
import { PathStates } from "./watch-states.js";

export interface WatchOptions extends Omit<CompileOptions, "memo" | "outDir"> {
  /** Absolute output folder. */
  outDir: string;
  /** Quiet time after the last change before a rebuild starts (default 20 ms). */
  debounceMs?: number;
  /** Also write `bundle/` (rollup) on every build; absent: the project's `output.bundle`. A failed bundle fails the build. */
  bundle?: boolean;
  /** Called after every build, the first included. Errors it throws are reported, not fatal. */
  onBuild?: (build: WatchBuild) => void | Promise<void>;
  /**
   * Use the build record `unitc compile` keeps: the first build is skipped when nothing changed
   * since the recorded one, and good builds are recorded.
   */
  record?: boolean;
}

/** What one build did. */
export interface WatchBuild {
  /** 1 for the first build. */
  sequence: number;
  /** False when the build had errors: nothing was written and the last good output stays. */
  ok: boolean;
  diagnostics: Diagnostic[];
  units: number;
  operations: number;
  /** Units discovered afresh (the others were unchanged). */
  rebuilt: string[];
  written: string[];
  removed: string[];
  /** The changed paths that started this build (none for the first). */
  changes: string[];
  /** From the start of the build to the end of the write, in milliseconds. */
  durationMs: number;
  /** The first build only: nothing changed since the recorded build, so nothing was compiled. */
  upToDate?: boolean;
}

export interface ProjectWatcher {
  /** The first build (the watcher is listening by then). */
  readonly ready: Promise<WatchBuild>;
  /** Resolves when the builds already asked for have finished. */
  idle(): Promise<void>;
  /** Stops watching; waits for a build in progress. Nothing of the watcher is left running. */
  close(): Promise<void>;
}

const DEBOUNCE_MS = 20;

/** Names of editor scratch files, never worth a rebuild on their own. */
const SCRATCH = /(?:^\.#|~$|\.sw[a-p]$|\.tmp$|^4913$)/;

/** The project's units roots (`.units/` and the user config's folder); config files live in them. */
function projectRoots(options: WatchOptions): string[] {
  const files = configFiles(options);
  return [files.project, ...(files.user ? [files.user] : [])].map((file) => dirname(file));
}

/** `folder` itself or anything below it. */
function isInside(path: string, folder: string): boolean {
  return path === folder || inside(folder, path);
}

class Watcher implements ProjectWatcher {
  readonly ready: Promise<WatchBuild>;
  readonly #options: WatchOptions;
  readonly #memo = new BuildMemo();
  readonly #states = new PathStates();
  readonly #outDir: string;
  #watcher: FSWatcher | undefined;
  /** Folders whose unit files matter, to two levels: `<id>.md`, `<id>/UNIT.md`. */
  #roots = new Set<string>();
  /** Local files the last build read, each watched through its folder (so it may appear later). */
  #inputs = new Set<string>();
  /** What the watcher was asked to watch: the roots and the inputs' folders. */
  #watched = new Set<string>();
  #pending = new Set<string>();
  /** What the last build read (see `watch-reads.ts`). */
  #reads: BuildReads | undefined;
  /** Paths rebuilt because they differed from what a build read: once per state. */
  readonly #readBack = new ReadBack();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> = Promise.resolve();
  #sequence = 0;
  #written: Map<string, string> | undefined;
  #closed = false;

  constructor(options: WatchOptions) {
    this.#options = options;
    this.#outDir = resolve(options.outDir);
    this.ready = this.#start();
  }

  /** The first build, then the watcher over what it read; resolves once the watcher listens. */
  async #start(): Promise<WatchBuild> {
    const build = await this.#build([]);
    if (this.#closed) return build;
    const watcher = watch([...this.#watched], {
      ignoreInitial: true,
      depth: 2,
      ignored: (path) => !this.#relevant(path),
    });
    this.#watcher = watcher;
    watcher.on("all", (_event, path) => this.#changed(path));
    // chokidar drops a second change to a file within 50 ms of the first; the raw events do not.
    watcher.on("raw", (_event, name, details) => {
      const watched = (details as { watchedPath?: unknown } | undefined)?.watchedPath;
      if (typeof watched !== "string" || typeof name !== "string") return;
      this.#changed(basename(watched) === name ? watched : join(watched, name));
    });
    // A path that cannot be watched (permissions, vanished) is skipped; the rest keep working.
    watcher.on("error", () => undefined);
    await new Promise<void>((done) => watcher.once("ready", () => done()));
    // Edits that landed after the first build read its files and before the watcher listened.
    await this.#verify();
    return build;
  }

  /** True for a root, anything in a root, an input file, and an input's folder (itself only). */
  #relevant(path: string): boolean {
    if (isInside(path, this.#outDir) || path.split(sep).includes("node_modules")) return false;
    if (this.#inputs.has(path) || this.#watched.has(path)) return true;
    for (const root of this.#roots) if (isInside(path, root)) return true;
    return false;
  }

  #changed(path: string): void {
    if (this.#closed || SCRATCH.test(basename(path)) || !this.#relevant(path)) return;
    // An input's folder reports changes to its other files too; only the input's own matter.
    if (this.#watched.has(path) && !this.#roots.has(path)) return;
    this.#queue(path);
  }

  /** Asks for a build for `path` after the quiet time. */
  #queue(path: string): void {
    this.#pending.add(path);
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      const changes = [...this.#pending].sort();
      this.#pending.clear();
      // Checked when the build would start: a late report of what the last build already read asks for none.
      this.#running = this.#running.then(async () => {
        if (!(await this.#states.update(changes))) return;
        await this.#build(changes);
        await this.#verify();
      });
    }, this.#options.debounceMs ?? DEBOUNCE_MS);
  }

  /** Watches the project's roots, the unit sets' roots and the inputs of the last build. */
  #follow(discovered: { inputs: readonly string[]; roots: readonly string[] } | undefined): void {
    if (discovered) {
      this.#roots = new Set([...projectRoots(this.#options), ...discovered.roots]);
      this.#inputs = new Set(discovered.inputs);
    } else {
      for (const root of projectRoots(this.#options)) this.#roots.add(root);
    }
    const next = new Set([...this.#roots, ...[...this.#inputs].map((file) => dirname(file))]);
    const added = [...next].filter((path) => !this.#watched.has(path));
    const gone = [...this.#watched].filter((path) => !next.has(path));
    this.#watched = next;
    if (gone.length > 0) this.#watcher?.unwatch(gone);
    if (added.length > 0) this.#watcher?.add(added);
  }

  async #tell(build: WatchBuild): Promise<void> {
    try {
      await this.#options.onBuild?.(build);
    } catch {
      // A listener's failure must not stop watching.
    }
  }

  /** One build; the first may be answered by the build record when nothing changed since it. */
  async #build(changes: string[]): Promise<WatchBuild> {
    const started = performance.now();
    const { onBuild: _onBuild, debounceMs: _debounce, record, ...options } = this.#options;
    const { value: outcome, reads } = await logReads(() =>
      buildOnce({
        ...options,
        memo: this.#memo,
        ...(record ? { record: true, reuseRecord: this.#sequence === 0 } : {}),
        ...(this.#written ? { previous: this.#written } : {}),
      }),
    );
    for (const [file, hash] of outcome.result?.context.discovered?.inputHashes ?? [])
      if (!reads.files.has(file)) reads.files.set(file, hash);
    this.#reads = reads;
    const discovered = outcome.recorded ?? outcome.result?.context.discovered;
    this.#follow(discovered);
    const ok = outcome.status !== "failed";
    // After a failed write the folder's contents are unknown: compare with the disk next time.
    if (!outcome.fromRecord) this.#written = ok ? outcome.files : undefined;
    const build: WatchBuild = {
      sequence: ++this.#sequence,
      ok,
      diagnostics: outcome.diagnostics,
      units: outcome.units,
      operations: outcome.operations,
      rebuilt: outcome.result?.context.discovered?.rebuilt ?? [],
      written: outcome.written,
      removed: outcome.removed,
      changes,
      durationMs: performance.now() - started,
      ...(outcome.fromRecord ? { upToDate: true } : {}),
    };
    await this.#tell(build);
    return build;
  }

  /**
   * Compares what the last build read with the disk, once its listener has run and the watcher
   * follows what it read; a path that differs asks for a build, once for each state it is found in
   * (a file discovery notes but cannot read, a folder say, differs every time).
   */
  async #verify(): Promise<void> {
    const reads = this.#reads;
    if (!reads || this.#closed) return;
    const fresh = await this.#readBack.changed(reads, this.#memo.discovered.files);
    if (fresh.length === 0 || this.#closed) return;
    this.#states.forget(fresh);
    for (const path of fresh) this.#queue(path);
  }

  async idle(): Promise<void> {
    await this.ready;
    for (;;) {
      if (this.#timer !== undefined) {
        await new Promise((done) => setTimeout(done, this.#options.debounceMs ?? DEBOUNCE_MS));
        continue;
      }
      const running = this.#running;
      await running;
      if (running === this.#running && this.#timer === undefined) return;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.ready.catch(() => undefined);
    await this.#watcher?.close();
    await this.ready.catch(() => undefined);
    await this.#running.catch(() => undefined);
  }
}

/** Starts watching a project; see {@link ProjectWatcher}. */
export function watchProject(options: WatchOptions): ProjectWatcher {
  return new Watcher(options);
}
