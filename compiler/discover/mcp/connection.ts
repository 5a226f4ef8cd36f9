/**
 * `mcpServers` / `mcpServer`: the connection a unit's backend block describes (resolve applied the defaults).
 * References in `env` and `auth` stay references. Paths follow one rule: a relative `cwd` and a
 * command given as a path (`./server.mjs`) start at the declaring file's folder, which is also the
 * folder a server without `cwd` runs in (so relative arguments work too); they are made absolute
 * here, and emit makes them relative to the output folder.
 */
import { isAbsolute, resolve } from "node:path";
import type { McpConnection } from "../../../runtime/contract/manifest.js";
import { resolveCommand } from "../../../runtime/invoke/cli/plan.js";
import type { BackendFields } from "../../resolve/backend-types.js";
import type { ResolvedUnitOf } from "../../resolve/types.js";
import { stringMap } from "../shared/string-map.js";

/** The transport a block names, else stdio when it has a `command`, else Streamable HTTP. */
function transportOf(backend: BackendFields["mcp"]): McpConnection["transport"] {
  return backend.transport ?? (backend.command !== undefined ? "stdio" : "http");
}

/** The connection of an MCP unit (a package runner's longer startup default is filled by resolve). */
export function mcpConnection(unit: ResolvedUnitOf<"mcp">): McpConnection {
  const { backend } = unit;
  const transport = transportOf(backend);
  const connection: McpConnection = {
    kind: "mcp",
    transport,
    startupTimeoutMs: backend.startupTimeoutMs,
    callTimeoutMs: backend.callTimeoutMs,
    maxResponseBytes: backend.maxResponseBytes,
  };
  if (transport === "stdio") {
    connection.command = resolveCommand(String(backend.command), unit.baseDir);
    connection.args = backend.args ?? [];
    connection.env = stringMap(backend.env ?? {});
    const cwd = backend.cwd ?? ".";
    connection.cwd = isAbsolute(cwd) ? cwd : resolve(unit.baseDir, cwd);
  } else {
    connection.url = String(backend.url);
    if (backend.auth !== undefined) connection.auth = backend.auth;
  }
  return connection;
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
