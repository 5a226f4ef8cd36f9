/**
 * `unitc serve`: serves a compiled bundle over MCP, on stdio (default) or Streamable HTTP. On stdio
 * nothing but JSON-RPC reaches stdout: every log line, warning and startup error goes to stderr.
 */

import { dirname, relative, resolve } from "node:path";
import { Writable } from "node:stream";
import { defineCommand } from "citty";
import { formatDiagnostics, hasErrors } from "../../compiler/codes/diagnostics.js";
import packageJson from "../../package.json" with { type: "json" };
import { isUnitError } from "../../runtime/contract/errors.js";
import type { Manifest } from "../../runtime/contract/manifest.js";
import { resolveServeToken } from "../../runtime/serve/auth/token.js";
import { createServeHost, type ServeHost } from "../../runtime/serve/host/host.js";
import type { ReadinessChecks } from "../../runtime/serve/http/health.js";
import { operatorRoot } from "../../runtime/serve/sessions/project-binding.js";
import { ServeSetupError } from "../../runtime/serve/shared/setup-error.js";
import {
  localReadiness,
  openPublished,
  type PublishedServing,
  publishedWithoutStorage,
} from "../../runtime/serve/start/published.js";
import {
  checked,
  checkTransportFlags,
  emptyManifest,
  loadUserServeConfig,
  resolveServeSettings,
  type ServeArgs,
  type ServeSettings,
} from "../../runtime/serve/start/settings.js";
import { serveStdio } from "../../runtime/serve/stdio/stdio.js";
import { resolveReference } from "../../runtime/shared/references.js";
import { counted } from "../compile-lines.js";
import { envFileArg, withEnvFile } from "../env-file.js";
import { type CliIO, EXIT_ERRORS, EXIT_OK, EXIT_USAGE, stopped } from "../io.js";
import { type LazyStorage, lazyStorage } from "../lazy-vault.js";
import { noticeStaleBundle } from "../stale-bundle-notice.js";
import { bundleFileTrusted, trustArg } from "../trust/gate.js";
import { buildUserBundle, userBundlePlace } from "../user-bundle.js";

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

function upstreamOptions(settings: ServeSettings, env: CliIO["env"]) {
  if (!settings.upstreamUrl) return undefined;
  const reference = settings.upstreamTokenReference;
  let token: string | undefined;
  if (reference) {
    try {
      token = resolveReference(reference, env);
    } catch {
      throw new ServeSetupError(
        "MISSING_ENV",
        `the upstream token reference ${reference} names an unset variable`,
        "set it, or leave --upstream-token out",
      );
    }
  }
  return { url: settings.upstreamUrl, ...(token ? { token } : {}) };
}

async function runHttp(
  host: ServeHost,
  settings: ServeSettings,
  io: CliIO,
  log: (line: string) => void,
  storage: LazyStorage,
  extra: { stateless: boolean; readiness: ReadinessChecks },
) {
  const token = settings.allowUnauthenticatedHttp
    ? undefined
    : checked(
        settings.tokenReference !== undefined,
        () =>
          resolveServeToken({
            ...(settings.tokenReference ? { reference: settings.tokenReference } : {}),
            env: io.env,
            statePath: settings.remoteStatePath,
            log,
          }),
        ["TOKEN_NOT_A_REFERENCE"],
      );
  // Loaded on demand: stdio serving needs none of the HTTP machinery.
  const { serveHttp } = await import("../../runtime/serve/http/serve.js");
  // Without authentication a scoped token would limit nobody: anyone may call as anonymous.
  const tokens = token ? await openServeTokens(storage, log) : undefined;
  const serving = await serveHttp(host, {
    ...(tokens ? { tokens } : {}),
    limits: settings.limits,
    host: settings.host,
    port: settings.port,
    path: settings.path,
    token: token?.token,
    publicOrigins: settings.publicOrigins,
    trustProxy: settings.trustProxy,
    version: packageJson.version,
    ...(settings.oauth ? { oauth: settings.oauth } : {}),
    stateless: extra.stateless,
    readiness: extra.readiness,
    log,
  });
  const tokenLine = token && `bearer token from ${relative(io.cwd, token.source) || token.source}`;
  const scopedLine = tokens && "scoped serve tokens";
  const oauthLine = settings.oauth && `OAuth tokens from ${settings.oauth.issuer} for ${serving.resource}`;
  const auth = [tokenLine, scopedLine, oauthLine].filter(Boolean).join(", ") || "no authentication";
  log(`listening on ${serving.url} (${auth}${extra.stateless ? ", stateless" : ""})`);
  await stopped(io.signal);
  await serving.close();
  await tokens?.close();
}

/** The scoped serve tokens in storage; without a store to read, only the admin token is accepted. */
async function openServeTokens(storage: LazyStorage, log: (line: string) => void) {
  try {
    const [{ store, key }, { ServeTokens }] = await Promise.all([
      storage.opened(),
      import("../../runtime/serve/auth/serve-tokens.js"),
    ]);
    return await ServeTokens.open(store, key, { log });
  } catch (error) {
    log(`warning: scoped serve tokens are not accepted: ${(error as Error).message}`);
    return undefined;
  }
}

async function runStdio(host: ServeHost, io: CliIO, log: (line: string) => void) {
  if (io.stdinIsTTY) {
    log("stdio is for an MCP client that starts this command; from a terminal, try --transport http");
  }
  const stdout = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      io.stdout(chunk.toString("utf8"));
      callback();
    },
  });
  // Anything a library prints must not corrupt the JSON-RPC stream.
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.info = console.debug = (...parts: unknown[]) => io.stderr(`${parts.join(" ")}\n`);
  try {
    const serving = await serveStdio(host, { stdout, version: packageJson.version });
    log(`serving ${counted(host.snapshot().units.length, "unit")} on stdio`);
    await Promise.race([serving.closed, stopped(io.signal)]);
    await serving.close();
  } finally {
    Object.assign(console, saved);
  }
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
  /** The user's bundle, built by the caller (`dev` keeps it current); `false`: none. */
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
  return place ? buildUserBundle(io, place, "unitc serve") : undefined;
}

/** Resolves the settings, creates the host and serves until stopped; the body of `unitc serve`. */
export async function serveFromArgs(
  io: CliIO,
  args: ServeArgs,
  setExit: (code: number) => void,
  overrides: ServeOverrides = {},
): Promise<void> {
  const log = (line: string) => io.stderr(`unitc serve: ${line}\n`);
  const flag = args["user-config"];
  const user = await loadUserServeConfig(flag === "none" ? false : flag ? resolve(io.cwd, flag) : "", io.env);
  if (user.diagnostics.length > 0)
    io.stderr(`${formatDiagnostics(user.diagnostics, (f) => relative(io.cwd, f) || f)}\n`);
  if (hasErrors(user.diagnostics)) {
    io.stderr("unitc serve: the user config has errors (above); fix them to serve\n");
    return setExit(EXIT_ERRORS);
  }
  const userPath =
    overrides.userManifestPath === undefined
      ? await userManifest(io, args, flag)
      : overrides.userManifestPath || undefined;
  let host: ServeHost | undefined;
  let published: PublishedServing | undefined;
  // The store is opened at the first vault: reference or OAuth token a call reads, never at start.
  const storage = lazyStorage(io, flag);
  try {
    const settings = resolveServeSettings(args, io.env, io.cwd, user);
    checkTransportFlags(args, settings);
    if (args.published && !user.storage) throw publishedWithoutStorage();
    const upstream = upstreamOptions(settings, io.env);
    // A replica opens its store at start: the bundle it serves is in it.
    if (args.published) {
      published = await openPublished(io, flag, log);
      storage.adopt(published.storage);
    }
    const bundle = published
      ? published.manifestPath
        ? { manifestPath: published.manifestPath }
        : { manifest: emptyManifest() }
      : {
          manifestPath: overrides.manifestPath ?? settings.manifestPath,
          ...(overrides.manifest ? { manifest: overrides.manifest } : {}),
        };
    // The project's bundle runs the commands it holds; the user's own bundle and a published one
    // (signed by whoever publishes) are not a checked-out project's.
    if (!published && "manifestPath" in bundle) {
      if (!bundleFileTrusted(io, "serve", bundle.manifestPath, args.trust)) return setExit(EXIT_ERRORS);
      // `unitc dev` compiles what changed itself; a plain serve says when the bundle is older than its sources.
      if (!overrides.manifestPath && bundle.manifestPath)
        await noticeStaleBundle(dirname(resolve(io.cwd, bundle.manifestPath)), io.cwd, log);
    }
    const projectRoot = operatorRoot(args["project-root"], io.cwd);
    host = createServeHost({
      ...bundle,
      ...(projectRoot !== undefined ? { projectRoot } : {}),
      env: io.env,
      vault: storage.vault,
      oauth: storage.oauth,
      ...(upstream ? { upstream } : {}),
      ...(settings.aliases ? { aliases: settings.aliases } : {}),
      ...(userPath ? { userManifestPath: userPath } : {}),
      ...(user.settings ? { user: user.settings } : {}),
      log,
    });
    overrides.onHost?.(host);
    published?.follow(host);
    const readiness = published?.readiness ?? localReadiness(host, storage);
    if (settings.transport === "http") {
      const extra = { stateless: args.stateless === true, readiness };
      await runHttp(host, settings, io, log, storage, extra);
    } else await runStdio(host, io, log);
    setExit(EXIT_OK);
  } catch (error) {
    if (!reportStartFailure(io, error)) throw error;
    setExit(error instanceof ServeSetupError && error.fromFlag ? EXIT_USAGE : EXIT_ERRORS);
  } finally {
    await published?.close();
    await host?.close();
    await storage.close();
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
