/**
 * Doctor checks read from the bundle's units: stdio MCP servers start and answer `initialize`
 * (then are closed, their process group ended), bounded by the completion timeouts; and units
 * bound to a project, which a session without a project root does not see, named with the reason.
 */
import type { Manifest, McpConnection } from "../runtime/manifest.js";
import { isProjectBound } from "../runtime/project-root.js";
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
 * Each stdio MCP server starts and initialises within `timeoutMs` (the completion's per-unit
 * discovery timeout, never more than the overall one), all at once; each is closed after.
 */
export async function stdioMcpChecks(
  manifest: Manifest | undefined,
  baseDir: string,
  env: Record<string, string | undefined>,
  timeoutMs: number,
): Promise<DoctorCheck[]> {
  const servers = (manifest?.units ?? []).filter(
    (unit) => unit.connection.kind === "mcp" && unit.connection.transport === "stdio",
  );
  if (servers.length === 0) return [];
  const { openMcp } = await import("../runtime/invoke/mcp/connect.js");
  return Promise.all(
    servers.map(async (unit): Promise<DoctorCheck> => {
      const connection = unit.connection as McpConnection;
      const bounded = { ...connection, startupTimeoutMs: Math.min(connection.startupTimeoutMs, timeoutMs) };
      const started = Date.now();
      try {
        const open = await openMcp(bounded, { env, baseDir, unitId: unit.id });
        await open.close();
        return {
          check: `reach ${unit.id}`,
          ok: true,
          detail: `${connection.command} started and initialised in ${Date.now() - started} ms`,
        };
      } catch (error) {
        const { code, message } = error as { code?: string; message: string };
        return {
          check: `reach ${unit.id}`,
          ok: false,
          detail: `${code ?? "MCP_START_FAILED"} ${message}`,
          fix: `run ${connection.command} by hand to see why, fix the unit's mcpServer, then \`unitc compile\``,
        };
      }
    }),
  );
}
