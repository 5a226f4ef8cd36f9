/**
 * `unitc auth login` for a remote MCP unit: the MCP SDK's `auth()` drives discovery (RFC 9728, then
 * RFC 8414 / OpenID), client registration and PKCE through {@link StoreOAuthProvider}; the browser
 * step and the loopback callback are the same as every other login's.
 */
import { auth as sdkAuth } from "@modelcontextprotocol/client";
import * as oauth from "oauth4webapi";
import { UnitError } from "../contract/errors.js";
import type { AuthConfig } from "../contract/manifest.js";
import { listenForCallback } from "./callback.js";
import { LOGIN_TIMEOUT_MS, LOGIN_URL_PREFIX, openBrowser } from "./login.js";
import { StoreOAuthProvider } from "./mcp-provider.js";
import { safeFetch } from "./safe-fetch.js";
import { type OAuthSettings, oauthSettings } from "./settings.js";
import type { TokenStore } from "./token-store.js";

export interface McpLoginOptions {
  unitId: string;
  auth: AuthConfig;
  /** The MCP server's URL: the protected resource. */
  serverUrl: string;
  store: TokenStore;
  noBrowser: boolean;
  callbackPort?: number;
  print: (line: string) => void;
  timeoutMs?: number;
  /** Lines that may hold the callback URL, pasted by the person (read as well as the listener). */
  pasted?: AsyncIterable<string>;
}

/** Logs in to a remote MCP server and stores the tokens. */
export async function mcpLogin(options: McpLoginOptions): Promise<void> {
  const settings = oauthSettings(options.auth as AuthConfig & OAuthSettings, options.serverUrl);
  const state = oauth.generateRandomState();
  const listener = await listenForCallback(
    options.callbackPort ?? 0,
    state,
    options.timeoutMs ?? LOGIN_TIMEOUT_MS,
    options.pasted,
  );
  const provider = new StoreOAuthProvider(options.unitId, settings, options.store, {
    redirectUrl: listener.redirectUri,
    state,
    redirect: (url) => {
      if (options.noBrowser) options.print(`${LOGIN_URL_PREFIX}${url.href}\n`);
      else openBrowser(url, options.print);
    },
  });
  const common = {
    serverUrl: options.serverUrl,
    fetchFn: safeFetch(undefined, options.serverUrl),
    ...(settings.scopes ? { scope: settings.scopes.join(" ") } : {}),
  };
  try {
    const started = await sdkAuth(provider, common).catch(explain);
    if (started === "AUTHORIZED") return;
    const callback = await listener.result;
    const code = callback.get("code") as string;
    const iss = callback.get("iss");
    // The callback's issuer (RFC 9207) is checked by the SDK against the discovered server.
    await sdkAuth(provider, { ...common, authorizationCode: code, ...(iss ? { iss } : {}) }).catch(explain);
  } finally {
    await listener.close();
  }
}

/** The SDK's failures as `AUTH_FAILED`; no registration and no clientId names the setting to add. */
function explain(error: unknown): never {
  if (error instanceof UnitError) throw error;
  const message = error instanceof Error ? error.message : String(error);
  if (/dynamic client registration|registration_endpoint/i.test(message)) {
    throw new UnitError(
      "AUTH_FAILED",
      "the MCP server's authorization server supports neither dynamic client registration nor client ID metadata documents",
      { hint: "register a client with the provider and set auth.clientId for the unit" },
    );
  }
  throw new UnitError("AUTH_FAILED", `the MCP server's OAuth login failed: ${message}`, {
    hint: "check the unit's url and auth settings, then run unitc auth login again",
  });
}
