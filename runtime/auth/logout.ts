/**
 * `unitc auth logout`: the unit's tokens revoked at the provider (RFC 7009) when it has a revocation
 * endpoint, then deleted. A revocation that fails still deletes, and says so: the local copy must go.
 * `unsupported_token_type` for the access token is expected (a JWT cannot be revoked), not a failure.
 */
import * as oauth from "oauth4webapi";
import type { AuthConfig } from "../contract/manifest.js";
import { VaultError } from "../storage/seal.js";
import { requestOptions } from "./metadata.js";
import { fingerprint, type OAuthSettings, oauthSettings } from "./settings.js";
import type { OAuthTokens } from "./tokens.js";

/** What logout did: `revoked` when the provider accepted the revocation, else why not. */
export interface LogoutOutcome {
  removed: boolean;
  /**
   * `revoked`: the provider revoked what `revoked` lists; `unrevocable`: it cannot revoke the only
   * token there was, a self-contained access token, which expires on its own.
   */
  revocation: "revoked" | "unrevocable" | "unsupported" | "failed" | "skipped";
  /** The tokens the provider revoked, in the order asked. */
  revoked?: Array<"refresh_token" | "access_token">;
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
): Promise<Pick<LogoutOutcome, "revocation" | "revoked" | "reason">> {
  const revoked: Array<"refresh_token" | "access_token"> = [];
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
      try {
        await oauth.processRevocationResponse(response);
        revoked.push(hint);
      } catch (error) {
        // A structured (JWT) access token cannot be revoked (RFC 7009 section 2.2.1): expected, not a failure.
        if (!(hint === "access_token" && isUnsupportedTokenType(error))) throw error;
        if (revoked.length === 0) return { revocation: "unrevocable" };
      }
    }
    return { revocation: "revoked", revoked };
  } catch (error) {
    const reason =
      error instanceof oauth.ResponseBodyError ? error.error : ((error as Error).message ?? String(error));
    return { revocation: "failed", reason, ...(revoked.length > 0 ? { revoked } : {}) };
  }
}

function isUnsupportedTokenType(error: unknown): boolean {
  return error instanceof oauth.ResponseBodyError && error.error === "unsupported_token_type";
}
