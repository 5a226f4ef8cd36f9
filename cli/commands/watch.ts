/** `unitc compile --watch` and the watching half of `unitc dev`. */
import { type ProjectWatcher, type WatchBuild, watchProject } from "../../compiler/incremental/watch.js";
import { type CliIO, stopped } from "../io.js";
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
  return watchProject({
    ...options,
    // Start from the build record `unitc compile` keeps: nothing changed means nothing to compile.
    record: true,
    async onBuild(build) {
      reportBuild(io, build);
      await after?.(build);
    },
  });
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
