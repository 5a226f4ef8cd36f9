/**
 * The token endpoint calls, through oauth4webapi: client credentials, authorization code (PKCE, and
 * for OIDC the id_token's signature against the JWKS, `iss`, `aud`, `exp` and `nonce`) and refresh.
 * Every request carries the `resource` parameter (RFC 8707) when the unit names one (never by default).
 */
import * as oauth from "oauth4webapi";
import { UnitError } from "../contract/errors.js";
import { requestOptions } from "./metadata.js";
import { slackTokenFetch } from "./providers.js";
import { clientSecret, type OAuthSettings } from "./settings.js";

/** Tokens as kept: the access token, its expiry, the refresh token and the granted scopes. */
export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  /** Milliseconds since the epoch; undefined when the server gave no lifetime. */
  expiresAt?: number;
  issuedAt: number;
  scopes?: string[];
  /** The authorization server that issued them, as the MCP SDK stamps its tokens. */
  issuer?: string;
}

/** Everything a grant needs about the server and the client. */
export interface OAuthParty {
  server: oauth.AuthorizationServer;
  client: oauth.Client;
  clientAuth: oauth.ClientAuth;
  settings: OAuthSettings;
  fetch?: typeof fetch;
}

/** The client, authenticated as the server's metadata allows (basic preferred, then post, else none). */
export function party(
  server: oauth.AuthorizationServer,
  settings: OAuthSettings,
  env: Record<string, string | undefined>,
  fetchImpl?: typeof fetch,
): OAuthParty {
  if (!settings.clientId) {
    throw new UnitError("AUTH_FAILED", "the unit's OAuth settings have no clientId", {
      hint: "set auth.clientId to the client registered with the provider",
    });
  }
  const secret = clientSecret(settings, env);
  const methods = server.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
  let clientAuth: oauth.ClientAuth = oauth.None();
  if (secret !== undefined) {
    clientAuth =
      methods.includes("client_secret_basic") || !methods.includes("client_secret_post")
        ? oauth.ClientSecretBasic(secret)
        : oauth.ClientSecretPost(secret);
  }
  const token = server.token_endpoint;
  const shaped =
    settings.tokenResponse === "slack" && token
      ? slackTokenFetch(fetchImpl ?? globalThis.fetch, token)
      : fetchImpl;
  return {
    server,
    client: { client_id: settings.clientId },
    clientAuth,
    settings,
    ...(shaped ? { fetch: shaped } : {}),
  };
}

function extra(p: OAuthParty): Record<string, string> {
  return p.settings.resource ? { resource: p.settings.resource } : {};
}

function options(p: OAuthParty) {
  return { ...requestOptions(p.fetch, p.server), additionalParameters: extra(p) };
}

/** A token set from a token endpoint response. */
export function tokenSet(response: oauth.TokenEndpointResponse, previous?: TokenSet): TokenSet {
  const now = Date.now();
  const scopes = response.scope?.split(" ").filter(Boolean) ?? previous?.scopes;
  const refreshToken = response.refresh_token ?? previous?.refreshToken;
  return {
    accessToken: response.access_token,
    ...(refreshToken ? { refreshToken } : {}),
    ...(typeof response.expires_in === "number" ? { expiresAt: now + response.expires_in * 1000 } : {}),
    issuedAt: now,
    ...(scopes ? { scopes } : {}),
  };
}

/** Mints a token with the client credentials grant. */
export async function clientCredentials(p: OAuthParty): Promise<TokenSet> {
  return grant(async () => {
    const parameters: Record<string, string> = { ...extra(p) };
    if (p.settings.scopes) parameters.scope = p.settings.scopes.join(" ");
    const response = await oauth.clientCredentialsGrantRequest(
      p.server,
      p.client,
      p.clientAuth,
      parameters,
      requestOptions(p.fetch, p.server),
    );
    return tokenSet(await oauth.processClientCredentialsResponse(p.server, p.client, response));
  });
}

/** Trades a refresh token for new tokens; a rotated refresh token replaces the old one. */
export async function refresh(p: OAuthParty, current: TokenSet): Promise<TokenSet> {
  const refreshToken = current.refreshToken as string;
  return grant(async () => {
    const response = await oauth.refreshTokenGrantRequest(
      p.server,
      p.client,
      p.clientAuth,
      refreshToken,
      options(p),
    );
    return tokenSet(await oauth.processRefreshTokenResponse(p.server, p.client, response), current);
  });
}

/** What the login flow hands over after the callback. */
export interface CodeExchange {
  callback: URLSearchParams;
  redirectUri: string;
  codeVerifier: string;
  nonce?: string;
}

/** Trades an authorization code for tokens; for OIDC, checks the id_token fully first. */
export async function exchangeCode(p: OAuthParty, exchange: CodeExchange): Promise<TokenSet> {
  return grant(async () => {
    const response = await oauth.authorizationCodeGrantRequest(
      p.server,
      p.client,
      p.clientAuth,
      exchange.callback,
      exchange.redirectUri,
      exchange.codeVerifier,
      options(p),
    );
    const oidc = p.settings.type === "oidc";
    const result = await oauth.processAuthorizationCodeResponse(p.server, p.client, response, {
      ...(oidc ? { expectedNonce: exchange.nonce as string, requireIdToken: true } : {}),
    });
    if (oidc)
      await oauth.validateApplicationLevelSignature(p.server, response, requestOptions(p.fetch, p.server));
    return tokenSet(result);
  });
}

/** Where a device login stands after one poll of the token endpoint (RFC 8628 section 3.5). */
export type DevicePoll = TokenSet | "authorization_pending" | "slow_down";

/** Asks once for the tokens of a device login; for OIDC, checks the id_token's signature too. */
export async function pollDeviceCode(p: OAuthParty, deviceCode: string): Promise<DevicePoll> {
  return grant(async () => {
    const response = await oauth.deviceCodeGrantRequest(
      p.server,
      p.client,
      p.clientAuth,
      deviceCode,
      options(p),
    );
    try {
      const result = await oauth.processDeviceCodeResponse(p.server, p.client, response);
      // The id_token's claims are checked above; its signature here, when the server sent one.
      if (result.id_token)
        await oauth.validateApplicationLevelSignature(p.server, response, requestOptions(p.fetch, p.server));
      return tokenSet(result);
    } catch (error) {
      // The two answers that mean "keep polling"; every other one ends the login.
      const code = error instanceof oauth.ResponseBodyError ? error.error : undefined;
      if (code === "authorization_pending" || code === "slow_down") return code;
      throw error;
    }
  });
}

/** Runs a grant, turning protocol failures into `AUTH_FAILED` with the server's own reason. */
async function grant<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UnitError) throw error;
    const body =
      error instanceof oauth.ResponseBodyError
        ? `${error.error}: ${error.error_description ?? ""}`
        : undefined;
    if (error instanceof oauth.ResponseBodyError && error.error === "invalid_grant") {
      // A refresh token or code the server no longer honours: only a new login helps.
      throw new UnitError(
        "AUTH_REQUIRED",
        `the OAuth server no longer accepts the grant (${(body ?? "").trim()})`,
        {
          hint: "run unitc auth login <unit>",
        },
      );
    }
    const reason = body ?? (error as Error).message;
    throw new UnitError("AUTH_FAILED", `the OAuth token request failed (${reason.trim()})`, {
      hint: "run unitc auth login <unit> again, or check the unit's clientId, clientSecret and scopes",
    });
  }
}
