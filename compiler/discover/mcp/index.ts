/**
 * `mcpServers` / `mcpServer`: a downstream MCP server's tools become operations, listed once at build
 * time over stdio, Streamable HTTP or SSE (and cached for `toolCacheTtlMs`). Each tool keeps its input
 * and output schemas; a tool without an output schema is typed as the MCP call result. Resources,
 * resource templates and prompts are recorded on the unit, all cleaned as `listing.ts` says (a
 * tool that cannot be shown safely is left out with a warning). A server that cannot be listed is
 * reported with its stderr tail, and the other units still compile.
 * https://modelcontextprotocol.io/specification/2025-06-18/server/tools#listing-tools
 *
 * Listings are cached in `$UNITC_CACHE_DIR/mcp/` (else `$XDG_CACHE_HOME/unitc/mcp/`, else
 * `~/.cache/unitc/mcp/`), one file per connection-config hash (see `listingCacheKey`).
 */
import { UnitError } from "../../../runtime/contract/errors.js";
import type { McpConnection } from "../../../runtime/contract/manifest.js";
import { stderrLines } from "../../../runtime/invoke/mcp/tail-buffer.js";
import { type ListedTool, toolOperation } from "../../../runtime/invoke/mcp/tool-schema.js";
import { contentHash } from "../../shared/canonical.js";
import { recordRemote } from "../shared/inputs.js";
import type { DiscoverContext, ManifestExtras, OperationIR, UnitIR } from "../shared/types.js";
import { readCachedSpec, writeCachedSpec } from "../sources/cache.js";
import { listingCacheKey, mcpConnection } from "./connection.js";
import type { McpListing } from "./listing.js";

/** What the cache entry names as its source: the URL, or the command line. */
function target(connection: McpConnection): string {
  return connection.url ?? [connection.command, ...(connection.args ?? [])].join(" ");
}

/** Reports why a server could not be listed, quoting the end of its stderr (already redacted). */
function reportFailure(context: DiscoverContext<"mcp">, error: unknown): void {
  const unitError = error instanceof UnitError ? error : undefined;
  const reason = error instanceof Error ? error.message : String(error);
  const quoted = stderrLines(unitError?.details.excerpt)
    .map((line) => `\n  stderr| ${line}`)
    .join("");
  const code = unitError?.code ?? "MCP_LIST_FAILED";
  const pointer = code === "MISSING_ENV" ? (/^auth/.test(reason) ? "/auth" : "/env") : "";
  context.report(
    "error",
    code,
    `MCP server of unit "${context.unit.id}" could not be listed: ${reason}${quoted}`,
    pointer,
    unitError?.details.hint ??
      "the other units are unaffected; fix what the message names (the server, or a folder unitc reads) or set disabled: true",
  );
}

/**
 * How long the unit's listing may take, start included. Unset, the default never cuts a unit's own
 * longer startupTimeoutMs short (a package runner's, say): the start stays bounded by that.
 */
function discoveryBound(context: DiscoverContext<"mcp">): { ms: number; set: boolean } | undefined {
  const bound = context.discoveryTimeout;
  if (!bound) return undefined;
  return bound.set ? bound : { ms: Math.max(bound.ms, context.unit.backend.startupTimeoutMs), set: false };
}

function reportTimeout(context: DiscoverContext<"mcp">, ms: number, set: boolean): void {
  const setting = "options.exposureDiscoveryTimeoutMs";
  const source = set ? `${setting} is ${ms} ms` : `${ms} ms: the default of ${setting}`;
  context.report(
    "error",
    "MCP_LIST_TIMEOUT",
    `MCP server of unit "${context.unit.id}" could not be listed: it was not listed within ${ms} ms (${setting}) and was stopped`,
    "",
    `the other units are unaffected; ${source}: raise it if the server is only slow, or set disabled: true`,
  );
}

/** The server's listing: from the build cache while fresh, else from the server itself. */
async function loadListing(
  context: DiscoverContext<"mcp">,
  connection: McpConnection,
): Promise<McpListing | undefined> {
  const ttl = context.unit.backend.toolCacheTtlMs;
  const key = listingCacheKey(connection);
  const cached = await readCachedSpec("mcp", key, ttl);
  if (cached !== undefined) {
    try {
      const listing = JSON.parse(cached) as McpListing;
      return { ...listing, warnings: [] };
    } catch {
      // A broken entry only costs a new listing.
    }
  }
  const bound = discoveryBound(context);
  const signal = bound ? AbortSignal.timeout(bound.ms) : undefined;
  try {
    const { listMcpServer } = await import("./listing.js");
    const listing = await listMcpServer(connection, {
      env: process.env,
      baseDir: context.unit.baseDir,
      // An OAuth server is listed with the unit's stored token, read in memory only.
      unitId: context.unit.id,
      ...(context.oauth ? { oauth: context.oauth } : {}),
      ...(signal ? { signal } : {}),
    });
    const { warnings: _warnings, ...stored } = listing;
    await writeCachedSpec("mcp", key, target(connection), JSON.stringify(stored), ttl);
    return listing;
  } catch (error) {
    if (bound && signal?.aborted && error === signal.reason) reportTimeout(context, bound.ms, bound.set);
    else reportFailure(context, error);
    return undefined;
  }
}

/** One operation per tool (duplicate names were settled in the listing). */
function toolOperations(tools: readonly ListedTool[]): OperationIR[] {
  return tools.map((tool) => ({ name: tool.name, ...toolOperation(tool) }));
}

function extras(listing: McpListing): ManifestExtras {
  const kept: ManifestExtras = {};
  if (listing.resources.length > 0) kept.resources = listing.resources;
  if (listing.resourceTemplates.length > 0) kept.resourceTemplates = listing.resourceTemplates;
  if (listing.prompts.length > 0) kept.prompts = listing.prompts;
  return kept;
}

/** Discovers an MCP unit; see the module comment. */
export async function discoverMcp(context: DiscoverContext<"mcp">): Promise<UnitIR | undefined> {
  recordRemote();
  const { unit } = context;
  const connection = mcpConnection(unit);
  const listing = await loadListing(context, connection);
  if (!listing) return undefined;
  for (const warning of listing.warnings) context.report("warning", "MCP_LIST_INCOMPLETE", warning, "");
  for (const name of listing.duplicates) {
    const message = `the server lists tool ${JSON.stringify(name)} more than once; the first is kept`;
    context.report("warning", "MCP_DUPLICATE_TOOL", message, "", "report it to the server's authors");
  }
  for (const { name, reason } of listing.withheld) {
    context.report(
      "warning",
      "MCP_TOOL_WITHHELD",
      `the server's tool ${JSON.stringify(name)} is left out: ${reason}`,
      "",
      "report it to the server's authors; the other tools of the unit are compiled",
    );
  }
  return {
    unit,
    connection,
    operations: toolOperations(listing.tools),
    sourceHash: contentHash({ kind: "mcp", backend: unit.declared, tools: listing.tools }),
    manifestExtras: extras(listing),
  };
}
