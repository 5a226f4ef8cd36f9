/**
 * `mcpServers` / `mcpServer`: the connection a unit's backend block describes, with defaults applied.
 * References in `env` and `auth` stay references. Paths follow one rule: a relative `cwd` and a
 * command given as a path (`./server.mjs`) start at the declaring file's folder, which is also the
 * folder a server without `cwd` runs in (so relative arguments work too); they are made absolute
 * here, and emit makes them relative to the output folder.
 */
import { isAbsolute, resolve } from "node:path";
import { resolveCommand } from "../../../runtime/invoke/cli/plan.js";
import { isPackageRunner, RUNNER_STARTUP_TIMEOUT_MS } from "../../../runtime/invoke/mcp/package-runner.js";
import type { AuthConfig, McpConnection } from "../../../runtime/manifest.js";
import { defsDefault } from "../../resolve/defaults.js";
import type { ResolvedUnit } from "../../resolve/types.js";

type Data = Record<string, unknown>;

/** The `default` of an MCP server field, declared once in `schemas/config.schema.json`. */
function fieldDefault(
  field: "startupTimeoutMs" | "callTimeoutMs" | "toolCacheTtlMs" | "maxResponseBytes",
): number {
  return defsDefault<number>("mcpServerFields", field);
}

/** The transport a block names, else stdio when it has a `command`, else Streamable HTTP. */
function transportOf(backend: Data): McpConnection["transport"] {
  const declared = backend.transport;
  if (declared === "stdio" || declared === "http" || declared === "sse") return declared;
  return backend.command !== undefined ? "stdio" : "http";
}

/** The startup timeout a block gets by default: longer for a stdio server started by a package runner. */
function startupDefault(backend: Data, transport: McpConnection["transport"]): number {
  const runner =
    transport === "stdio" && isPackageRunner(String(backend.command), (backend.args as string[]) ?? []);
  return runner ? RUNNER_STARTUP_TIMEOUT_MS : fieldDefault("startupTimeoutMs");
}

/** The connection of an MCP unit. */
export function mcpConnection(unit: ResolvedUnit): McpConnection {
  const backend = unit.backend as Data;
  const transport = transportOf(backend);
  const connection: McpConnection = {
    kind: "mcp",
    transport,
    startupTimeoutMs: (backend.startupTimeoutMs as number | undefined) ?? startupDefault(backend, transport),
    callTimeoutMs: (backend.callTimeoutMs as number | undefined) ?? fieldDefault("callTimeoutMs"),
    maxResponseBytes: (backend.maxResponseBytes as number | undefined) ?? fieldDefault("maxResponseBytes"),
  };
  if (transport === "stdio") {
    connection.command = resolveCommand(String(backend.command), unit.baseDir);
    connection.args = (backend.args as string[] | undefined) ?? [];
    connection.env = (backend.env as Record<string, string> | undefined) ?? {};
    const cwd = typeof backend.cwd === "string" ? backend.cwd : ".";
    connection.cwd = isAbsolute(cwd) ? cwd : resolve(unit.baseDir, cwd);
  } else {
    connection.url = String(backend.url);
    if (backend.auth !== undefined) connection.auth = backend.auth as AuthConfig;
  }
  return connection;
}

/** How long a listed tool set stays fresh in the build cache (0 = list every time). */
export function toolCacheTtlMs(unit: ResolvedUnit): number {
  const own = (unit.backend as Data).toolCacheTtlMs;
  return typeof own === "number" ? own : fieldDefault("toolCacheTtlMs");
}

/**
 * The build-cache key of a connection: what decides which server is reached and how. Timeouts and
 * the result cap are left out (they do not change the listing); secrets are references here,
 * never values.
 */
export function listingCacheKey(connection: McpConnection): unknown {
  const {
    startupTimeoutMs: _startup,
    callTimeoutMs: _call,
    maxResponseBytes: _cap,
    ...identity
  } = connection;
  // 2: listings are stored cleaned (shown text, unsafe tools withheld); older entries are not reused.
  return { listing: 2, ...identity };
}
