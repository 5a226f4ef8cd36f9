/**
 * `unitc dev` keeps the user's own bundle current too: a change under the user config's folder (the
 * config, or a unit file in its units root) rebuilds that bundle and swaps it into the server, or
 * swaps in an empty one once the config is gone or declares no units. A folder not made yet is
 * followed into being from its nearest existing parent.
 */
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { type FSWatcher, watch } from "chokidar";
import type { ServeHost } from "../runtime/serve/index.js";
import { counted } from "./compile-lines.js";
import type { CliIO } from "./io.js";
import { buildUserBundle, type UserBundlePlace } from "./user-bundle.js";

/** How long edits settle before a rebuild (an editor's save is often several events). */
const SETTLE_MS = 150;

/** The folder itself when it exists, else its nearest existing parent. */
function nearestExisting(folder: string): string {
  let dir = folder;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** Rebuilds the user's bundle and swaps it into the server, saying what changed. */
async function rebuild(io: CliIO, place: UserBundlePlace, served: () => ServeHost | undefined) {
  const built = await buildUserBundle(io, place, "unitc dev");
  const host = served();
  // A failed build keeps the last one served; no unit to serve (the config is gone, or declares
  // none now) swaps in an empty bundle, so the units served so far go too.
  if (built === undefined || !host) return;
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

/** Watches the user config's folder until closed; each settled change rebuilds and reloads. */
export function watchUserBundle(
  io: CliIO,
  place: UserBundlePlace,
  host: () => ServeHost | undefined,
): { close(): Promise<void> } {
  const folder = dirname(place.userConfig);
  let watched = "";
  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  let queue = Promise.resolve();
  let closed = false;
  // Watches the folder (its units root two levels deep), or only the entries of the parent it is
  // still missing from; resolves once the new watcher is ready, so no later change goes unseen.
  const follow = async (target: string) => {
    await watcher?.close();
    watched = target;
    watcher = watch(target, { ignoreInitial: true, depth: target === folder ? 2 : 0 });
    watcher.on("all", changed);
    // chokidar drops a second change to a file within 50 ms of the first; the raw events do not.
    watcher.on("raw", changed);
    await new Promise<void>((resolve) => watcher?.once("ready", () => resolve()));
  };
  const settled = async () => {
    const before = watched;
    const target = nearestExisting(folder);
    if (target !== watched) await follow(target);
    // Only a parent watched, and the folder still missing: nothing of the user's to build yet.
    if (target !== folder && before !== folder) return;
    await rebuild(io, place, host);
  };
  function changed() {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      queue = queue.then(settled);
    }, SETTLE_MS);
  }
  queue = follow(nearestExisting(folder));
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await queue;
      await watcher?.close();
    },
  };
}
