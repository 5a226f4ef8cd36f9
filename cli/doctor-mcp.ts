/**
 * Doctor checks read from the bundle's units: stdio MCP servers start and answer `initialize`
 * (then are closed, their process group ended) within the unit's own startupTimeoutMs; and units
 * bound to a project, which a session without a project root does not see, named with the reason.
 */

import { isProjectBound } from "../runtime/calls/project-root.js";
import type { UnitErrorDetails } from "../runtime/contract/errors.js";
import type { Manifest, McpConnection } from "../runtime/contract/manifest.js";
import { stderrLines } from "../runtime/invoke/mcp/tail-buffer.js";
import type { DoctorCheck } from "./doctor-checks.js";

/** Why a bound unit may be missing from a client's tools: always "ok", it is no fault. */
export function bindingChecks(manifest: Manifest | undefined): DoctorCheck[] {
  return (manifest?.units ?? []).filter(isProjectBound).map((unit) => ({
    check: `binding ${unit.id}`,
    ok: true,
    detail:
      "bound to a project: served only to sessions with a project root (unitc serve --project-root DIR, " +
      "or an MCP client that declares roots); hidden from tools, search and Code Mode otherwise",
  }));
}

/**
 * Each stdio MCP server starts and initialises within the unit's own startupTimeoutMs (as compiled,
 * defaults filled: 60 s for servers started through npx and its kin), all at once, as serve would
 * start it; each is closed after. Completion's deadlines are for a key press: an `npx` server that
 * takes two seconds to start is healthy, and a failure names the setting that applied.
 */
export async function stdioMcpChecks(
  manifest: Manifest | undefined,
  baseDir: string,
  env: Record<string, string | undefined>,
): Promise<DoctorCheck[]> {
  const servers = (manifest?.units ?? []).filter(
    (unit) => unit.connection.kind === "mcp" && unit.connection.transport === "stdio",
  );
  if (servers.length === 0) return [];
  const { openMcp } = await import("../runtime/invoke/mcp/connect.js");
  return Promise.all(
    servers.map(async (unit): Promise<DoctorCheck> => {
      const connection = unit.connection as McpConnection;
      const started = Date.now();
      try {
        const open = await openMcp(connection, { env, baseDir, unitId: unit.id });
        await open.close();
        return {
          check: `reach ${unit.id}`,
          ok: true,
          detail: `${connection.command} started and initialised in ${Date.now() - started} ms`,
        };
      } catch (error) {
        const { code, message, details } = error as {
          code?: string;
          message: string;
          details?: UnitErrorDetails;
        };
        const stderr = stderrLines(details?.excerpt);
        return {
          check: `reach ${unit.id}`,
          ok: false,
          detail: `${code ?? "MCP_START_FAILED"} ${message}`,
          ...(stderr.length > 0 ? { stderr } : {}),
          fix: `run ${connection.command} by hand to see why, fix the unit's mcpServer, then \`unitc compile\``,
        };
      }
    }),
  );
}
