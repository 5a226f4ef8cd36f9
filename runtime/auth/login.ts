/**
 * `unitc auth login`: the authorization code flow with PKCE S256 (and for OIDC a nonce), through a
 * loopback listener; the URL is opened in the browser or printed on one stable line.
 */
import { execFile } from "node:child_process";
import * as oauth from "oauth4webapi";
import { UnitError } from "../contract/errors.js";
import type { AuthConfig } from "../contract/manifest.js";
import { listenForCallback } from "./callback.js";
import { exchangeCode, type TokenSet } from "./grants.js";
import { requirePkceS256 } from "./metadata.js";
import { checkedUrl, fingerprint, type OAuthSettings, oauthSettings } from "./settings.js";
import type { OAuthTokens } from "./tokens.js";

/** How long a login waits for its callback. */
export const LOGIN_TIMEOUT_MS = 5 * 60_000;

/** The stable line `--no-browser` prints: this prefix, then the URL. */
export const LOGIN_URL_PREFIX = "Open this URL to log in: ";

export interface LoginOptions {
  unitId: string;
  auth: AuthConfig;
  resource?: string;
  source: OAuthTokens;
  /** Print the URL instead of opening a browser. */
  noBrowser: boolean;
  callbackPort?: number;
  /** Where the URL line goes (stdout). */
  print: (line: string) => void;
  timeoutMs?: number;
  /** Lines that may hold the callback URL, pasted by the person (read as well as the listener). */
  pasted?: AsyncIterable<string>;
}

/** Logs in and stores the tokens; resolves to them. */
export async function login(options: LoginOptions): Promise<TokenSet> {
  const settings = oauthSettings(options.auth as AuthConfig & OAuthSettings, options.resource);
  const p = await options.source.party(settings);
  if (!p.server.authorization_endpoint) {
    throw new UnitError("AUTH_FAILED", "the OAuth server has no authorization endpoint", {
      hint: "set auth.authorizationUrl or auth.issuer for the unit",
    });
  }
  // Discovered metadata must promise S256; endpoints the author configured by hand advertise nothing.
  if (discovers(settings)) requirePkceS256(p.server);
  const state = oauth.generateRandomState();
  const verifier = oauth.generateRandomCodeVerifier();
  const nonce = settings.type === "oidc" ? oauth.generateRandomNonce() : undefined;
  const listener = await listenForCallback(
    callbackPort(options, settings),
    state,
    options.timeoutMs ?? LOGIN_TIMEOUT_MS,
    options.pasted,
  );
  try {
    const url = new URL(p.server.authorization_endpoint);
    const params: Record<string, string | undefined> = {
      ...settings.authParams,
      response_type: "code",
      client_id: p.client.client_id,
      redirect_uri: listener.redirectUri,
      [settings.scopeParameter ?? "scope"]: scopeOf(settings),
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      nonce,
      resource: settings.resource,
    };
    for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
    if (options.noBrowser) options.print(`${LOGIN_URL_PREFIX}${url.href}\n`);
    else openBrowser(url, options.print);
    const callback = oauth.validateAuthResponse(p.server, p.client, await listener.result, state);
    const tokens = await exchangeCode(p, {
      callback,
      redirectUri: listener.redirectUri,
      codeVerifier: verifier,
      ...(nonce ? { nonce } : {}),
    });
    await save(options.source, options.unitId, fingerprint(settings), tokens);
    return tokens;
  } finally {
    await listener.close();
  }
}

/** True when the unit's server metadata comes from discovery (an issuer or a metadata URL). */
function discovers(settings: OAuthSettings): boolean {
  return (
    settings.issuer !== undefined ||
    settings.authorizationServerMetadataUrl !== undefined ||
    settings.openidConfigurationUrl !== undefined
  );
}

/** The `scope` parameter of a login: the unit's scopes, with `openid` first for OIDC. */
export function scopeOf(settings: OAuthSettings): string | undefined {
  const scopes = [...(settings.scopes ?? [])];
  if (settings.type === "oidc" && !scopes.includes("openid")) scopes.unshift("openid");
  return scopes.length > 0 ? scopes.join(" ") : undefined;
}

function callbackPort(options: LoginOptions, settings: OAuthSettings): number {
  if (options.callbackPort !== undefined) return options.callbackPort;
  if (!settings.redirectUri) return 0;
  const configured = new URL(settings.redirectUri);
  return configured.port ? Number(configured.port) : 0;
}

/** Replaces the unit's tokens with the new login's (compare-and-swap, retried on a race). */
export async function save(
  source: Pick<OAuthTokens, "tokens">,
  unitId: string,
  print: string,
  tokens: TokenSet,
): Promise<void> {
  for (;;) {
    const current = await source.tokens.read(unitId);
    if (await source.tokens.write(unitId, print, tokens, current)) return;
  }
}

/** Opens `url` with the platform's opener: checked first, passed as one argument, never to a shell. */
export function openBrowser(url: URL, print: (line: string) => void): void {
  const checked = checkedUrl(url.href, "the authorization URL");
  const [command, args] =
    process.platform === "darwin"
      ? ["open", [checked.href]]
      : process.platform === "win32"
        ? ["rundll32", ["url.dll,FileProtocolHandler", checked.href]]
        : ["xdg-open", [checked.href]];
  execFile(command, args as string[], (error) => {
    if (error) print(`${LOGIN_URL_PREFIX}${checked.href}\n`);
  });
}
