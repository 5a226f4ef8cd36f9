/**
 * `unitc serve`: serves a compiled bundle over MCP, on stdio (default) or Streamable HTTP. On stdio
 * nothing but JSON-RPC reaches stdout: every log line, warning and startup error goes to stderr. The
 * command maps its flags to the runtime's `serveSettings` and `startServing` and prints what the
 * handle says; the runtime assembles the serve.
 */

import { dirname, relative, resolve } from "node:path";
import { Writable } from "node:stream";
import { defineCommand } from "citty";
import { formatDiagnostics, hasErrors } from "../../compiler/codes/diagnostics.js";
import packageJson from "../../package.json" with { type: "json" };
import { isUnitError } from "../../runtime/contract/errors.js";
import type { Manifest } from "../../runtime/contract/manifest.js";
import {
  type ServeFlags,
  type ServeHost,
  ServeSetupError,
  type ServingHandle,
  serveSettings,
  startServing,
} from "../../runtime/serve/index.js";
import type { OpenedStorage } from "../../runtime/storage/index.js";
import { counted } from "../compile-lines.js";
import { envFileArg, withEnvFile } from "../env-file.js";
import { defaultManifestPath } from "../find-project.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK, EXIT_USAGE, stopped } from "../io.js";
import { noticeStaleBundle } from "../stale-bundle-notice.js";
import { lazyStorage } from "../storage-config.js";
import { bundleFileTrusted, trustArg } from "../trust/gate.js";
import { buildUserBundle, userBundlePlace } from "../user-bundle.js";
import { loadUserServeConfig, type UserServeConfig } from "../user-config.js";

/** The flags of `unitc serve` (and of `unitc dev`, which serves the same way). */
export interface ServeArgs extends ServeFlags {
  "project-root"?: string;
  "user-config"?: string;
  "user-units"?: boolean;
  trust?: boolean;
}

export const serveArgs = {
  manifest: {
    type: "string",
    description: "The bundle's manifest (default generated/manifest.json)",
    valueHint: "FILE",
  },
  transport: { type: "string", description: "stdio (default) or http", valueHint: "stdio|http" },
  host: { type: "string", description: "HTTP bind address (default 127.0.0.1)", valueHint: "HOST" },
  port: { type: "string", description: "HTTP port; 0 picks a free one (default 7777)", valueHint: "PORT" },
  path: { type: "string", description: "HTTP path of the MCP endpoint (default /mcp)", valueHint: "PATH" },
  "project-root": {
    type: "string",
    description: "The project folder units bound to a project run in (an MCP client's roots may narrow it)",
    valueHint: "DIR",
  },
  "upstream-url": {
    type: "string",
    description: "Stack on the unitc instance at this URL",
    valueHint: "URL",
  },
  token: { type: "string", description: "Reference to the HTTP bearer token (env:NAME)", valueHint: "REF" },
  "upstream-token": {
    type: "string",
    description: "Reference to the upstream's token (env:NAME)",
    valueHint: "REF",
  },
  "oauth-issuer": {
    type: "string",
    description: "Also accept OAuth access tokens (JWTs) from this issuer (HTTP only)",
    valueHint: "URL",
  },
  audience: {
    type: "string",
    description: "The aud OAuth tokens must carry (default this server's canonical URI)",
    valueHint: "URL",
  },
  scope: { type: "string", description: "Scopes OAuth tokens must carry (comma-separated)", valueHint: "S" },
  "user-config": { type: "string", description: "User config file, or 'none'", valueHint: "FILE" },
  "user-units": {
    type: "boolean",
    description: "Also serve the user config's own units (default; --no-user-units turns it off)",
  },
  "rate-limit": {
    type: "string",
    description: "HTTP requests per caller (default 600/min; 0 turns it off)",
    valueHint: "N/min",
  },
  "max-concurrent": {
    type: "string",
    description: "HTTP requests in progress per caller (default 16; 0 turns it off)",
    valueHint: "N",
  },
  published: {
    type: "boolean",
    description: "Serve the bundle last published to storage (unitc publish), following new ones",
  },
  stateless: {
    type: "boolean",
    description: "HTTP without sessions, so any replica answers any request (implies --transport http)",
  },
  ...envFileArg,
  ...trustArg,
} as const;

/** The line HTTP serving starts with: where it listens and whom it lets in. */
function listeningLine(handle: ServingHandle, io: CliIO): string {
  const http = handle.http;
  if (!http) return `serving ${counted(handle.host.snapshot().units.length, "unit")} on stdio`;
  const tokenLine =
    http.tokenSource && `bearer token from ${relative(io.cwd, http.tokenSource) || http.tokenSource}`;
  const scopedLine = http.scopedTokens && "scoped serve tokens";
  const oauthLine = http.oauthIssuer && `OAuth tokens from ${http.oauthIssuer} for ${http.resource}`;
  const auth = [tokenLine, scopedLine, oauthLine].filter(Boolean).join(", ") || "no authentication";
  return `listening on ${http.url} (${auth}${http.stateless ? ", stateless" : ""})`;
}

/** JSON-RPC goes to the CLI's stdout; anything a library prints goes to stderr, so it cannot corrupt it. */
function stdioOutput(io: CliIO): { stdout: Writable; restore: () => void } {
  const stdout = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      io.stdout(chunk.toString("utf8"));
      callback();
    },
  });
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.info = console.debug = (...parts: unknown[]) => io.stderr(`${parts.join(" ")}\n`);
  return { stdout, restore: () => Object.assign(console, saved) };
}

function reportStartFailure(io: CliIO, error: unknown): boolean {
  if (error instanceof ServeSetupError || isUnitError(error)) {
    const hint = error instanceof ServeSetupError ? error.hint : error.details.hint;
    io.stderr(`unitc serve: ${error.code} ${error.message}\n${hint ? `  hint: ${hint}\n` : ""}`);
    return true;
  }
  return false;
}

/** How `unitc dev` serves: the bundle it keeps current, and a hook to reach the host. */
export interface ServeOverrides {
  manifestPath?: string;
  /** Served until the first reload when the output folder holds no bundle yet. */
  manifest?: Manifest;
  onHost?: (host: ServeHost) => void;
  /** The user's own units, built by the caller (`dev` keeps it current); `false`: none. */
  userManifestPath?: string | false;
}

/** Builds the user's own units into their bundle, unless switched off; its manifest when there is one. */
async function userManifest(
  io: CliIO,
  args: ServeArgs,
  flag: string | undefined,
): Promise<string | undefined> {
  if (args["user-units"] === false) return undefined;
  const place = userBundlePlace(flag === "none" ? false : flag ? resolve(io.cwd, flag) : undefined, io.env);
  return (place && (await buildUserBundle(io, place, "unitc serve"))) || undefined;
}

/** The configured store for `--published`; its failures become serve's setup errors. */
async function openPublishedStore(io: CliIO, flag: string | undefined): Promise<OpenedStorage> {
  const config = await import("../storage-config.js");
  try {
    return await config.openStorage(io, flag);
  } catch (error) {
    if (!config.isStorageFailure(error)) throw error;
    throw new ServeSetupError(error.code, error.message, error.hint);
  }
}

/** The user config `--user-config` names (or the default); undefined, having said why, when it has errors. */
async function readUserConfig(io: CliIO, flag: string | undefined): Promise<UserServeConfig | undefined> {
  const user = await loadUserServeConfig(flag === "none" ? false : flag ? resolve(io.cwd, flag) : "", io.env);
  if (user.diagnostics.length > 0)
    io.stderr(`${formatDiagnostics(user.diagnostics, (f) => relative(io.cwd, f) || f)}\n`);
  if (hasErrors(user.diagnostics)) {
    io.stderr("unitc serve: the user config has errors (above); fix them to serve\n");
    return undefined;
  }
  return user;
}

/**
 * Whether the project's bundle may be served: it runs the commands it holds, so it must be trusted; the
 * user's own bundle and a published one (signed by whoever publishes) are not a checked-out project's.
 */
function projectBundleServable(io: CliIO, args: ServeArgs, manifestPath: string): boolean {
  return args.published === true || bundleFileTrusted(io, "serve", manifestPath, args.trust);
}

/**
 * Whether the project's bundle is older than its sources or its files are not as unitc wrote them,
 * said through `log` (`unitc dev` compiles what changed itself; a published bundle has no sources
 * here). Started beside the serving, and waited for before the "serving …" line: right after a
 * compile the outputs' stamps have not settled and their text is read, which must not hold up the
 * first answer.
 */
function staleNotice(
  io: CliIO,
  args: ServeArgs,
  manifestPath: string,
  overrides: ServeOverrides,
  log: (line: string) => void,
): Promise<void> {
  if (args.published || overrides.manifestPath) return Promise.resolve();
  return noticeStaleBundle(dirname(resolve(io.cwd, manifestPath)), io.cwd, log).catch(() => undefined);
}

/** Stdio serving's output, with a word for whoever started it from a terminal. */
function stdioServing(io: CliIO, log: (line: string) => void): ReturnType<typeof stdioOutput> {
  if (io.stdinIsTTY)
    log("stdio is for an MCP client that starts this command; from a terminal, try --transport http");
  return stdioOutput(io);
}

/** Resolves the settings, starts serving and serves until stopped; the body of `unitc serve`. */
export async function serveFromArgs(
  io: CliIO,
  args: ServeArgs,
  setExit: (code: number) => void,
  overrides: ServeOverrides = {},
): Promise<void> {
  const log = (line: string) => io.stderr(`unitc serve: ${line}\n`);
  const flag = args["user-config"];
  const user = await readUserConfig(io, flag);
  if (!user) return setExit(EXIT_ERRORS);
  const userPath =
    overrides.userManifestPath === undefined
      ? await userManifest(io, args, flag)
      : overrides.userManifestPath || undefined;
  let handle: ServingHandle | undefined;
  let output: ReturnType<typeof stdioOutput> | undefined;
  // The store is opened at the first vault: reference or OAuth token a call reads, never at start.
  const storage = lazyStorage(io, flag);
  try {
    const settings = serveSettings(args, io.env, io.cwd, user, defaultManifestPath(io));
    const manifestPath = overrides.manifestPath ?? settings.manifestPath;
    if (!projectBundleServable(io, args, manifestPath)) return setExit(EXIT_ERRORS);
    const noticed = staleNotice(io, args, manifestPath, overrides, log);
    if (settings.transport === "stdio") output = stdioServing(io, log);
    handle = await startServing({
      settings,
      services: { env: io.env },
      cwd: io.cwd,
      storage,
      ...(args.published ? { published: () => openPublishedStore(io, flag) } : {}),
      manifestPath,
      ...(overrides.manifest ? { manifest: overrides.manifest } : {}),
      ...(args["project-root"] !== undefined ? { projectRoot: args["project-root"] } : {}),
      ...(userPath ? { userManifestPath: userPath } : {}),
      ...(user.settings ? { user: user.settings } : {}),
      stateless: args.stateless === true,
      ...(output ? { stdout: output.stdout } : {}),
      version: packageJson.version,
      log,
      ...(overrides.onHost ? { onHost: overrides.onHost } : {}),
    });
    await noticed;
    log(listeningLine(handle, io));
    await Promise.race([handle.closed, stopped(io.signal)]);
    setExit(EXIT_OK);
  } catch (error) {
    if (!reportStartFailure(io, error)) throw error;
    setExit(error instanceof ServeSetupError && error.fromFlag ? EXIT_USAGE : EXIT_ERRORS);
  } finally {
    try {
      await handle?.close();
    } finally {
      output?.restore();
      await storage.close();
    }
  }
}

export function serveCommand(io: CliIO, setExit: (code: number) => void) {
  return defineCommand({
    meta: {
      name: "serve",
      description:
        "Serve a compiled bundle over MCP (stdio or Streamable HTTP); scoped tokens: unitc serve token create|list|revoke",
    },
    args: serveArgs,
    run: ({ args }) => serveFromArgs(withEnvFile(io, args["env-file"]), args as ServeArgs, setExit),
  });
}
