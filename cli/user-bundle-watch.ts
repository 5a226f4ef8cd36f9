/**
 * `unitc dev` keeps the user's own bundle current too: a change under the user config's folder (the
 * config, or a unit file in its units root), or to a file elsewhere the last build read (a unit's
 * local spec, schema or `$ref`ed file, a unit set's files), rebuilds that bundle and swaps it into the
 * server, or swaps in an empty one once the config is gone or declares no units. A folder not made
 * yet is followed into being from its nearest existing parent. An edit no event reported in time
 * (made during a build, or before the watcher listened) is found by comparing with the disk after
 * each build, as the project's watcher does.
 */
import { dirname } from "node:path";
import { type FSWatcher, watch } from "chokidar";
import { readInputFile } from "../compiler/load/read-file.js";
import { type BuildReads, logReads } from "../compiler/load/read-log.js";
import { listUnitFiles } from "../compiler/load/units-root.js";
import { FileHashes } from "../compiler/shared/file-hashes.js";
import { ReadBack } from "../compiler/watch-reads.js";
import type { ServeHost } from "../runtime/serve/index.js";
import { counted } from "./compile-lines.js";
import type { CliIO } from "./io.js";
import { buildUserBundle, type UserBundlePlace } from "./user-bundle.js";
import { joinReads, nearestExisting, OutsideInputs } from "./user-bundle-inputs.js";

/** How long edits settle before a rebuild (an editor's save is often several events). */
const SETTLE_MS = 150;

/**
 * What the user's bundle is built from, read as its build starts: the config, its units root's
 * listing and each unit file listed. The compile runs in a child process, whose reads this process
 * cannot log; what is read here, just before it, is older than anything the child reads, so an edit
 * the child missed differs from it too.
 */
async function readInputs(place: UserBundlePlace): Promise<BuildReads> {
  const { reads } = await logReads(async () => {
    await readInputFile(place.userConfig);
    const listed = await listUnitFiles(dirname(place.userConfig));
    await Promise.all(listed.entries.map((entry) => readInputFile(entry.file)));
  });
  return reads;
}

/**
 * Builds the user's bundle, with what it was built from: what this process read as the build began,
 * then what the compile child reports it read; the files the child read outside the user config's
 * folder are followed from now on (once listening, unless `closed`).
 */
async function buildReading(
  io: CliIO,
  place: UserBundlePlace,
  outside: OutsideInputs,
  closed: () => boolean,
): Promise<{ built: string | false | undefined; reads: BuildReads }> {
  const before = await readInputs(place);
  const child: { reads?: BuildReads } = {};
  const built = await buildUserBundle(io, place, "unitc dev", (compiled) => {
    child.reads = compiled;
  });
  // No report from the child (it crashed): the files followed so far stay followed.
  if (child.reads && !closed()) await outside.follow(child.reads);
  return { built, reads: joinReads(before, child.reads) };
}

/** Swaps a build of the user's bundle into the server, saying what changed. */
async function serveBuilt(io: CliIO, host: ServeHost, built: string | false): Promise<void> {
  try {
    const change = await host.reloadUser(built);
    const touched = change.added.length + change.changed.length + change.removed.length;
    if (built) io.stderr(`unitc dev: serving the user's units anew (${counted(touched, "unit")} changed)\n`);
    else if (touched > 0)
      io.stderr(
        `unitc dev: the user config declares no units now; ${counted(touched, "unit")} no longer served\n`,
      );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`unitc dev: the user's new build cannot be served (${message}); still serving the last one\n`);
  }
}

/** `unitc dev`'s watcher of the user's bundle. */
export interface UserBundleWatcher {
  /** The first build (as {@link buildUserBundle} resolves), once the watcher listens. */
  readonly ready: Promise<string | false | undefined>;
  /** Tells the watcher the server is there: a build made before it is swapped in now. */
  served(): void;
  /** Stops watching; waits for a build in progress. */
  close(): Promise<void>;
}

/**
 * Builds the user's bundle, then watches the user config's folder until closed; each settled change
 * rebuilds and reloads. After each build, what it was built from is compared with the disk (the
 * project watcher's read-back, `compiler/watch-reads.ts`): an edit made during the build, or before
 * the watcher listened, builds again.
 */
export function watchUserBundle(
  io: CliIO,
  place: UserBundlePlace,
  host: () => ServeHost | undefined,
): UserBundleWatcher {
  return new UserBundleWatch(io, place, host);
}

/** The watcher {@link watchUserBundle} returns: its state, and each step as a method. */
class UserBundleWatch implements UserBundleWatcher {
  readonly ready: Promise<string | false | undefined>;
  private readonly folder: string;
  private readonly hashes = new FileHashes();
  private readonly readBack = new ReadBack();
  /** What the compile child read elsewhere is followed too, and compared with the hash it read. */
  private readonly outside: OutsideInputs;
  private reads: BuildReads | undefined;
  /** A good build made while there was no server to take it (the first ones are). */
  private unserved: string | false | undefined;
  private watched = "";
  private watcher: FSWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Builds one after another: the first, then each settled change and each read-back. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly io: CliIO,
    private readonly place: UserBundlePlace,
    private readonly host: () => ServeHost | undefined,
  ) {
    const folder = dirname(place.userConfig);
    this.folder = folder;
    this.outside = new OutsideInputs(folder, place.projectDir, () => this.changed());
    this.ready = (async () => {
      const first = await this.build();
      await this.follow(nearestExisting(folder));
      await this.verify();
      return first;
    })();
    this.queue = this.ready.then(
      () => undefined,
      () => undefined,
    );
  }

  served(): void {
    this.queue = this.queue.then(async () => {
      const served = this.host();
      if (this.unserved === undefined || !served) return;
      const built = this.unserved;
      this.unserved = undefined;
      await serveBuilt(this.io, served, built);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.queue;
    await this.watcher?.close();
    await this.outside.close();
  }

  private async build(): Promise<string | false | undefined> {
    const done = await buildReading(this.io, this.place, this.outside, () => this.closed);
    this.reads = done.reads;
    return done.built;
  }

  /**
   * A failed build keeps the last one served; no unit to serve (the config is gone, or declares none
   * now) swaps in an empty bundle, so the units served so far go too.
   */
  private async rebuild(): Promise<void> {
    const built = await this.build();
    if (built === undefined) return;
    const served = this.host();
    this.unserved = served ? undefined : built;
    if (served) await serveBuilt(this.io, served, built);
  }

  /**
   * Watches the folder (its units root two levels deep), or only the entries of the parent it is
   * still missing from; resolves once the new watcher is ready, so no later change goes unseen.
   */
  private async follow(target: string): Promise<void> {
    await this.watcher?.close();
    this.watched = target;
    const watcher = watch(target, { ignoreInitial: true, depth: target === this.folder ? 2 : 0 });
    this.watcher = watcher;
    watcher.on("all", () => this.changed());
    // chokidar drops a second change to a file within 50 ms of the first; the raw events do not.
    watcher.on("raw", () => this.changed());
    await new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  }

  /** Once the watcher listens: anything that differs from what the last build was built from builds again. */
  private async verify(): Promise<void> {
    if (!this.reads || this.closed) return;
    const fresh = await this.readBack.changed(this.reads, this.hashes);
    if (fresh.length > 0 && !this.closed) this.queue = this.queue.then(() => this.settled());
  }

  private async settled(): Promise<void> {
    const before = this.watched;
    const target = nearestExisting(this.folder);
    if (target !== this.watched) await this.follow(target);
    // Only a parent watched, and the folder still missing: nothing of the user's to build yet.
    if (target !== this.folder && before !== this.folder) return;
    await this.rebuild();
    await this.verify();
  }

  private changed(): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.queue = this.queue.then(() => this.settled());
    }, SETTLE_MS);
  }
}
