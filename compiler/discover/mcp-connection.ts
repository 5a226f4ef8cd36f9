/**
 * `mcpServers` / `mcpServer`: the connection a unit's backend block describes, with defaults applied.
 * References in `env` and `auth` stay references; a relative `cwd` is made absolute against the
 * declaring file here (emit makes it relative to the output folder).
 */
import { isAbsolute, resolve } from "node:path";
import type { AuthConfig, McpConnection } from "../../runtime/manifest.js";
import { defsDefault } from "../resolve/defaults.js";
import type { ResolvedUnit } from "../resolve/types.js";

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

/** The connection of an MCP unit. */
export function mcpConnection(unit: ResolvedUnit): McpConnection {
  const backend = unit.backend as Data;
  const transport = transportOf(backend);
  const connection: McpConnection = {
    kind: "mcp",
    transport,
    startupTimeoutMs: (backend.startupTimeoutMs as number | undefined) ?? fieldDefault("startupTimeoutMs"),
    callTimeoutMs: (backend.callTimeoutMs as number | undefined) ?? fieldDefault("callTimeoutMs"),
    maxResponseBytes: (backend.maxResponseBytes as number | undefined) ?? fieldDefault("maxResponseBytes"),
  };
  if (transport === "stdio") {
    connection.command = String(backend.command);
    connection.args = (backend.args as string[] | undefined) ?? [];
    connection.env = (backend.env as Record<string, string> | undefined) ?? {};
    if (typeof backend.cwd === "string") {
      connection.cwd = isAbsolute(backend.cwd) ? backend.cwd : resolve(unit.baseDir, backend.cwd);
    }
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
