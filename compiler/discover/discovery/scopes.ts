/**
 * The scopes a discovery-document unit asks for: its own `auth.scopes`, else the scopes the document
 * declares for the methods compiled. Worked out once here and written into the manifest's auth, so
 * `unitc auth login`, `auth status` and the runtime all see the same scopes (and so the same token
 * fingerprint).
 */
import type { AuthConfig, DiscoveryInvoke } from "../../../runtime/contract/manifest.js";
import type { OperationIR } from "../shared/types.js";

/**
 * `auth` with `scopes` set to every scope the operations declare, in document order, when it is OAuth
 * and lists none; otherwise `auth` as it is. A document lists each method's scopes as it sees fit (a
 * broad scope beside the narrow ones it implies); they are kept as written, since which scope implies
 * which is the provider's knowledge, not the document's.
 */
export function withDeclaredScopes(auth: AuthConfig, operations: readonly OperationIR[]): AuthConfig {
  if ((auth.type !== "oauth2" && auth.type !== "oidc") || auth.scopes !== undefined) return auth;
  const scopes = new Set<string>();
  // Every operation of a discovery unit is a discovery call; the invoke union's open member hides that.
  for (const { invoke } of operations)
    for (const scope of (invoke as DiscoveryInvoke).scopes ?? []) scopes.add(scope);
  return scopes.size === 0 ? auth : { ...auth, scopes: [...scopes] };
}
