/** `unitc auth status`: per OAuth unit, the state of its stored tokens; never the tokens themselves. */
import type { ManifestUnit } from "../contract/manifest.js";
import { freshness } from "./freshness.js";
import { fingerprint, isOAuth, oauthSettings, unitResource } from "./settings.js";
import type { TokenStore } from "./token-store.js";

/** One unit's line of `auth status`. */
export interface AuthStatus {
  unit: string;
  state: "valid" | "refreshable" | "expired" | "missing" | "config-changed";
  /** ISO time the access token expires, when known. */
  expiresAt?: string;
  scopes?: string[];
}

/** What auth reads of a unit: a manifest's unit, or one resolved from the project's unit files. */
export type AuthUnit = Pick<ManifestUnit, "id" | "kind" | "connection">;

/** The connection's auth and the resource it protects, for the units that use OAuth. */
export function oauthTarget(unit: AuthUnit) {
  const connection = unit.connection as {
    auth?: unknown;
    baseUrl?: string;
    endpointUrl?: string;
    url?: string;
  };
  const auth = connection.auth as Parameters<typeof isOAuth>[0];
  if (!isOAuth(auth)) return undefined;
  // A remote MCP unit's resource is its server URL; its login goes through the MCP SDK.
  if (unit.kind === "mcp") return { auth, resource: connection.url, mcp: true };
  return { auth, resource: unitResource(auth, connection.baseUrl ?? connection.endpointUrl), mcp: false };
}

/** The status of every OAuth unit of `units`, by unit id. */
export async function authStatus(
  units: readonly AuthUnit[],
  store: TokenStore,
  now = Date.now(),
): Promise<AuthStatus[]> {
  const statuses: AuthStatus[] = [];
  for (const unit of units) {
    const target = oauthTarget(unit);
    if (!target) continue;
    const stored = await store.read(unit.id);
    if (!stored) {
      statuses.push({ unit: unit.id, state: "missing" });
      continue;
    }
    const settings = oauthSettings(target.auth, target.resource);
    const { tokens } = stored;
    statuses.push({
      unit: unit.id,
      state: stored.fingerprint !== fingerprint(settings) ? "config-changed" : freshness(tokens, now),
      ...(tokens.expiresAt !== undefined ? { expiresAt: new Date(tokens.expiresAt).toISOString() } : {}),
      ...(tokens.scopes ? { scopes: tokens.scopes } : {}),
    });
  }
  return statuses.sort((a, b) => (a.unit < b.unit ? -1 : a.unit > b.unit ? 1 : 0));
}
