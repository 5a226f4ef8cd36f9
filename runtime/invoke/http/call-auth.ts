/**
 * The auth of one HTTP-based call (HTTP actions, OpenAPI, discovery, GraphQL): static headers from
 * references, or for OAuth the stored access token, with the one-time renewal a 401 triggers.
 */

import { isOAuth, unitResource } from "../../auth/settings.js";
import type { AuthConfig } from "../../contract/manifest.js";
import type { StoredSecrets } from "../../shared/references.js";
import type { InvokeContext } from "../shared/types.js";
import { type ResolvedAuth, resolveAuth } from "./request.js";

/** Resolved auth plus, for OAuth, how to get a renewed Authorization header after a 401. */
export interface CallAuth extends ResolvedAuth {
  reauth?: () => Promise<{ header: string; secret: string } | undefined>;
}

/** The connection fields that name the protected resource (RFC 8707) when the unit asks to send it. */
interface Target {
  auth: AuthConfig;
  baseUrl?: string;
  endpointUrl?: string;
}

/** What of a call's context auth reads (build-time fetches pass just these). */
export type AuthContext = Pick<InvokeContext, "env" | "oauth" | "fetch"> & { unit: { id: string } };

/**
 * Resolves the unit's auth for a call (`stored`: its `file:` and `vault:` references, read before);
 * OAuth tokens come from `context.oauth` or the default store.
 */
export async function callAuth(
  connection: Target,
  context: AuthContext,
  stored?: StoredSecrets,
): Promise<CallAuth> {
  const auth = connection.auth;
  if (!isOAuth(auth)) return resolveAuth(auth, context.env, stored);
  // Loaded on first use: units without OAuth never load the store or the OAuth client.
  const source =
    context.oauth ??
    (await (await import("../../auth/open.js")).defaultTokenSource(context.env, context.fetch));
  const resource = unitResource(auth, connection.baseUrl ?? connection.endpointUrl);
  const unitId = context.unit.id;
  const token = await source.accessToken(unitId, auth, resource);
  return {
    headers: new Map([["authorization", `Bearer ${token}`]]),
    secrets: [token],
    async reauth() {
      const renewed = await source.afterUnauthorized(unitId, auth, token, resource);
      return renewed === undefined ? undefined : { header: `Bearer ${renewed}`, secret: renewed };
    },
  };
}
