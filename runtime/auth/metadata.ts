/**
 * Authorization server metadata: RFC 8414 and OpenID discovery, in both path styles (the well-known
 * segment inserted before the issuer's path, and appended after it), every URL https (http only on
 * loopback) and checked again on each redirect hop. Configured endpoints win over discovered ones.
 */
import * as oauth from "oauth4webapi";
import { UnitError } from "../contract/errors.js";
import { safeFetch } from "./safe-fetch.js";
import { checkedUrl, type OAuthSettings } from "./settings.js";

/** The well-known documents to try for `issuer`, in order, for the given flavour. */
export function metadataUrls(issuer: URL, type: OAuthSettings["type"]): URL[] {
  const path = issuer.pathname === "/" ? "" : issuer.pathname.replace(/\/$/, "");
  const inserted = (name: string) => new URL(`${issuer.origin}/.well-known/${name}${path}`);
  const appended = (name: string) => new URL(`${issuer.origin}${path}/.well-known/${name}`);
  const oidc = [appended("openid-configuration"), inserted("openid-configuration")];
  const rfc8414 = [inserted("oauth-authorization-server"), appended("oauth-authorization-server")];
  const all = type === "oidc" ? [...oidc, ...rfc8414] : [...rfc8414, ...oidc];
  return all.filter((url, index) => all.findIndex((other) => other.href === url.href) === index);
}

/** The request options every oauth4webapi call gets: the checked fetch, http allowed on loopback only. */
export function requestOptions(
  fetchImpl?: typeof fetch,
  server?: oauth.AuthorizationServer,
): {
  [oauth.customFetch]: typeof fetch;
  [oauth.allowInsecureRequests]: boolean;
} {
  // safeFetch refuses plain http off loopback itself, so oauth4webapi's own https rule can step aside.
  // The issuer (configured, or checked against the configured one) sets which addresses it may reach.
  return { [oauth.customFetch]: safeFetch(fetchImpl, server?.issuer), [oauth.allowInsecureRequests]: true };
}

/** Discovers (or assembles from configured endpoints) the authorization server's metadata. */
export async function serverMetadata(
  settings: OAuthSettings,
  fetchImpl?: typeof fetch,
): Promise<oauth.AuthorizationServer> {
  const explicit = settings.authorizationServerMetadataUrl ?? settings.openidConfigurationUrl;
  let discovered: oauth.AuthorizationServer | undefined;
  if (explicit !== undefined || settings.issuer !== undefined) {
    discovered = await discover(settings, explicit, fetchImpl);
  }
  const issuer = discovered?.issuer ?? settings.issuer ?? originOf(settings.tokenUrl);
  const metadata: oauth.AuthorizationServer = {
    ...discovered,
    issuer,
    ...(settings.tokenUrl ? { token_endpoint: checkedUrl(settings.tokenUrl, "tokenUrl").href } : {}),
    ...(settings.authorizationUrl
      ? { authorization_endpoint: checkedUrl(settings.authorizationUrl, "authorizationUrl").href }
      : {}),
  };
  for (const field of ["token_endpoint", "authorization_endpoint", "jwks_uri"] as const) {
    const value = metadata[field];
    if (typeof value === "string") checkedUrl(value, `the server's ${field}`);
  }
  return metadata;
}

async function discover(
  settings: OAuthSettings,
  explicit: string | undefined,
  fetchImpl: typeof fetch | undefined,
): Promise<oauth.AuthorizationServer> {
  const fetcher = safeFetch(fetchImpl, settings.issuer ?? explicit);
  const issuer = settings.issuer ? checkedUrl(settings.issuer, "issuer") : undefined;
  const candidates = explicit
    ? [checkedUrl(explicit, "the metadata URL")]
    : metadataUrls(issuer as URL, settings.type);
  const tried: string[] = [];
  for (const url of candidates) {
    const response = await fetcher(url, { headers: { accept: "application/json" } });
    if (response.status === 404) {
      tried.push(url.href);
      await response.body?.cancel().catch(() => undefined);
      continue;
    }
    const expected = issuer ?? new URL(((await response.clone().json()) as { issuer?: string }).issuer ?? "");
    try {
      return await oauth.processDiscoveryResponse(expected, response);
    } catch (error) {
      throw new UnitError(
        "AUTH_FAILED",
        `the OAuth metadata at ${url.href} was refused: ${(error as Error).message}`,
        {
          hint: "check the unit's issuer: the metadata must name the same issuer",
        },
      );
    }
  }
  throw new UnitError(
    "AUTH_FAILED",
    `no OAuth metadata found for ${settings.issuer} (tried ${tried.join(", ")})`,
    {
      hint: "set tokenUrl and authorizationUrl, or the metadata URL, in the unit's auth",
    },
  );
}

/**
 * Refuses a login whose authorization server does not advertise PKCE `S256` (absent, empty, or only
 * `plain`): OAuth 2.1 requires PKCE, and a server that does not say it checks S256 may accept the
 * code without the verifier, so a stolen code would be enough.
 */
export function requirePkceS256(metadata: { code_challenge_methods_supported?: unknown } | undefined): void {
  const methods = metadata?.code_challenge_methods_supported;
  if (Array.isArray(methods) && methods.includes("S256")) return;
  const shown = Array.isArray(methods) && methods.length > 0 ? methods.join(", ") : "none";
  throw new UnitError(
    "AUTH_PKCE_UNSUPPORTED",
    `the authorization server does not advertise PKCE S256 (code_challenge_methods_supported: ${shown}); the login was not started`,
    {
      hint: "ask the provider to enable PKCE with S256; if its metadata is wrong, set the unit's authorizationUrl and tokenUrl instead of discovery",
    },
  );
}

function originOf(tokenUrl: string | undefined): string {
  if (tokenUrl === undefined) {
    throw new UnitError("AUTH_FAILED", "the unit's OAuth settings name neither an issuer nor a tokenUrl", {
      hint: "set auth.issuer (discovery) or auth.tokenUrl",
    });
  }
  return checkedUrl(tokenUrl, "tokenUrl").origin;
}
