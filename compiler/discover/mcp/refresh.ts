/**
 * An MCP unit's listing as a build depends on it, and how it is listed live and stored. A build
 * record keeps one {@link ServerListing} per MCP unit, so a no-change compile can check the listing
 * without compiling: while the build cache holds the same listing, younger than `toolCacheTtlMs`,
 * no server is asked; once it is older, the server is listed again here (which refreshes the cache),
 * and the build is still up to date when the listing is the same.
 */
import type { AccessTokenSource } from "../../../runtime/auth/tokens.js";
import type { McpConnection } from "../../../runtime/contract/manifest.js";
import { ownWaitSignal } from "../../../runtime/invoke/mcp/own-wait.js";
import { textHash } from "../../shared/file-hashes.js";
import type { ServerListing } from "../shared/inputs.js";
import { readFreshEntry, writeCachedSpec } from "../sources/cache.js";
import type { McpListing } from "./listing.js";

/** How to reach a server: everything of a {@link ServerListing} but what it got. */
export type ListedServer = Omit<ServerListing, "hash">;

/** What the cache entry names as its source: the URL, or the command line. */
function target(connection: McpConnection): string {
  return connection.url ?? [connection.command, ...(connection.args ?? [])].join(" ");
}

/** The text the build cache keeps of a listing (its warnings are reported once, not stored). */
function storedText(listing: McpListing): string {
  const { warnings: _warnings, ...stored } = listing;
  return JSON.stringify(stored);
}

/** The hash {@link ServerListing} keeps of a listing. */
export const listingHash = (listing: McpListing): string => textHash(storedText(listing));

/**
 * Lists the server itself and stores the listing in the build cache; throws as `listMcpServer` does.
 * `onStarted` is told once the server's start is under way.
 */
export async function listAndStore(
  server: ListedServer,
  options: { oauth?: AccessTokenSource; signal?: AbortSignal; onStarted?: () => void },
): Promise<McpListing> {
  const { listMcpServer } = await import("./listing.js");
  const listing = await listMcpServer(server.connection, {
    env: process.env,
    baseDir: server.baseDir,
    // An OAuth server is listed with the unit's stored token, read in memory only.
    unitId: server.unitId,
    ...options,
  });
  await writeCachedSpec("mcp", server.key, target(server.connection), storedText(listing), server.ttlMs);
  return listing;
}

/**
 * Whether the server still lists what the build got: from the build cache while its entry is fresh,
 * else from the server, listed again within the recorded bound (not with `startNothing`: then an
 * expired listing is not the same). A server that cannot be listed is not the same (the compile that
 * follows reports why).
 */
export async function sameListing(
  recorded: ServerListing,
  oauth?: AccessTokenSource,
  startNothing = false,
): Promise<boolean> {
  const cached = await readFreshEntry("mcp", recorded.key, recorded.ttlMs);
  if (cached !== undefined) return textHash(cached) === recorded.hash;
  // Expired: only the server can say, and it may not be started (an untrusted project's, say).
  if (startNothing) return false;
  const bound = recorded.bound ? ownWaitSignal(recorded.bound.ms) : undefined;
  try {
    const listing = await listAndStore(recorded, {
      ...(oauth ? { oauth } : {}),
      ...(bound ? { signal: bound.signal } : {}),
    });
    return listingHash(listing) === recorded.hash;
  } catch {
    return false;
  } finally {
    bound?.cancel();
  }
}
