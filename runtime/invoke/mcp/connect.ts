/**
 * Opens a client connection to a downstream MCP server (stdio, Streamable HTTP or SSE) within its
 * startup timeout. Shared by the compiler (listing tools at build time) and the runtime pool, so
 * both spawn servers the same way: explicit environment, own process group, redacted stderr tail.
 * Loaded on demand: the SDK takes a while to import.
 */
import { statSync } from "node:fs";
import { resolve } from "node:path";
import {
  type AuthProvider,
  Client,
  type FetchLike,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Tool,
  type Transport,
} from "@modelcontextprotocol/client";
import { isOAuth } from "../../auth/settings.js";
import type { AccessTokenSource } from "../../auth/tokens.js";
import { UnitError } from "../../contract/errors.js";
import type { McpConnection } from "../../contract/manifest.js";
import { guardedFetch, type Resolver } from "../../net/guard.js";
import { redact, redactOutput, tail } from "../../shared/redact.js";
import { MissingVariableError } from "../../shared/references.js";
import { buildEnv, checkCommand, resolveCommand } from "../cli/plan.js";
import { resolveAuth } from "../http/request.js";
import { boundedFetch } from "./bounded-fetch.js";
import { PACKAGE_RUNNER_NAMES, RUNNER_STARTUP_TIMEOUT_MS } from "./package-runner.js";
import {
  GroupStdioTransport,
  MAX_MESSAGE_BYTES,
  type MessageTooLargeError,
  type ProcessExit,
} from "./stdio-transport.js";

/** Longest stderr excerpt in an error. */
export const STDERR_EXCERPT_CHARS = 2_000;

export interface OpenOptions {
  /** Where `${VAR}` references in `env` and auth are resolved. */
  env: Record<string, string | undefined>;
  /** Folder a relative `cwd` or command path is resolved against (the manifest's, or the declaring file's). */
  baseDir: string;
  fetch?: typeof fetch;
  /** Resolves hostnames for the outbound address guard (default: the system resolver). */
  resolve?: Resolver;
  /** The unit connected for: whose stored OAuth tokens an oauth2/oidc remote server gets. */
  unitId?: string;
  /** Where those tokens are kept: the configured storage (default: the token store in the data folder). */
  oauth?: AccessTokenSource;
  /** Called with the re-listed tools after the server says its tool list changed. */
  onToolsChanged?: (error: Error | null, tools: Tool[] | null) => void;
  /** Ends a start still under way when it aborts (the server is stopped); the open rejects with its reason. */
  signal?: AbortSignal;
}

/** A connected client and what is needed to explain its failures. */
export interface OpenConnection {
  client: Client;
  transport: Transport;
  /** Resolved secret values (declared env, auth) to redact from anything shown. */
  secrets: string[];
  /** The stdio server's exit, once it has exited. */
  exit(): ProcessExit | undefined;
  /** Why this side ended the connection, when it did: a message over the read limit. */
  failure(): MessageTooLargeError | undefined;
  /** The last stderr output of a stdio server, secrets redacted, bounded. */
  stderrTail(): string;
  close(): Promise<void>;
}

interface Plan {
  transport: Transport;
  secrets: string[];
  stdio?: GroupStdioTransport;
  /** Why this side ended the connection, when it did: a message over the read limit. */
  failure(): MessageTooLargeError | undefined;
  /** The stdio command as spawned (a relative path made absolute). */
  command?: string;
}

function missing(error: unknown, where: string): never {
  if (!(error instanceof MissingVariableError)) throw error;
  throw new UnitError(
    "MISSING_ENV",
    `${where} needs environment variable ${error.variable}, which is not set`,
    {
      hint: `set ${error.variable} in the environment unitc runs in`,
    },
  );
}

function stdioPlan(connection: McpConnection, options: OpenOptions): Plan {
  const command = resolveCommand(connection.command ?? "", options.baseDir);
  try {
    checkCommand(command);
  } catch (error) {
    throw new UnitError("MCP_START_FAILED", (error as Error).message, (error as UnitError).details);
  }
  const child = buildEnv(connection.env ?? {}, options.env);
  let cwd: string | undefined;
  if (connection.cwd !== undefined) {
    cwd = resolve(options.baseDir, connection.cwd);
    if (!statSync(cwd, { throwIfNoEntry: false })?.isDirectory()) {
      throw new UnitError("MCP_START_FAILED", `working directory ${cwd} does not exist`, {
        hint: "create it, or fix cwd (a relative cwd starts at the file that declares the server)",
      });
    }
  }
  const stdio = new GroupStdioTransport({ command, args: connection.args ?? [], env: child.env, cwd });
  return { transport: stdio, secrets: child.secrets, stdio, failure: () => stdio.failure, command };
}

function remotePlan(connection: McpConnection, options: OpenOptions, authProvider?: AuthProvider): Plan {
  let auth: ReturnType<typeof resolveAuth>;
  try {
    // OAuth is the SDK's provider's: no static headers then.
    auth = resolveAuth(authProvider ? { type: "none" } : (connection.auth ?? { type: "none" }), options.env);
  } catch (error) {
    missing(error, "auth");
  }
  // Every request, the SSE stream's too, goes only to addresses the unit's url allows.
  const base = guardedFetch(options.fetch ?? fetch, {
    configuredUrl: connection.url,
    env: options.env,
    resolve: options.resolve,
  });
  // Auth headers go on every request (the SSE stream too), replacing any of the same name.
  const withAuth: FetchLike = (url, init) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of auth.headers) headers.set(name, value);
    return base(url, { ...init, headers });
  };
  // A message over the limit ends the connection, as over stdio: closing the transport before its
  // stream is cut keeps the SDK from reconnecting (and reading the same answer again).
  let failure: MessageTooLargeError | undefined;
  const bounded = boundedFetch(withAuth, MAX_MESSAGE_BYTES, (error) => {
    failure ??= error;
    void transport.close().catch(() => undefined);
  });
  const url = new URL(connection.url ?? "");
  const transport: Transport =
    connection.transport === "sse"
      ? new SSEClientTransport(url, { fetch: bounded, ...(authProvider ? { authProvider } : {}) })
      : new StreamableHTTPClientTransport(url, { fetch: bounded, ...(authProvider ? { authProvider } : {}) });
  return { transport, secrets: auth.secrets, failure: () => failure };
}

/** Why a server did not start, in words, and what to do about it. */
interface StartFailure {
  reason: string;
  hint: string;
}

const RUNNER_DEFAULT = `servers started through ${PACKAGE_RUNNER_NAMES} get ${RUNNER_STARTUP_TIMEOUT_MS} ms by default`;

/**
 * `exitBeforeTimeout` is the server's exit as it stood when the timeout fired (closing the transport
 * afterwards ends the server, which must not read as an exit of its own).
 */
function startFailure(
  error: unknown,
  connection: McpConnection,
  plan: Plan,
  exitBeforeTimeout: ProcessExit | undefined,
): StartFailure {
  const { stdio } = plan;
  // The SDK's own request timeout (JSON-RPC -32001) may fire before ours: the same event.
  const timedOut = error === TIMED_OUT || (error as { code?: unknown }).code === -32001;
  const check = "check the server's command, args and environment; its stderr (excerpt) says why it stopped";
  const ms = connection.startupTimeoutMs;
  if ((error as NodeJS.ErrnoException).code === "ENOENT") {
    return { reason: `command not found: ${plan.command ?? connection.command}`, hint: check };
  }
  const failure = plan.failure();
  if (failure) return { reason: failure.message, hint: check };
  // An exit says more than a timeout that raced it: the server is not slow, it stopped.
  const exit = timedOut ? exitBeforeTimeout : stdio?.exit;
  if (exit) {
    const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
    return { reason: `the server ${how} before it answered initialize`, hint: check };
  }
  if (timedOut && stdio) {
    return {
      reason: `it was still starting after ${ms} ms (startupTimeoutMs) and was stopped`,
      hint:
        `the server may only be slow: raise startupTimeoutMs for this unit (${ms} ms now; ${RUNNER_DEFAULT}); ` +
        "its stderr (excerpt) shows how far it got; behind a proxy, set HTTPS_PROXY (and NODE_EXTRA_CA_CERTS) " +
        "where unitc runs: the server gets them",
    };
  }
  if (timedOut) {
    return {
      reason: `no answer to initialize within ${ms} ms (startupTimeoutMs)`,
      hint: `check the url and that the server is up; if it is only slow, raise startupTimeoutMs (${ms} ms now)`,
    };
  }
  return {
    reason: error instanceof Error ? error.message : String(error),
    hint: "check the server's command, url and environment; its stderr (excerpt) often says why",
  };
}

const TIMED_OUT = new Error("startup timeout");

function within<T>(promise: Promise<T>, ms: number, signal: AbortSignal | undefined): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let stop: (() => void) | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(TIMED_OUT), ms);
    stop = () => reject(signal?.reason);
    if (signal?.aborted) stop();
    else signal?.addEventListener("abort", stop, { once: true });
  });
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer);
    if (stop) signal?.removeEventListener("abort", stop);
  });
}

/**
 * Every page of the server's tools; none when it offers no tools (asking anyway would make the SDK
 * print a notice to stdout, which a stdio-served runtime must keep for JSON-RPC).
 */
export async function listedTools(client: Client): Promise<Tool[]> {
  if (!client.getServerCapabilities()?.tools) return [];
  return (await client.listTools()).tools;
}

/** Connects to the server; throws `MCP_START_FAILED` (with the stderr tail) or `MISSING_ENV`. */
export async function openMcp(connection: McpConnection, options: OpenOptions): Promise<OpenConnection> {
  const plan =
    connection.transport === "stdio"
      ? stdioPlan(connection, options)
      : remotePlan(connection, options, await oauthProvider(connection, options));
  const listChanged = options.onToolsChanged
    ? { tools: { onChanged: options.onToolsChanged, debounceMs: 50 } }
    : undefined;
  const client = new Client({ name: "unitc", version: "0.1.0" }, listChanged ? { listChanged } : {});
  const { stdio, secrets } = plan;
  const stderrTail = () => {
    const kept = redactOutput(stdio?.stderr.text() ?? "", secrets, {
      start: (stdio?.stderr.dropped ?? 0) > 0,
    });
    return tail(kept, STDERR_EXCERPT_CHARS).trim();
  };
  try {
    await within(
      client.connect(plan.transport, { timeout: connection.startupTimeoutMs }),
      connection.startupTimeoutMs,
      options.signal,
    );
  } catch (error) {
    const exitBeforeTimeout = stdio?.exit;
    await plan.transport.close().catch(() => undefined);
    // The caller's deadline passed: its reason says which, not a start failure of the server's.
    if (options.signal?.aborted && error === options.signal.reason) throw error;
    // A remote server that wants a login has started fine: say which command to run. A refused
    // address is no start failure either: its own error says how to allow it.
    const ownError = [error, (error as { cause?: unknown } | null)?.cause].find(
      (e) => e instanceof UnitError && (e.code === "AUTH_REQUIRED" || e.code === "OUTBOUND_REFUSED"),
    );
    if (ownError) throw ownError;
    const { reason, hint } = startFailure(error, connection, plan, exitBeforeTimeout);
    const excerpt = stderrTail();
    throw new UnitError("MCP_START_FAILED", `the MCP server did not start: ${redact(reason, secrets)}`, {
      ...(excerpt ? { excerpt } : {}),
      hint,
    });
  }
  let closing: Promise<void> | undefined;
  return {
    client,
    transport: plan.transport,
    secrets,
    exit: () => stdio?.exit,
    failure: plan.failure,
    stderrTail,
    // Once: the HTTP transports report every close, so a second one would read as a second loss.
    close: () => {
      closing ??= (async () => {
        await client.close().catch(() => undefined);
        await plan.transport.close().catch(() => undefined);
      })();
      return closing;
    },
  };
}

/** The stored-token OAuth client of an oauth2/oidc remote server (the OAuth room loaded only then). */
async function oauthProvider(
  connection: McpConnection,
  options: OpenOptions,
): Promise<AuthProvider | undefined> {
  if (!isOAuth(connection.auth)) return undefined;
  const { runtimeProvider } = await import("../../auth/mcp-provider.js");
  return runtimeProvider(options.unitId ?? "", connection.auth, connection.url ?? "", options);
}
