/**
 * Settings of serving: flags win, then environment variables (`UNITC_SERVE_*`, `UNITC_UPSTREAM_URL`),
 * then `serve` in the user config, then the schema defaults. `namespaceAliases` come from the user
 * config too (read by `userConfigOf`, the one reader of its serving settings).
 */

import { join, resolve } from "node:path";
import { checkedUrl } from "../../auth/settings.js";
import type { Serve } from "../../contract/config-types.generated.js";
import { MANIFEST_FORMAT, type Manifest } from "../../contract/manifest.js";
import { currentOrLegacy, xdgBase } from "../../shared/user-dirs.js";
import type { UserConfig } from "../../storage/user-config.js";
import type { OAuthResourceOptions } from "../auth/resource-server.js";
import type { ConfirmOptions } from "../confirm/policy.js";
import { DEFAULT_LIMITS, type PrincipalLimits, parseRate } from "../http/limits.js";
import type { NamespaceAliases } from "../shared/merge.js";
import { ServeSetupError } from "../shared/setup-error.js";
import { searchLimitDefault, serveDefault } from "./defaults.js";
import { publishedWithoutStorage } from "./published.js";

/** The flags of `unitc serve`, as given (strings, unchecked); every one is optional. */
export interface ServeFlags {
  manifest?: string;
  transport?: string;
  host?: string;
  port?: string;
  path?: string;
  "upstream-url"?: string;
  token?: string;
  "upstream-token"?: string;
  "oauth-issuer"?: string;
  audience?: string;
  scope?: string;
  "rate-limit"?: string;
  "max-concurrent"?: string;
  published?: boolean;
  stateless?: boolean;
}

/** Every setting of serving, checked. */
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
  /** The user config's `serve.audit`, `enabled` resolved: on by default when it names `storage`. */
  audit?: Serve["audit"];
  /** The serve config's `confirm` and `confirmTimeoutMs`, when it sets either. */
  confirm?: ConfirmOptions;
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
function oauthSettings(args: ServeFlags, serve: Serve): OAuthResourceOptions | undefined {
  const config: Partial<NonNullable<Serve["oauth"]>> = serve.oauth ?? {};
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

/**
 * Resolves every setting; throws {@link ServeSetupError} on a bad value. `defaultManifest` is served
 * when neither `--manifest` nor `UNITC_MANIFEST` names one (the CLI's is the project's, found upward).
 */
export function resolveServeSettings(
  args: ServeFlags,
  env: Record<string, string | undefined>,
  cwd: string,
  user: UserConfig,
  defaultManifest = join(cwd, "generated", "manifest.json"),
): ServeSettings {
  const serve = user.serve;
  const pick = (flag: string | undefined, variable: string, key: "host" | "path"): string =>
    flag ?? env[variable] ?? serve[key] ?? serveDefault<string>(key);
  const port = args.port ?? env.UNITC_SERVE_PORT;
  const upstreamUrl = args["upstream-url"] ?? env.UNITC_UPSTREAM_URL ?? serve.upstreamUrl;
  const statePath = serve.remoteStatePath;
  const upstreamToken =
    args["upstream-token"] ?? (env.UNITC_UPSTREAM_TOKEN ? "env:UNITC_UPSTREAM_TOKEN" : undefined);
  return {
    manifestPath: resolve(cwd, args.manifest ?? env.UNITC_MANIFEST ?? defaultManifest),
    transport: checked(args.transport !== undefined, () =>
      parseTransport(args.transport ?? (args.stateless ? "http" : (env.UNITC_SERVE_TRANSPORT ?? "stdio"))),
    ),
    host: pick(args.host, "UNITC_SERVE_HOST", "host"),
    port:
      port === undefined
        ? (serve.port ?? serveDefault<number>("port"))
        : checked(args.port !== undefined, () => parsePort(port, "port")),
    path: checked(args.path !== undefined, () => checkPath(pick(args.path, "UNITC_SERVE_PATH", "path"))),
    ...(upstreamUrl
      ? { upstreamUrl: checked(args["upstream-url"] !== undefined, () => checkUpstreamUrl(upstreamUrl)) }
      : {}),
    ...(args.token ? { tokenReference: args.token } : {}),
    ...(upstreamToken ? { upstreamTokenReference: upstreamToken } : {}),
    allowUnauthenticatedHttp: serve.allowUnauthenticatedHttp === true,
    trustProxy: serve.trustProxy === true,
    publicOrigins: serve.publicOrigins ?? [],
    remoteStatePath: statePath ? resolve(user.dir ?? cwd, statePath) : defaultStatePath(env),
    ...(user.aliases ? { aliases: user.aliases } : {}),
    ...withOAuth(oauthSettings(args, serve)),
    audit: { ...serve.audit, enabled: serve.audit?.enabled ?? user.storage !== undefined },
    ...confirmSettings(serve),
    limits: checked(args["rate-limit"] !== undefined || args["max-concurrent"] !== undefined, () =>
      parseLimits(
        args["rate-limit"] ?? env.UNITC_SERVE_RATE_LIMIT ?? serve.rateLimit,
        args["max-concurrent"] ??
          env.UNITC_SERVE_MAX_CONCURRENT ??
          (serve.maxConcurrent === undefined ? undefined : String(serve.maxConcurrent)),
      ),
    ),
  };
}

/** The serve config's confirmation settings, as the host takes them (nothing when it sets none). */
function confirmSettings(serve: Serve): { confirm?: ConfirmOptions } {
  if (serve.confirm === undefined && serve.confirmTimeoutMs === undefined) return {};
  return {
    confirm: {
      ...(serve.confirm !== undefined ? { operations: serve.confirm } : {}),
      ...(serve.confirmTimeoutMs !== undefined ? { timeoutMs: serve.confirmTimeoutMs } : {}),
    },
  };
}

function withOAuth(oauth: OAuthResourceOptions | undefined): { oauth?: OAuthResourceOptions } {
  return oauth ? { oauth } : {};
}

/** Flags that mean something over HTTP only are refused on stdio, not ignored. */
export function checkTransportFlags(args: ServeFlags, settings: ServeSettings): void {
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
      defaultSearchLimit: searchLimitDefault("defaultSearchLimit"),
      maxSearchLimit: searchLimitDefault("maxSearchLimit"),
    },
    units: [],
  };
}

/**
 * The settings of a serve with `flags`: every setting resolved and checked, flags that mean nothing
 * on the transport refused, and `--published` refused when the user config names no store.
 */
export function serveSettings(
  flags: ServeFlags,
  env: Record<string, string | undefined>,
  cwd: string,
  user: UserConfig,
  defaultManifest?: string,
): ServeSettings {
  const settings = resolveServeSettings(flags, env, cwd, user, defaultManifest);
  checkTransportFlags(flags, settings);
  if (flags.published && !user.storage) throw publishedWithoutStorage();
  return settings;
}
