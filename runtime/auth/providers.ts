/**
 * Provider presets (`auth.provider`): the endpoints and quirks of big OAuth providers, so a unit need
 * not look them up. A preset only fills what the unit leaves out; every explicit field wins.
 */
import { UnitError } from "../contract/errors.js";

/** What a preset fills in, besides the endpoint fields it shares with the unit's settings. */
export interface ProviderPreset {
  issuer?: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  /** Extra authorization request parameters (a unit's own `authParams` win). */
  authParams?: Record<string, string>;
  /** The authorization parameter that carries the scopes (Slack's user scopes go in `user_scope`). */
  scopeParameter?: string;
  /** How the token response is shaped: Slack nests the user's token under `authed_user`. */
  tokenResponse?: "slack";
  /** Why a unit without scopes cannot log in, when the provider needs them named. */
  scopesRequired?: string;
}

/** The names `auth.provider` takes. */
export const PROVIDER_NAMES = ["google", "entra", "github", "slack", "atlassian", "salesforce"] as const;

/** A preset's name. */
export type ProviderName = (typeof PROVIDER_NAMES)[number];

const TENANT = /^[A-Za-z0-9][A-Za-z0-9.-]*$/;

/** The preset for `name` (with `tenant` for Entra ID); `AUTH_FAILED` for an unknown name or bad tenant. */
export function providerPreset(name: string, tenant?: string): ProviderPreset {
  switch (name) {
    case "google":
      // Google issues a refresh token only for offline access, and again only after fresh consent.
      return {
        issuer: "https://accounts.google.com",
        authParams: { access_type: "offline", prompt: "consent" },
      };
    case "entra": {
      const chosen = tenant ?? "organizations";
      if (!TENANT.test(chosen)) {
        throw new UnitError(
          "AUTH_FAILED",
          `auth.tenant ${JSON.stringify(chosen)} is not a tenant name or ID`,
          {
            hint: "set auth.tenant to the directory's ID or domain, or common, organizations or consumers",
          },
        );
      }
      // Endpoints, not discovery: the multi-tenant documents name a templated issuer no check accepts.
      const base = `https://login.microsoftonline.com/${chosen}/oauth2/v2.0`;
      return {
        authorizationUrl: `${base}/authorize`,
        tokenUrl: `${base}/token`,
        scopesRequired:
          "Microsoft Entra ID needs the API's scope, such as https://graph.microsoft.com/.default (add offline_access for a refresh token)",
      };
    }
    case "github":
      // GitHub offers no discovery document: fixed endpoints.
      return {
        authorizationUrl: "https://github.com/login/oauth/authorize",
        tokenUrl: "https://github.com/login/oauth/access_token",
      };
    case "slack":
      // No discovery either; a user token's scopes go in user_scope and come back under authed_user.
      return {
        authorizationUrl: "https://slack.com/oauth/v2/authorize",
        tokenUrl: "https://slack.com/api/oauth.v2.access",
        scopeParameter: "user_scope",
        tokenResponse: "slack",
      };
    case "atlassian":
      return {
        authorizationUrl: "https://auth.atlassian.com/authorize",
        tokenUrl: "https://auth.atlassian.com/oauth/token",
        authParams: { audience: "api.atlassian.com", prompt: "consent" },
      };
    case "salesforce":
      // A My Domain or sandbox (https://test.salesforce.com) is set with auth.issuer.
      return { issuer: "https://login.salesforce.com" };
    default:
      throw new UnitError("AUTH_FAILED", `auth.provider ${JSON.stringify(name)} is not a known provider`, {
        hint: `use one of ${PROVIDER_NAMES.join(", ")}, or set issuer or the endpoints yourself`,
      });
  }
}

/**
 * Slack's token response as every other provider answers: the user's token lifted to the top
 * (`token_type` bearer, which it is), and `ok: false` (sent with status 200) as a 400 OAuth error.
 */
export function slackTokenFetch(inner: typeof fetch, tokenEndpoint: string): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input)).href;
    if (url !== tokenEndpoint || !response.ok) return response;
    const body = (await response.json()) as Record<string, unknown>;
    const user = body.authed_user as Record<string, unknown> | undefined;
    const failed = body.ok === false;
    const lifted = failed
      ? { error: String(body.error ?? "invalid_request") }
      : user && typeof user.access_token === "string"
        ? { ...user, token_type: "bearer" }
        : body;
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    headers.delete("content-encoding");
    return new Response(JSON.stringify(lifted), { status: failed ? 400 : response.status, headers });
  };
}
