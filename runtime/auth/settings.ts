/**
 * A unit's OAuth settings as the manifest carries them (`auth.type` oauth2 or oidc), checked, and the
 * fingerprint that ties a stored token to the configuration it was issued for.
 */
import { createHash } from "node:crypto";
import { UnitError } from "../contract/errors.js";
import type { AuthConfig } from "../contract/manifest.js";
import { resolveReference } from "../shared/references.js";
import { type ProviderPreset, providerPreset } from "./providers.js";

/** The OAuth fields the runtime reads. */
export interface OAuthSettings {
  type: "oauth2" | "oidc";
  issuer?: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  authorizationServerMetadataUrl?: string;
  openidConfigurationUrl?: string;
  clientId?: string;
  clientSecret?: string;
  redirectUri?: string;
  /** A client ID metadata document's URL, used as client_id where the server supports it. */
  clientMetadataUrl?: string;
  scopes?: string[];
  /** The protected resource (RFC 8707), sent as `resource` on every request to the server. */
  resource?: string;
  /** The preset named by `auth.provider`, and its quirks. */
  provider?: string;
  authParams?: ProviderPreset["authParams"];
  scopeParameter?: ProviderPreset["scopeParameter"];
  tokenResponse?: ProviderPreset["tokenResponse"];
}

const WELL_KNOWN_RESOURCE = "/.well-known/oauth-protected-resource";

/**
 * The resource (RFC 8707) an HTTP-based unit names, or undefined: `auth.resource`, else the resource
 * its `resourceMetadataUrl` describes (RFC 9728: the well-known segment taken out; the unit's URL when
 * the metadata URL is not of that form). Never by default: Microsoft Entra ID and others refuse it.
 */
export function unitResource(auth: AuthConfig, unitUrl: string | undefined): string | undefined {
  if (auth.type !== "oauth2" && auth.type !== "oidc") return undefined;
  if (typeof auth.resource === "string" && auth.resource.length > 0) return auth.resource;
  if (typeof auth.resourceMetadataUrl !== "string" || auth.resourceMetadataUrl.length === 0) return undefined;
  let metadata: URL;
  try {
    metadata = new URL(auth.resourceMetadataUrl);
  } catch {
    return unitUrl;
  }
  if (!metadata.pathname.startsWith(WELL_KNOWN_RESOURCE)) return unitUrl;
  return `${metadata.origin}${metadata.pathname.slice(WELL_KNOWN_RESOURCE.length)}`;
}

/** True for the auth types this room handles. */
export function isOAuth(auth: AuthConfig | undefined): auth is AuthConfig & OAuthSettings {
  return auth?.type === "oauth2" || auth?.type === "oidc";
}

/** The fields of `auth` as {@link OAuthSettings}, with non-string values dropped. */
export function oauthSettings(auth: AuthConfig & OAuthSettings, resource?: string): OAuthSettings {
  const text = (value: unknown) => (typeof value === "string" && value.length > 0 ? value : undefined);
  const scopes = Array.isArray(auth.scopes) ? auth.scopes.filter((s) => typeof s === "string") : undefined;
  const settings: OAuthSettings = { type: auth.type };
  for (const field of [
    "issuer",
    "authorizationUrl",
    "tokenUrl",
    "authorizationServerMetadataUrl",
    "openidConfigurationUrl",
    "clientId",
    "clientSecret",
    "redirectUri",
    "clientMetadataUrl",
  ] as const) {
    const value = text(auth[field]);
    if (value !== undefined) settings[field] = value;
  }
  if (scopes && scopes.length > 0) settings.scopes = scopes;
  const chosen = text(auth.resource) ?? resource;
  if (chosen !== undefined) settings.resource = chosen;
  const provider = text(auth.provider);
  return provider === undefined ? settings : withPreset(settings, provider, text(auth.tenant));
}

/** `settings` with the preset's endpoints where the unit set none, and the preset's quirks. */
function withPreset(settings: OAuthSettings, provider: string, tenant?: string): OAuthSettings {
  const preset = providerPreset(provider, tenant);
  const endpoints = ["issuer", "authorizationUrl", "tokenUrl"] as const;
  // Any endpoint the unit names (an issuer, a metadata URL) replaces the preset's discovery issuer.
  const ownDiscovery =
    settings.issuer ?? settings.authorizationServerMetadataUrl ?? settings.openidConfigurationUrl;
  const filled: OAuthSettings = { ...settings, provider };
  for (const field of endpoints) {
    if (filled[field] !== undefined || preset[field] === undefined) continue;
    if (field === "issuer" && ownDiscovery !== undefined) continue;
    filled[field] = preset[field];
  }
  if (preset.scopesRequired && !settings.scopes) {
    throw new UnitError("AUTH_FAILED", `the unit's OAuth settings name no scopes: ${preset.scopesRequired}`, {
      hint: "set auth.scopes",
    });
  }
  if (preset.authParams) filled.authParams = preset.authParams;
  if (preset.scopeParameter) filled.scopeParameter = preset.scopeParameter;
  if (preset.tokenResponse) filled.tokenResponse = preset.tokenResponse;
  return filled;
}

/**
 * What a token was issued for: issuer, client, resource and scopes. A token whose fingerprint differs
 * from the unit's current one is never sent; the secret itself is not part of it (rotating a secret
 * keeps tokens).
 */
export function fingerprint(settings: OAuthSettings): string {
  const parts = {
    type: settings.type,
    issuer: settings.issuer ?? null,
    tokenUrl: settings.tokenUrl ?? null,
    clientId: settings.clientId ?? null,
    resource: settings.resource ?? null,
    scopes: [...(settings.scopes ?? [])].sort(),
  };
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 32);
}

/** The client secret resolved from its reference, or undefined when none is configured. */
export function clientSecret(
  settings: OAuthSettings,
  env: Record<string, string | undefined>,
): string | undefined {
  return settings.clientSecret === undefined ? undefined : resolveReference(settings.clientSecret, env);
}

const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

/** True for a loopback host, where plain http is allowed. */
export function isLoopback(url: URL): boolean {
  return LOOPBACK.has(url.hostname);
}

/** `text` as a URL that is https, or http on a loopback host; otherwise `AUTH_FAILED` naming `what`. */
export function checkedUrl(text: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UnitError("AUTH_FAILED", `${what} is not a URL`, { hint: "fix the unit's OAuth settings" });
  }
  if (url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url))) return url;
  throw new UnitError(
    "AUTH_FAILED",
    `${what} must use https (http only on 127.0.0.1 or localhost): ${url.origin}`,
    {
      hint: "OAuth endpoints carry credentials; use the server's https URL",
    },
  );
}
