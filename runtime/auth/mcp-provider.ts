/**
 * Remote MCP units' OAuth through the MCP SDK's `OAuthClientProvider`, backed by the same sealed token
 * store as every other unit. The SDK does the protocol: RFC 9728 protected-resource discovery (the
 * `resource_metadata` of `WWW-Authenticate`, then the well-known URLs, the metadata's `resource`
 * checked), `clientMetadataUrl` as client_id where the server supports it, else dynamic registration
 * (kept in storage), PKCE and refresh. Outside a login, a missing token is `AUTH_REQUIRED`.
 */
import {
  type AuthProvider,
  extractWWWAuthenticateParams,
  type OAuthClientInformationMixed,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type OAuthTokens,
  auth as sdkAuth,
  UnauthorizedError,
} from "@modelcontextprotocol/client";
import type { AuthConfig } from "../contract/manifest.js";
import type { TokenSet } from "./grants.js";
import { singleFlight } from "./lease.js";
import { save } from "./login.js";
import { requirePkceS256 } from "./metadata.js";
import { fingerprint, type OAuthSettings, oauthSettings } from "./settings.js";
import type { TokenStore } from "./token-store.js";
import { type AccessTokenSource, authRequired } from "./tokens.js";

/** The loopback redirect every unitc client registers (native clients: any port, RFC 8252). */
export const LOOPBACK_REDIRECT = "http://127.0.0.1/callback";

/** How a login drives the provider; absent at run time, where a redirect means no usable token. */
export interface InteractiveLogin {
  redirectUrl: string;
  state: string;
  redirect(url: URL): void;
}

/** The OAuth client of one remote MCP unit over the token store. */
export class StoreOAuthProvider implements OAuthClientProvider {
  private verifier: string | undefined;
  private discovered: OAuthDiscoveryState | undefined;
  readonly clientMetadataUrl?: string;

  constructor(
    private readonly unitId: string,
    private readonly settings: OAuthSettings,
    private readonly store: TokenStore,
    private readonly login?: InteractiveLogin,
  ) {
    if (settings.clientMetadataUrl) this.clientMetadataUrl = settings.clientMetadataUrl;
  }

  get redirectUrl(): string {
    return this.login?.redirectUrl ?? LOOPBACK_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "unitc",
      redirect_uris: [LOOPBACK_REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      application_type: "native",
      ...(this.settings.scopes ? { scope: this.settings.scopes.join(" ") } : {}),
    } as OAuthClientMetadata;
  }

  state(): string {
    return this.login?.state ?? "";
  }

  async clientInformation(ctx?: { issuer: string }): Promise<OAuthClientInformationMixed | undefined> {
    // A configured client belongs to whichever server the config leads to: stamped with its issuer,
    // so the SDK has nothing to save.
    if (this.settings.clientId)
      return { client_id: this.settings.clientId, ...(ctx ? { issuer: ctx.issuer } : {}) };
    return this.store.readClient<OAuthClientInformationMixed>(this.unitId);
  }

  async saveClientInformation(client: OAuthClientInformationMixed): Promise<void> {
    if (this.settings.clientId) return;
    // Outside a login a registration is of no use (no one is there to log in), so none is made.
    if (!this.login) throw authRequired(this.unitId, "no login is stored for it");
    await this.store.writeClient(this.unitId, client);
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    // A login asks afresh, whatever is stored; the new tokens replace the old on success only.
    if (this.login) return undefined;
    const stored = await this.store.read(this.unitId);
    if (!stored) return undefined;
    if (stored.fingerprint !== fingerprint(this.settings)) {
      throw authRequired(this.unitId, "its OAuth settings changed since the stored token was issued");
    }
    const { tokens } = stored;
    return {
      access_token: tokens.accessToken,
      token_type: "Bearer",
      ...(tokens.refreshToken ? { refresh_token: tokens.refreshToken } : {}),
      ...(tokens.expiresAt !== undefined
        ? { expires_in: Math.max(0, Math.floor((tokens.expiresAt - Date.now()) / 1000)) }
        : {}),
      ...(tokens.scopes ? { scope: tokens.scopes.join(" ") } : {}),
      // Returned as saved, so the SDK neither warns of nor re-writes a token without its issuer.
      ...(tokens.issuer ? { issuer: tokens.issuer } : {}),
    };
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    const now = Date.now();
    const set: TokenSet = {
      accessToken: tokens.access_token,
      ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
      ...(typeof tokens.expires_in === "number" ? { expiresAt: now + tokens.expires_in * 1000 } : {}),
      issuedAt: now,
      ...(tokens.scope ? { scopes: tokens.scope.split(" ").filter(Boolean) } : {}),
      ...(typeof tokens.issuer === "string" ? { issuer: tokens.issuer } : {}),
    };
    await save({ tokens: this.store }, this.unitId, fingerprint(this.settings), set);
  }

  redirectToAuthorization(url: URL): void {
    if (!this.login) throw authRequired(this.unitId, "the MCP server asks for a login");
    // The SDK goes ahead when the metadata lists no methods (or there is none); a login here does not.
    requirePkceS256(this.discovered?.authorizationServerMetadata);
    this.login.redirect(url);
  }

  // What the SDK discovered before the redirect, so the callback leg is bound to the same server.
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    // A login stops here, before any client is registered, when the server does not promise S256.
    if (this.login) requirePkceS256(state.authorizationServerMetadata);
    this.discovered = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovered;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw authRequired(this.unitId, "no login is in progress");
    return this.verifier;
  }
}

type UnauthorizedContext = Parameters<NonNullable<AuthProvider["onUnauthorized"]>>[0];

/**
 * What a runtime's MCP transport authenticates with: the stored token on every request, and after a
 * 401 the SDK's own renewal (`auth()`: refresh, rotation, saved through the provider) run under the
 * unit's storage lease. Whoever holds the lease re-reads first: when another process already replaced
 * the rejected token, the new one is used and the provider is not asked, so a rotating refresh token
 * is spent once across processes.
 */
export class LeasedMcpAuth implements AuthProvider {
  private sent: string | undefined;

  constructor(
    private readonly unitId: string,
    private readonly provider: StoreOAuthProvider,
    private readonly store: TokenStore,
  ) {}

  async token(): Promise<string | undefined> {
    this.sent = (await this.provider.tokens())?.access_token;
    return this.sent;
  }

  async onUnauthorized(ctx: UnauthorizedContext): Promise<void> {
    const rejected = this.sent;
    // True once the store holds a token other than the one the server refused.
    const replaced = async (): Promise<true | undefined> => {
      const now = (await this.provider.tokens())?.access_token;
      return now !== undefined && now !== rejected ? true : undefined;
    };
    await singleFlight(
      this.store.store,
      this.unitId,
      async () => {
        if (await replaced()) return true;
        const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(ctx.response);
        const result = await sdkAuth(this.provider, {
          serverUrl: ctx.serverUrl,
          fetchFn: ctx.fetchFn,
          ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}),
          ...(scope ? { scope } : {}),
        });
        if (result !== "AUTHORIZED") throw new UnauthorizedError();
        return true;
      },
      replaced,
    );
  }
}

/**
 * The auth a runtime connects with: the token store of `source.oauth` (the configured storage, the
 * same every other unit kind uses; the default store only when none is given), no interactive login,
 * renewal leased in that store.
 */
export async function runtimeProvider(
  unitId: string,
  auth: AuthConfig,
  serverUrl: string,
  source: { env: Record<string, string | undefined>; oauth?: AccessTokenSource },
): Promise<LeasedMcpAuth> {
  const tokens = source.oauth
    ? await source.oauth.tokenStore()
    : await (await (await import("./open.js")).defaultTokenSource(source.env)).tokenStore();
  const provider = new StoreOAuthProvider(
    unitId,
    oauthSettings(auth as AuthConfig & OAuthSettings, serverUrl),
    tokens,
  );
  return new LeasedMcpAuth(unitId, provider, tokens);
}
