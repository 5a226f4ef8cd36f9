/**
 * `unitc dev` keeps the user's own bundle current too: a change under the user config's folder (the
 * config, or a unit file in its units root) rebuilds that bundle and swaps it into the server, or
 * swaps in an empty one once the config is gone or declares no units.
 */
import { dirname } from "node:path";
import { watch } from "chokidar";
import type { ServeHost } from "../runtime/serve/index.js";
import { counted } from "./compile-lines.js";
import type { CliIO } from "./io.js";
import { buildUserBundle, type UserBundlePlace } from "./user-bundle.js";

/** How long edits settle before a rebuild (an editor's save is often several events). */
const SETTLE_MS = 150;

/** Watches the user config's folder until closed; each settled change rebuilds and reloads. */
export function watchUserBundle(
  io: CliIO,
  place: UserBundlePlace,
  host: () => ServeHost | undefined,
): { close(): Promise<void> } {
  const watcher = watch(dirname(place.userConfig), { ignoreInitial: true, depth: 2 });
  let timer: NodeJS.Timeout | undefined;
  let queue = Promise.resolve();
  const rebuild = async () => {
    const built = await buildUserBundle(io, place, "unitc dev");
    const served = host();
    // A failed build keeps the last one served; no unit to serve (the config is gone, or declares
    // none now) swaps in an empty bundle, so the units served so far go too.
    if (built === undefined || !served) return;
    try {
      const change = await served.reloadUser(built);
      const touched = change.added.length + change.changed.length + change.removed.length;
      if (built)
        io.stderr(`unitc dev: serving the user's units anew (${counted(touched, "unit")} changed)\n`);
      else if (touched > 0)
        io.stderr(
          `unitc dev: the user config declares no units now; ${counted(touched, "unit")} no longer served\n`,
        );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      io.stderr(
        `unitc dev: the user's new build cannot be served (${message}); still serving the last one\n`,
      );
    }
  };
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      queue = queue.then(rebuild);
    }, SETTLE_MS);
  };
  watcher.on("all", changed);
  // chokidar drops a second change to a file within 50 ms of the first; the raw events do not.
  watcher.on("raw", changed);
  return {
    async close() {
      clearTimeout(timer);
      await watcher.close();
      await queue;
    },
  };
}
