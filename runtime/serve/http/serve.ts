/**
 * Serving over Streamable HTTP at `path` (default /mcp), plus health and readiness (`health.ts`).
 * Order of checks: Host/Origin (403, on every path), then on the MCP path who the caller is (the one
 * `authenticate` seam: 401 with `WWW-Authenticate`), the caller's limits (429 with `Retry-After`),
 * method, body size (413), then the session, which belongs to that caller (or, `--stateless`, a
 * server for this request only). Binds 127.0.0.1 unless told otherwise.
 */ import {
  createServer,
  type IncomingMessage,
  type Server as NodeServer,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { answerMetrics, isMetricsPath } from "../../observe/metrics-endpoint.js";
import { shareOf } from "../auth/principal.js";
import type { OAuthResourceOptions } from "../auth/resource-server.js";
import type { ServeTokens } from "../auth/serve-tokens.js";
import type { ServeHost } from "../host/host.js";
import { ServeSetupError } from "../shared/setup-error.js";
import { type Access, createAccess } from "./access.js";
import {
  allowedHostnames,
  type GuardOptions,
  hostOrOriginProblem,
  isLoopbackHost,
  sendError,
} from "./guard.js";
import { answerHealth, type ReadinessChecks } from "./health.js";
import { DEFAULT_LIMITS, Limiter, type PrincipalLimits } from "./limits.js";
import { handleMcp, type McpPath, type Stateless } from "./mcp-requests.js";
import { HttpSessions } from "./sessions.js";
import { answerStateless } from "./stateless.js";

export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** A connection's request headers must be complete this long after it opens (slow senders hold sockets). */
export const HTTP_HEADERS_TIMEOUT_MS = 10_000;
/** A whole request, body included, must arrive within this time; answers may take longer. */
export const HTTP_REQUEST_TIMEOUT_MS = 30_000;
/** An idle keep-alive connection is closed after this long. */
export const HTTP_KEEP_ALIVE_TIMEOUT_MS = 5_000;

/** The server's timeouts; Node's defaults let slow connections stay open for a minute or more. */
export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  /** How often open connections are checked against the headers and request timeouts. */
  checkEveryMs: number;
}

const TIMEOUTS: HttpTimeouts = {
  headersMs: HTTP_HEADERS_TIMEOUT_MS,
  requestMs: HTTP_REQUEST_TIMEOUT_MS,
  keepAliveMs: HTTP_KEEP_ALIVE_TIMEOUT_MS,
  checkEveryMs: 1_000,
};

export interface HttpServeOptions extends Omit<GuardOptions, "bindHost"> {
  host: string;
  /** 0 picks a free port. */
  port: number;
  path: string;
  version: string;
  maxBodyBytes?: number;
  maxSessions?: number;
  sessionIdleMs?: number;
  /** Serve without sessions: any replica answers any request (no server-sent notifications). */
  stateless?: boolean;
  /** What `/readyz` checks besides a loaded bundle. */
  readiness?: ReadinessChecks;
  /** Defaults: 10 s for headers, 30 s for a request, 5 s keep-alive, checked every second. */
  timeouts?: Partial<HttpTimeouts>;
  /** Accept OAuth access tokens from this issuer too (the serve token stays valid for operators). */
  oauth?: OAuthResourceOptions;
  /** Accept the scoped serve tokens kept in storage too. */
  tokens?: ServeTokens;
  /** Per-principal limits (default {@link DEFAULT_LIMITS}). */
  limits?: PrincipalLimits;
  log: (line: string) => void;
}

export interface HttpServing {
  /** `http://host:port/path` as bound. */
  url: string;
  /** The canonical URI OAuth tokens are checked against. */
  resource: string;
  port: number;
  sessions(): number;
  close(): Promise<void>;
}
function listen(server: NodeServer, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      const hint = error.code === "EADDRINUSE" ? "pick another --port (0 picks a free one)" : undefined;
      reject(
        new ServeSetupError("LISTEN_FAILED", `cannot listen on ${host}:${port}: ${error.message}`, hint),
      );
    });
    server.listen(port, host, () => resolve(server.address() as AddressInfo));
  });
}

/** What `/healthz` and `/readyz` read of this serve. */
function healthOf(host: ServeHost, options: HttpServeOptions) {
  return {
    mcpPath: options.path,
    live: () => {
      const upstream = host.upstreamState();
      return upstream ? { upstream } : {};
    },
    checks: options.readiness ?? {},
  };
}

/** Node's HTTP server with this serve's timeouts; a handler's failure is logged and answered 500. */
function httpServer(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<unknown>,
  options: HttpServeOptions,
): NodeServer {
  const timeouts = { ...TIMEOUTS, ...options.timeouts };
  return createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      keepAliveTimeout: timeouts.keepAliveMs,
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    (req, res) => {
      handle(req, res).catch((error: unknown) => {
        options.log(`http: ${error instanceof Error ? error.message : String(error)}`);
        if (!res.headersSent) sendError(res, 500, -32603, "Internal error");
        else res.end();
      });
    },
  );
}

/** The sessions of this serve, with its caps (1,000 sessions, each closed after 30 idle minutes by default). */
function sessionsOf(host: ServeHost, options: HttpServeOptions, max: number): HttpSessions {
  return new HttpSessions(host, {
    version: options.version,
    maxBodyBytes: max,
    maxSessions: options.maxSessions ?? 1_000,
    idleMs: options.sessionIdleMs ?? 30 * 60_000,
  });
}

/** Says so in the log when anyone who can connect from another machine may call every unit. */
function warnIfOpen(options: HttpServeOptions): void {
  if (options.token === undefined && !options.oauth && !isLoopbackHost(options.host)) {
    options.log(
      `WARNING: serving WITHOUT AUTHENTICATION on ${options.host}, reachable from other machines ` +
        "(allowUnauthenticatedHttp is true); anyone who can connect can call every unit",
    );
  }
}

/** Starts the HTTP server; resolves once it listens. */
export async function serveHttp(host: ServeHost, options: HttpServeOptions): Promise<HttpServing> {
  const guard: GuardOptions = { ...options, bindHost: options.host };
  const allowed = allowedHostnames(guard);
  const max = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const sessions = sessionsOf(host, options, max);
  let access: Access | undefined;
  const limiter = new Limiter(options.limits ?? DEFAULT_LIMITS);
  const stateless: Stateless = options.stateless
    ? (req, res, body, who) =>
        answerStateless(host, req, res, body, who, { version: options.version, maxBodyBytes: max })
    : undefined;
  const mcp: McpPath = { sessions, max, stateless };
  const health = healthOf(host, options);
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", "http://unitc").pathname;
    // A refused request's body is never read: close the connection rather than reuse it mid-body.
    const closing: Record<string, string> = req.complete ? {} : { connection: "close" };
    // Every path, /healthz included: a rebound DNS name must not learn anything from this server.
    const refused = hostOrOriginProblem(req, guard, allowed);
    if (refused) return sendError(res, 403, -32000, `Forbidden: ${refused}`, closing);
    if (await answerHealth(req, res, health)) return;
    if (!access) return sendError(res, 503, -32000, "Starting; try again", closing);
    if (access.metadata(path, req, res)) return;
    if (isMetricsPath(path, options.path))
      return answerMetrics(req, res, () => access?.admit(req, res, closing) ?? Promise.resolve(undefined));
    if (path !== options.path) return sendError(res, 404, -32000, "Not found", closing);
    // The principal decides what the session sees; it is never passed on downstream.
    const who = await access.admit(req, res, closing);
    if (!who) return;
    // Messages are limited; a GET (the long-lived event stream) is not a request for work.
    if (req.method !== "POST") return handleMcp(req, res, who, mcp);
    const admitted = limiter.admit(shareOf(who));
    if (!admitted.ok) {
      const headers = { ...closing, "retry-after": String(admitted.retryAfterSeconds) };
      const message = "Too many requests: over this caller's rate or concurrency limit";
      return sendError(res, 429, -32000, message, headers, "RATE_LIMITED");
    }
    res.once("close", admitted.release);
    return handleMcp(req, res, who, mcp);
  };
  const server = httpServer(handle, options);
  const address = await listen(server, options.host, options.port);
  const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${shown}:${address.port}${options.path}`;
  access = createAccess(options, url);
  warnIfOpen(options);
  return {
    url,
    resource: access.resource,
    port: address.port,
    sessions: () => sessions.size,
    async close() {
      await sessions.closeAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
