/**
 * Settings of `unitc serve`: flags win, then environment variables (`UNITC_SERVE_*`,
 * `UNITC_UPSTREAM_URL`), then `serve` in the user config, then the schema defaults. The user config
 * is loaded and validated with the compiler's own loader; `namespaceAliases` come from it too.
 */

import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { defaultManifestPath } from "../../../cli/find-project.js";
import { type Diagnostic, hasErrors } from "../../../compiler/codes/diagnostics.js";
import { currentOrLegacy } from "../../../compiler/load/config-paths.js";
import { schemaDefault } from "../../../compiler/resolve/defaults.js";
import { checkedUrl } from "../../auth/settings.js";
import { type Exposure, MANIFEST_FORMAT, type Manifest } from "../../contract/manifest.js";
import { xdgBase } from "../../shared/user-dirs.js";
import type { UserServingSettings } from "../../shared/user-settings.js";
import type { OAuthResourceOptions } from "../auth/resource-server.js";
import { DEFAULT_LIMITS, type PrincipalLimits, parseRate } from "../http/limits.js";
import type { NamespaceAliases } from "../shared/merge.js";
import { ServeSetupError } from "../shared/setup-error.js";

export interface ServeArgs {
  manifest?: string;
  transport?: string;
  host?: string;
  port?: string;
  path?: string;
  "project-root"?: string;
  "upstream-url"?: string;
  token?: string;
  "upstream-token"?: string;
  "user-config"?: string;
  "user-units"?: boolean;
  "oauth-issuer"?: string;
  audience?: string;
  scope?: string;
  "rate-limit"?: string;
  "max-concurrent"?: string;
  published?: boolean;
  stateless?: boolean;
  trust?: boolean;
}

export interface ServeSettings {
  manifestPath: string;
  transport: "stdio" | "http";
  host: string;
  port: number;
  path: string;
  upstreamUrl?: string;
  /** A reference (`env:NAME`) naming the token HTTP clients must send. */
  tokenReference?: string;
  /** A reference naming the token the upstream expects. */
  upstreamTokenReference?: string;
  allowUnauthenticatedHttp: boolean;
  trustProxy: boolean;
  publicOrigins: string[];
  remoteStatePath: string;
  aliases?: NamespaceAliases;
  /** Accept OAuth access tokens from this issuer (HTTP only). */
  oauth?: OAuthResourceOptions;
  /** Per-principal limits of HTTP serving. */
  limits: PrincipalLimits;
}

type Data = Record<string, unknown>;

export interface UserServeConfig {
  serve: Data;
  aliases?: NamespaceAliases;
  /** The user config's `storage` (global only), when it has one. */
  storage?: Data;
  /** The config file's folder: relative paths in `serve` start there. */
  dir?: string;
  /** Its `options.exposure` and search limits, laid over the bundles served. */
  settings?: UserServingSettings;
  diagnostics: Diagnostic[];
}

/** Loads and validates the user config (`false` to skip it); absent is fine. */
export async function loadUserServeConfig(
  file: string | false,
  env: Record<string, string | undefined>,
): Promise<UserServeConfig> {
  if (file === false) return { serve: {}, diagnostics: [] };
  // The loader and validator are loaded only when there is a config to read: serve starts faster.
  const path = file || (await import("../../../compiler/load/index.js")).userConfigPath(env);
  if (!existsSync(path)) return { serve: {}, diagnostics: [] };
  const [{ loadConfigFile }, { validateDocument }] = await Promise.all([
    import("../../../compiler/load/load-files.js"),
    import("../../../compiler/validate/index.js"),
  ]);
  const loaded = await loadConfigFile(path, "user");
  const diagnostics = [...loaded.diagnostics, ...(loaded.document ? validateDocument(loaded.document) : [])];
  const value = (hasErrors(diagnostics) ? {} : (loaded.document?.value ?? {})) as Data;
  const settings: UserServingSettings = {};
  const exposure = (value.options as Data | undefined)?.exposure;
  if (exposure !== undefined) settings.exposure = exposure as Exposure;
  for (const key of ["defaultSearchLimit", "maxSearchLimit"] as const)
    if (value[key] !== undefined) settings[key] = value[key] as number;
  return {
    serve: (value.serve as Data | undefined) ?? {},
    ...(value.namespaceAliases ? { aliases: value.namespaceAliases as NamespaceAliases } : {}),
    ...(value.storage ? { storage: value.storage as Data } : {}),
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
    dir: dirname(path),
    diagnostics,
  };
}

/** `$XDG_STATE_HOME/unitc/remote`; an older `units/remote` folder is kept while it is the only one. */
function defaultStatePath(env: Record<string, string | undefined>): string {
  const base = xdgBase("state", env);
  return currentOrLegacy(join(base, "unitc", "remote"), join(base, "units", "remote"));
}

function parsePort(text: string, from: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ServeSetupError(
      "BAD_PORT",
      `${from} ${JSON.stringify(text)} is not a port`,
      "use 0-65535 (0 picks a free port)",
    );
  }
  return port;
}

function parseTransport(text: string): "stdio" | "http" {
  if (text === "stdio" || text === "http") return text;
  throw new ServeSetupError(
    "BAD_TRANSPORT",
    `transport ${JSON.stringify(text)} is not stdio or http`,
    "use --transport stdio or --transport http",
  );
}

function checkPath(path: string): string {
  if (path.startsWith("/")) return path;
  throw new ServeSetupError(
    "BAD_PATH",
    `path ${JSON.stringify(path)} does not start with /`,
    "use for example --path /mcp",
  );
}

function checkUpstreamUrl(url: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed && (parsed.protocol === "http:" || parsed.protocol === "https:") && !parsed.username) return url;
  throw new ServeSetupError(
    "BAD_UPSTREAM_URL",
    `upstream URL ${JSON.stringify(url)} is not an http(s) URL without credentials`,
    "use the upstream's MCP endpoint, for example https://units.example.com/mcp; its token goes in --upstream-token env:NAME",
  );
}

function checkOAuthUrl(text: string, what: string): string {
  try {
    checkedUrl(text, what);
    // Kept as written: tokens' iss is compared with it character for character.
    return text;
  } catch (error) {
    throw new ServeSetupError(
      "BAD_OAUTH_URL",
      (error as Error).message,
      "use the authorization server's issuer exactly as its metadata names it, https (http only on loopback)",
    );
  }
}

/** The OAuth resource-server settings: `--oauth-issuer`, `--audience`, `--scope` win over `serve.oauth`. */
function oauthSettings(args: ServeArgs, serve: Data): OAuthResourceOptions | undefined {
  const config =
    (serve.oauth as
      | { issuer?: string; audience?: string; scopes?: string[]; acceptPlainJwt?: boolean }
      | undefined) ?? {};
  const issuer = args["oauth-issuer"] ?? config.issuer;
  if (issuer === undefined) return undefined;
  const audience = args.audience ?? config.audience;
  const scopes =
    args.scope !== undefined ? args.scope.split(/[\s,]+/).filter(Boolean) : (config.scopes ?? []);
  return {
    issuer: checked(args["oauth-issuer"] !== undefined, () => checkOAuthUrl(issuer, "the OAuth issuer")),
    ...(audience !== undefined ? { audience } : {}),
    scopes,
    ...(config.acceptPlainJwt === true ? { acceptPlainJwt: true } : {}),
  };
}

function parseLimits(rate: string | undefined, concurrent: string | undefined): PrincipalLimits {
  const perMinute = rate === undefined ? DEFAULT_LIMITS.perMinute : parseRate(rate);
  if (perMinute === undefined) {
    throw new ServeSetupError(
      "BAD_RATE_LIMIT",
      `rate limit ${JSON.stringify(rate)} is not a rate`,
      "use N/min, N/s or N/h, for example --rate-limit 600/min (0 turns it off)",
    );
  }
  const maxConcurrent = concurrent === undefined ? DEFAULT_LIMITS.maxConcurrent : Number(concurrent);
  if (!Number.isInteger(maxConcurrent) || maxConcurrent < 0) {
    throw new ServeSetupError(
      "BAD_MAX_CONCURRENT",
      `--max-concurrent ${JSON.stringify(concurrent)} is not a whole number`,
      "use for example --max-concurrent 16 (0 turns it off)",
    );
  }
  return { perMinute, maxConcurrent };
}

/** Runs `check`; a {@link ServeSetupError} it throws is marked as a flag's when `flagGiven`
 * (exit 2); with `codes`, only errors with those codes are (an unset variable is not the flag's fault). */
export function checked<T>(flagGiven: boolean, check: () => T, codes?: readonly string[]): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof ServeSetupError) || !flagGiven) throw error;
    if (codes && !codes.includes(error.code)) throw error;
    throw new ServeSetupError(error.code, error.message, error.hint, true);
  }
}

/** Resolves every setting; throws {@link ServeSetupError} on a bad value. */
export function resolveServeSettings(
  args: ServeArgs,
  env: Record<string, string | undefined>,
  cwd: string,
  user: UserServeConfig,
): ServeSettings {
  const serve = user.serve;
  const pick = <T>(flag: T | undefined, variable: string, key: string): T =>
    (flag ?? env[variable] ?? serve[key] ?? schemaDefault<T>("serve", key)) as T;
  const port = args.port ?? env.UNITC_SERVE_PORT;
  const upstreamUrl =
    args["upstream-url"] ?? env.UNITC_UPSTREAM_URL ?? (serve.upstreamUrl as string | undefined);
  const statePath = serve.remoteStatePath as string | undefined;
  const upstreamToken =
    args["upstream-token"] ?? (env.UNITC_UPSTREAM_TOKEN ? "env:UNITC_UPSTREAM_TOKEN" : undefined);
  return {
    manifestPath: resolve(cwd, args.manifest ?? env.UNITC_MANIFEST ?? defaultManifestPath({ cwd, env })),
    transport: checked(args.transport !== undefined, () =>
      parseTransport(args.transport ?? (args.stateless ? "http" : (env.UNITC_SERVE_TRANSPORT ?? "stdio"))),
    ),
    host: pick(args.host, "UNITC_SERVE_HOST", "host"),
    port:
      port === undefined
        ? ((serve.port as number | undefined) ?? schemaDefault<number>("serve", "port"))
        : checked(args.port !== undefined, () => parsePort(port, "port")),
    path: checked(args.path !== undefined, () => checkPath(pick(args.path, "UNITC_SERVE_PATH", "path"))),
    ...(upstreamUrl
      ? { upstreamUrl: checked(args["upstream-url"] !== undefined, () => checkUpstreamUrl(upstreamUrl)) }
      : {}),
    ...(args.token ? { tokenReference: args.token } : {}),
    ...(upstreamToken ? { upstreamTokenReference: upstreamToken } : {}),
    allowUnauthenticatedHttp: serve.allowUnauthenticatedHttp === true,
    trustProxy: serve.trustProxy === true,
    publicOrigins: (serve.publicOrigins as string[] | undefined) ?? [],
    remoteStatePath: statePath ? resolve(user.dir ?? cwd, statePath) : defaultStatePath(env),
    ...(user.aliases ? { aliases: user.aliases } : {}),
    ...withOAuth(oauthSettings(args, serve)),
    limits: checked(args["rate-limit"] !== undefined || args["max-concurrent"] !== undefined, () =>
      parseLimits(
        args["rate-limit"] ?? env.UNITC_SERVE_RATE_LIMIT ?? (serve.rateLimit as string | undefined),
        args["max-concurrent"] ??
          env.UNITC_SERVE_MAX_CONCURRENT ??
          (serve.maxConcurrent === undefined ? undefined : String(serve.maxConcurrent)),
      ),
    ),
  };
}

function withOAuth(oauth: OAuthResourceOptions | undefined): { oauth?: OAuthResourceOptions } {
  return oauth ? { oauth } : {};
}

/** Flags that mean something over HTTP only are refused on stdio, not ignored. */
export function checkTransportFlags(args: ServeArgs, settings: ServeSettings): void {
  if (settings.transport === "http") return;
  if (args.stateless)
    throw new ServeSetupError("BAD_TRANSPORT", "--stateless is for HTTP", "use --transport http", true);
  if (args["oauth-issuer"] !== undefined) {
    throw new ServeSetupError(
      "OAUTH_NEEDS_HTTP",
      "--oauth-issuer protects the HTTP endpoint, and stdio has none (its client starts this process)",
      "serve over HTTP with --transport http, or leave --oauth-issuer out",
      true,
    );
  }
}

/** Served while there is no bundle yet (`dev`'s first build failed, or nothing is published). */
export function emptyManifest(): Manifest {
  return {
    format: MANIFEST_FORMAT,
    generator: "unitc",
    settings: {
      defaultSearchLimit: schemaDefault<number>("defaultSearchLimit"),
      maxSearchLimit: schemaDefault<number>("maxSearchLimit"),
    },
    units: [],
  };
}
