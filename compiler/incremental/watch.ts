/**
 * Watch mode: compile once, then again whenever a config file, a unit file (added, changed, removed,
 * renamed, as a file or a folder unit), a unit-set folder or a local file a unit reads changes.
 * Changes are debounced; each rebuild reuses what did not change (see {@link BuildMemo}) and writes
 * only the files that differ. A build with errors writes nothing: the last good output stays.
 */
import { basename, dirname, join, resolve, sep } from "node:path";
import { type FSWatcher, watch } from "chokidar";
import { type Diagnostic, hasErrors } from "../diagnostics.js";
import { inside } from "../discover/sources/ref-rules.js";
import { type CompileOptions, type CompileResult, compile } from "../index.js";
import { configFiles } from "../load/config-paths.js";
import { writeBundle } from "../write.js";
import {
  checkUpToDate,
  compiledBuild,
  type RecordOptions,
  recordBuild,
  snapshotSources,
} from "./build-record.js";
import { BuildMemo } from "./memo.js";

export interface WatchOptions extends Omit<CompileOptions, "memo" | "outDir"> {
  /** Absolute output folder. */
  outDir: string;
  /** Quiet time after the last change before a rebuild starts (default 20 ms). */
  debounceMs?: number;
  /** Turns the emitted files into the files to write (`--bundle` adds `bundle/`). */
  prepare?: (result: CompileResult) => Promise<Map<string, string>>;
  /** Called after every build, the first included. Errors it throws are reported, not fatal. */
  onBuild?: (build: WatchBuild) => void | Promise<void>;
  /**
   * Use the build record `unitc compile` keeps (`variant` as there: `bundle` with `--bundle`): the
   * first build is skipped when nothing changed since the recorded one, and good builds are recorded.
   */
  record?: { variant: string };
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
  readonly #outDir: string;
  #watcher: FSWatcher | undefined;
  /** Folders whose unit files matter, to two levels: `<id>.md`, `<id>/UNIT.md`. */
  #roots = new Set<string>();
  /** Local files the last build read, each watched through its folder (so it may appear later). */
  #inputs = new Set<string>();
  /** What the watcher was asked to watch: the roots and the inputs' folders. */
  #watched = new Set<string>();
  #pending = new Set<string>();
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
    const build = (await this.#fromRecord()) ?? (await this.#build([]));
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
    this.#pending.add(path);
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      const changes = [...this.#pending].sort();
      this.#pending.clear();
      this.#running = this.#running.then(() => this.#build(changes).then(() => undefined));
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

  /** What the build record knows of this project's output, used only by the record helpers. */
  #recordOptions(): RecordOptions | undefined {
    const { record, prepare: _p, onBuild: _o, debounceMs: _d, progress: _g, ...options } = this.#options;
    return record ? { ...options, variant: record.variant } : undefined;
  }

  /** The first build from the build record, when it shows that nothing changed; else undefined. */
  async #fromRecord(): Promise<WatchBuild | undefined> {
    const started = performance.now();
    const options = this.#recordOptions();
    const recorded = options ? await checkUpToDate(options) : undefined;
    if (!recorded) return undefined;
    this.#follow({ roots: recorded.roots, inputs: recorded.inputs });
    const build: WatchBuild = {
      sequence: ++this.#sequence,
      ok: true,
      diagnostics: recorded.diagnostics,
      units: recorded.units,
      operations: recorded.operations,
      rebuilt: [],
      written: [],
      removed: [],
      changes: [],
      durationMs: performance.now() - started,
      upToDate: true,
    };
    await this.#tell(build);
    return build;
  }

  async #tell(build: WatchBuild): Promise<void> {
    try {
      await this.#options.onBuild?.(build);
    } catch {
      // A listener's failure must not stop watching.
    }
  }

  async #build(changes: string[]): Promise<WatchBuild> {
    const started = performance.now();
    const {
      prepare,
      onBuild: _onBuild,
      debounceMs: _debounce,
      record: _record,
      ...compileOptions
    } = this.#options;
    const recordOptions = this.#recordOptions();
    const sources = recordOptions ? await snapshotSources(recordOptions) : undefined;
    const result = await compile({ ...compileOptions, memo: this.#memo });
    const discovered = result.context.discovered;
    this.#follow(discovered);
    const units = discovered?.units ?? [];
    const build: WatchBuild = {
      sequence: ++this.#sequence,
      ok: false,
      diagnostics: result.diagnostics,
      units: units.length,
      operations: units.reduce((n, u) => n + u.operations.length, 0),
      rebuilt: discovered?.rebuilt ?? [],
      written: [],
      removed: [],
      changes,
      durationMs: 0,
    };
    if (!hasErrors(result.diagnostics) && result.files.size > 0) {
      const files = prepare ? await prepare(result) : result.files;
      if (!hasErrors(result.diagnostics)) {
        const written = await writeBundle(files, {
          outDir: this.#options.outDir,
          ...(this.#written ? { previous: this.#written } : {}),
        });
        build.diagnostics = [...result.diagnostics, ...written.diagnostics];
        build.written = written.written;
        build.removed = written.removed;
        build.ok = !hasErrors(written.diagnostics);
        // After a failed write the folder's contents are unknown: compare with the disk next time.
        this.#written = build.ok ? files : undefined;
        const compiled = build.ok ? compiledBuild(result, files.keys()) : undefined;
        if (recordOptions && sources && compiled) await recordBuild(recordOptions, sources, compiled);
      }
    }
    build.durationMs = performance.now() - started;
    await this.#tell(build);
    return build;
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
