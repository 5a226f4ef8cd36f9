/**
 * The access token for a call: read from the store, refreshed (or re-minted with client credentials)
 * before expiry under a storage lease so that one process reaches the server while the others wait
 * and re-read, and refused with `AUTH_REQUIRED` when the stored token belongs to another config.
 */
import type * as oauth from "oauth4webapi";
import { UnitError } from "../contract/errors.js";
import type { AuthConfig } from "../contract/manifest.js";
import { isDue } from "./freshness.js";
import { clientCredentials, type OAuthParty, party, refresh, type TokenSet } from "./grants.js";
import { singleFlight } from "./lease.js";
import { serverMetadata } from "./metadata.js";
import { fingerprint, type OAuthSettings, oauthSettings } from "./settings.js";
import type { StoredTokens, TokenStore } from "./token-store.js";

/** What the invokers ask for: a bearer token, and a fresh one after a 401. */
export interface AccessTokenSource {
  /** The access token to send for `unitId`. */
  accessToken(unitId: string, auth: AuthConfig, resource?: string): Promise<string>;
  /** After a 401 with `rejected`: a refreshed token, or undefined when there is nothing to refresh. */
  afterUnauthorized(
    unitId: string,
    auth: AuthConfig,
    rejected: string,
    resource?: string,
  ): Promise<string | undefined>;
  /** The store these tokens live in: remote MCP units' OAuth client reads, renews and leases there. */
  tokenStore(): Promise<TokenStore>;
}

/** The tokens of every unit over one token store. */
export class OAuthTokens implements AccessTokenSource {
  private readonly servers = new Map<string, Promise<oauth.AuthorizationServer>>();

  constructor(
    readonly tokens: TokenStore,
    private readonly env: Record<string, string | undefined>,
    private readonly fetchImpl?: typeof fetch,
  ) {}

  async accessToken(unitId: string, auth: AuthConfig, resource?: string): Promise<string> {
    const settings = this.settings(auth, resource);
    const stored = await this.current(unitId, settings);
    if (stored && !isDue(stored.tokens)) return stored.tokens.accessToken;
    return (await this.renew(unitId, settings, stored?.version)).accessToken;
  }

  async afterUnauthorized(
    unitId: string,
    auth: AuthConfig,
    rejected: string,
    resource?: string,
  ): Promise<string | undefined> {
    const settings = this.settings(auth, resource);
    const stored = await this.current(unitId, settings);
    if (stored && stored.tokens.accessToken !== rejected) return stored.tokens.accessToken;
    if (!stored?.tokens.refreshToken && settings.clientSecret === undefined) return undefined;
    const renewed = await this.renew(unitId, settings, stored?.version, rejected);
    return renewed.accessToken === rejected ? undefined : renewed.accessToken;
  }

  async tokenStore(): Promise<TokenStore> {
    return this.tokens;
  }

  /** The server metadata and client for `settings` (metadata discovered once per process). */
  async party(settings: OAuthSettings): Promise<OAuthParty> {
    const id = fingerprint(settings);
    let server = this.servers.get(id);
    if (!server) {
      server = serverMetadata(settings, this.fetchImpl);
      this.servers.set(id, server);
      server.catch(() => this.servers.delete(id));
    }
    return party(await server, settings, this.env, this.fetchImpl);
  }

  private settings(auth: AuthConfig, resource?: string): OAuthSettings {
    return oauthSettings(auth as AuthConfig & OAuthSettings, resource);
  }

  /** The stored tokens when they belong to this config; `AUTH_REQUIRED` when they belong to another. */
  private async current(unitId: string, settings: OAuthSettings): Promise<StoredTokens | undefined> {
    const stored = await this.tokens.read(unitId);
    if (stored && stored.fingerprint !== fingerprint(settings)) {
      if (settings.clientSecret !== undefined && !stored.tokens.refreshToken) return undefined;
      throw authRequired(unitId, "its OAuth settings changed since the stored token was issued");
    }
    return stored;
  }

  /**
   * New tokens under the unit's lease. Whoever holds it re-reads first: when another process already
   * renewed (the record moved on from `seenVersion`), its tokens are used and the server is not asked.
   */
  private async renew(
    unitId: string,
    settings: OAuthSettings,
    seenVersion?: string,
    rejected?: string,
  ): Promise<TokenSet> {
    return singleFlight(
      this.tokens.store,
      unitId,
      () => this.renewHeld(unitId, settings, seenVersion, rejected),
      async () => {
        const now = await this.current(unitId, settings);
        const renewed =
          now && now.version !== seenVersion && !isDue(now.tokens) && now.tokens.accessToken !== rejected;
        return renewed ? now.tokens : undefined;
      },
    );
  }

  private async renewHeld(
    unitId: string,
    settings: OAuthSettings,
    seenVersion?: string,
    rejected?: string,
  ): Promise<TokenSet> {
    const stored = await this.current(unitId, settings);
    const movedOn = stored !== undefined && stored.version !== seenVersion;
    if (stored && movedOn && !isDue(stored.tokens) && stored.tokens.accessToken !== rejected)
      return stored.tokens;
    if (!stored?.tokens.refreshToken && settings.clientSecret === undefined) {
      throw authRequired(
        unitId,
        stored ? "its token expired and cannot be refreshed" : "no token is stored for it",
      );
    }
    const p = await this.party(settings);
    const next = await (stored?.tokens.refreshToken ? refresh(p, stored.tokens) : clientCredentials(p)).catch(
      (error: unknown) => {
        // The stored tokens stay: they may be another process's newer ones, and status still shows them.
        if (error instanceof UnitError && error.code === "AUTH_REQUIRED")
          throw authRequired(unitId, error.message);
        throw error;
      },
    );
    // The record as it is, even one of another config that client credentials may replace.
    const previous = stored ?? (await this.tokens.read(unitId));
    if (!(await this.tokens.write(unitId, fingerprint(settings), next, previous))) {
      // Someone wrote in between (only possible if the lease lapsed): theirs stands, never deleted.
      const winner = await this.current(unitId, settings);
      if (winner) return winner.tokens;
    }
    return next;
  }
}

/** The `AUTH_REQUIRED` error for `unitId`, saying which command to run. */
export function authRequired(unitId: string, why: string): UnitError {
  return new UnitError("AUTH_REQUIRED", `unit ${unitId} needs an OAuth login: ${why}`, {
    hint: `run unitc auth login ${unitId}`,
  });
}
