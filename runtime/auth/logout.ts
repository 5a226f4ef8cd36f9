/**
 * `unitc auth logout`: the unit's tokens revoked at the provider (RFC 7009) when it has a revocation
 * endpoint, then deleted. A revocation that fails still deletes, and says so: the local copy must go.
 */
import * as oauth from "oauth4webapi";
import type { AuthConfig } from "../manifest.js";
import { VaultError } from "../storage/seal.js";
import { requestOptions } from "./metadata.js";
import { fingerprint, type OAuthSettings, oauthSettings } from "./settings.js";
import type { OAuthTokens } from "./tokens.js";

/** What logout did: `revoked` when the provider accepted the revocation, else why not. */
export interface LogoutOutcome {
  removed: boolean;
  revocation: "revoked" | "unsupported" | "failed" | "skipped";
  /** Why the revocation failed (never token bytes). */
  reason?: string;
}

/** Revokes (when it can) and deletes the stored tokens of `unitId`. */
export async function logout(
  unitId: string,
  auth: AuthConfig,
  source: OAuthTokens,
  resource?: string,
): Promise<LogoutOutcome> {
  const stored = await source.tokens.read(unitId).catch(async (error: unknown) => {
    // A record put back from an older copy is not revoked (it is not the current login) but must go.
    if (!(error instanceof VaultError) || error.code !== "VAULT_ROLLBACK") throw error;
    return { rolledBack: await source.tokens.remove(unitId) };
  });
  if (!stored) return { removed: false, revocation: "skipped" };
  if ("rolledBack" in stored) return { removed: stored.rolledBack, revocation: "skipped" };
  const settings = oauthSettings(auth as AuthConfig & OAuthSettings, resource);
  // Tokens of an older config were issued by a server the unit may no longer name: only delete them.
  const outcome =
    stored.fingerprint === fingerprint(settings)
      ? await revoke(source, settings, stored.tokens)
      : { revocation: "skipped" as const };
  await source.tokens.remove(unitId);
  return { removed: true, ...outcome };
}

async function revoke(
  source: OAuthTokens,
  settings: OAuthSettings,
  tokens: { accessToken: string; refreshToken?: string },
): Promise<Pick<LogoutOutcome, "revocation" | "reason">> {
  try {
    const p = await source.party(settings);
    if (!p.server.revocation_endpoint) return { revocation: "unsupported" };
    // The refresh token first: revoking it ends the grant, and with it the access tokens it minted.
    const order = [
      ...(tokens.refreshToken ? [[tokens.refreshToken, "refresh_token"] as const] : []),
      [tokens.accessToken, "access_token"] as const,
    ];
    for (const [token, hint] of order) {
      const response = await oauth.revocationRequest(p.server, p.client, p.clientAuth, token, {
        ...requestOptions(p.fetch, p.server),
        additionalParameters: { token_type_hint: hint },
      });
      await oauth.processRevocationResponse(response);
    }
    return { revocation: "revoked" };
  } catch (error) {
    const reason =
      error instanceof oauth.ResponseBodyError ? error.error : ((error as Error).message ?? String(error));
    return { revocation: "failed", reason };
  }
}
