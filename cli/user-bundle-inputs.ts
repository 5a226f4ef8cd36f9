/**
 * The files a build of the user's bundle read that `unitc dev`'s watcher of the user config's folder
 * does not see: a spec, schema or `$ref`ed file kept elsewhere (`specPath: ../../work/api.yaml`, an
 * absolute path), a unit set's config file or units root. The compile child names them (`reads` in
 * `unitc compile --format json`); they are followed here until a build no longer reads them. A
 * folder not made yet (a set's units root named before it exists) is followed from its nearest
 * existing parent.
 */
import { existsSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { type FSWatcher, watch } from "chokidar";
import { inside } from "../compiler/discover/sources/ref-rules.js";
import { addReads, type BuildReads } from "../compiler/load/read-log.js";

/** How deep the folder's own watcher looks: `<id>.md`, `<id>/UNIT.md`, `<id>/<dir>/spec.yaml`. */
const FOLDER_DEPTH = 2;

/** `folder` itself or anything below it. */
const isInside = (path: string, folder: string) => path === folder || inside(folder, path);

/** The folder itself when it exists, else its nearest existing parent. */
export function nearestExisting(folder: string): string {
  let dir = folder;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((item) => b.has(item));

/**
 * What the parent read as the build started, then what the compile child read: the earliest view of
 * a path is the one compared with the disk after the build.
 */
export function joinReads(before: BuildReads, child: BuildReads | undefined): BuildReads {
  const joined: BuildReads = { files: new Map(before.files), roots: new Map(before.roots) };
  addReads(joined, child);
  return joined;
}

/** Follows the files and units roots the last user build read outside what the folder's watcher sees. */
export class OutsideInputs {
  readonly #folder: string;
  readonly #own: string;
  readonly #changed: (path: string) => void;
  #files = new Set<string>();
  #roots = new Set<string>();
  /** What the watcher watches: each followed folder, or its nearest existing parent while it is missing. */
  #targets = new Set<string>();
  #watcher: FSWatcher | undefined;

  /**
   * `folder`: the user config's folder, watched apart; `own`: the user bundle's project folder in the
   * state folder (unitc's own files); `changed`: called with each changed path followed.
   */
  constructor(folder: string, own: string, changed: (path: string) => void) {
    this.#folder = folder;
    this.#own = own;
    this.#changed = changed;
  }

  /** Whether the folder's watcher sees `path` and `below` levels of folders under it, or it is unitc's own. */
  #seen(path: string, below: number): boolean {
    if (isInside(path, this.#own)) return true;
    if (!isInside(path, this.#folder)) return false;
    const levels = relative(this.#folder, path).split(sep).filter(Boolean).length;
    return levels + below <= FOLDER_DEPTH + 1;
  }

  /**
   * Follows what `reads` names outside the folder (and nothing else); resolves once it listens. Asked
   * again with the same reads, it follows anew only if a missing folder has been made since.
   */
  async follow(reads: BuildReads): Promise<void> {
    const files = new Set([...reads.files.keys()].filter((file) => !this.#seen(file, 0)));
    const roots = new Set([...reads.roots.keys()].filter((root) => !this.#seen(root, 2)));
    // Each file through its folder (one level): a file an editor replaces, or that appears later, is seen.
    const folders = new Set([...files].map((file) => dirname(file)));
    const paths = [...new Set([...folders, ...roots])];
    const targets = new Set(paths.map(nearestExisting));
    const same = sameSet(files, this.#files) && sameSet(roots, this.#roots);
    if (same && sameSet(targets, this.#targets)) return;
    await this.close();
    this.#files = files;
    this.#roots = roots;
    this.#targets = targets;
    if (paths.length === 0) return;
    const followed = (path: string) => files.has(path) || [...roots].some((root) => isInside(path, root));
    // A folder on the way down to a missing one: its making is the change that matters there.
    const onTheWay = (path: string) => paths.some((wanted) => inside(path, wanted));
    const watcher = watch([...targets], {
      ignoreInitial: true,
      depth: FOLDER_DEPTH,
      ignored: (path) => !(followed(path) || folders.has(path) || onTheWay(path)),
    });
    this.#watcher = watcher;
    const changed = (path: string) => {
      if (followed(path) || onTheWay(path)) this.#changed(path);
    };
    watcher.on("all", (_event, path) => changed(path));
    // chokidar drops a second change to a file within 50 ms of the first; the raw events do not.
    watcher.on("raw", (_event, name, details) => {
      const watched = (details as { watchedPath?: unknown } | undefined)?.watchedPath;
      if (typeof watched !== "string" || typeof name !== "string") return;
      changed(basename(watched) === name ? watched : join(watched, name));
    });
    // A folder that cannot be watched (missing, permissions) is skipped: the read-back still compares it.
    watcher.on("error", () => undefined);
    await new Promise<void>((done) => watcher.once("ready", () => done()));
  }

  /** Stops following. */
  async close(): Promise<void> {
    const watcher = this.#watcher;
    this.#watcher = undefined;
    this.#files = new Set();
    this.#roots = new Set();
    this.#targets = new Set();
    await watcher?.close();
  }
}
