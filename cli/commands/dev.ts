/**
 * `unitc dev`: watch + serve. Every good build is written to the output folder and swapped into the
 * running server (calls in flight finish on the old bundle); connected clients get
 * `notifications/tools/list_changed` when a unit they see changed. A broken edit keeps serving the
 * last good bundle. Over stdio, stdout carries JSON-RPC only: build reports go to stderr.
 */

import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { defineCommand } from "citty";
import type { WatchBuild } from "../../compiler/watch.js";
import { changedAnything, emptyManifest, type ServeHost } from "../../runtime/serve/index.js";
import { counted } from "../compile-lines.js";
import { withEnvFile } from "../env-file.js";
import type { CliIO } from "../io.js";
import { EXIT_ERRORS } from "../io.js";
import { includeUserUnitsArg, projectArgs, projectOptions } from "../project-args.js";
import { projectMayRun } from "../trust/command-set.js";
import { userBundlePlace } from "../user-bundle.js";
import { watchUserBundle } from "../user-bundle-watch.js";
import { type ServeArgs, serveArgs, serveFromArgs } from "./serve.js";
import { startWatching } from "./watch.js";

/**
 * Swaps a good build into the server; a bundle that fails to load leaves the old one served. Clients
 * are told only when what they see changed: a unit, or the search limits. A unit's Code Mode
 * declarations change only with its manifest entry (its `sourceHash` covers every source they are
 * written from), so the entry alone says whether they changed.
 */
async function swap(io: CliIO, host: ServeHost, build: WatchBuild): Promise<void> {
  if (!build.ok || (build.written.length === 0 && build.removed.length === 0)) return;
  try {
    const change = await host.reload();
    const touched = change.added.length + change.changed.length + change.removed.length;
    const what = `${counted(touched, "unit")} changed${change.settings ? ", search limits changed" : ""}`;
    const told = changedAnything(change) ? "clients notified" : "no client notified";
    io.stderr(`unitc dev: serving the new build (${what}); ${told}\n`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`unitc dev: the new build cannot be served (${message}); still serving the last one\n`);
  }
}

const { manifest: _manifest, "user-config": _user, ...servingArgs } = serveArgs;

const devArgs = {
  ...projectArgs,
  ...includeUserUnitsArg,
  out: { type: "string", description: "Output folder (default <project>/generated)", valueHint: "DIR" },
  bundle: { type: "boolean", description: "Also emit one ESM file plus declarations under bundle/" },
  ...servingArgs,
} as const;

export function devCommand(outerIo: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: { name: "dev", description: "Watch the project, rebuild on change and serve the bundle over MCP" },
    args: devArgs,
    async run({ args }) {
      const io = withEnvFile(outerIo, args["env-file"]);
      const options = projectOptions(io, args);
      const outDir = resolve(io.cwd, args.out ?? resolve(options.projectDir, "generated"));
      const manifestPath = join(outDir, "manifest.json");
      // dev compiles (starting stdio MCP servers) and serves (running CLI actions): a trusted
      // project only. Edits made while it runs are its author's.
      if (!(await projectMayRun(io, "dev", options, args.trust))) return setExit(EXIT_ERRORS);
      let host: ServeHost | undefined;
      // The user's own units: compiled into this bundle with --include-user-units, else served
      // from a bundle of their own, kept current like the project's.
      const userPlace =
        args["include-user-units"] === true || args["user-units"] === false
          ? undefined
          : userBundlePlace(options.userConfigFile, io.env, { evenIfAbsent: true });
      const userWatcher = userPlace ? watchUserBundle(io, userPlace, () => host) : undefined;
      const userManifestPath = await userWatcher?.ready;
      const watcher = startWatching(
        io,
        { ...options, outDir, ...(typeof args.bundle === "boolean" ? { bundle: args.bundle } : {}) },
        async (build) => {
          if (host) await swap(io, host, build);
        },
      );
      // JSON-RPC on a person's screen helps nobody: at a terminal, serve over HTTP unless told.
      const atTerminal = io.stdinIsTTY === true && !args.transport && !io.env.UNITC_SERVE_TRANSPORT;
      if (atTerminal) {
        io.stderr(
          "unitc dev: stdin is a terminal, so serving over HTTP; stdio is for an MCP client that starts unitc dev (--transport stdio forces it)\n",
        );
      }
      try {
        await watcher.ready;
        await serveFromArgs(
          io,
          { ...(args as ServeArgs), ...(atTerminal ? { transport: "http" } : {}) },
          setExit,
          {
            manifestPath,
            userManifestPath: userManifestPath ?? false,
            ...(existsSync(manifestPath) ? {} : { manifest: emptyManifest() }),
            onHost: (created) => {
              host = created;
              userWatcher?.served();
            },
          },
        );
      } finally {
        await Promise.all([watcher.close(), userWatcher?.close()]);
      }
    },
  });
}
