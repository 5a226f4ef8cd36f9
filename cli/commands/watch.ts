/** `unitc compile --watch` and the watching half of `unitc dev`. */
import { type ProjectWatcher, type WatchBuild, watchProject } from "../../compiler/watch.js";
import { type CliIO, stopped } from "../io.js";
import { lazyStorage } from "../lazy-vault.js";
import { reportBuild } from "../watch-report.js";

export interface WatchCliOptions {
  projectDir: string;
  configFile?: string;
  userConfigFile?: string | false | undefined;
  env?: Record<string, string | undefined>;
  outDir: string;
  /** Also write `bundle/` (rollup) on every build; absent: the project's `output.bundle`. */
  bundle?: boolean;
}

/** Starts watching, reporting every build on stderr; `after` runs once a build is reported. */
export function startWatching(
  io: CliIO,
  options: WatchCliOptions,
  after?: (build: WatchBuild) => Promise<void>,
): ProjectWatcher {
  // OAuth units are listed with the tokens of the user config's storage, as they are served.
  const { userConfigFile } = options;
  const storage = lazyStorage(io, userConfigFile === false ? "none" : userConfigFile);
  const watcher = watchProject({
    ...options,
    oauth: storage.oauth,
    // Start from the build record `unitc compile` keeps: nothing changed means nothing to compile.
    record: true,
    async onBuild(build) {
      reportBuild(io, build);
      await after?.(build);
    },
  });
  return {
    ready: watcher.ready,
    idle: () => watcher.idle(),
    async close() {
      await watcher.close();
      await storage.close();
    },
  };
}

/** `unitc compile --watch`: builds until SIGINT/SIGTERM (or the IO's abort signal). */
export async function watchUntilStopped(io: CliIO, options: WatchCliOptions): Promise<void> {
  const watcher = startWatching(io, options);
  try {
    await watcher.ready;
    io.stderr("unitc: watching for changes (Ctrl-C to stop)\n");
    await stopped(io.signal);
  } finally {
    await watcher.close();
  }
}
