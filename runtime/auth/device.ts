/**
 * `unitc auth login <unit> --device`: device authorization (RFC 8628) for machines without a browser.
 * The verification URL and the user code are printed; the token endpoint is polled at the server's
 * interval (slower after `slow_down`) until the person approves, refuses, or the code expires.
 */
import * as oauth from "oauth4webapi";
import { UnitError } from "../contract/errors.js";
import type { AuthConfig } from "../contract/manifest.js";
import { type OAuthParty, pollDeviceCode, type TokenSet } from "./grants.js";
import { LOGIN_URL_PREFIX, save, scopeOf } from "./login.js";
import { requestOptions } from "./metadata.js";
import { checkedUrl, fingerprint, type OAuthSettings, oauthSettings } from "./settings.js";
import type { OAuthTokens } from "./tokens.js";

/** The line after the URL: this prefix, then the code the person checks or types in. */
export const DEVICE_CODE_PREFIX = "and confirm the code: ";

export interface DeviceLoginOptions {
  unitId: string;
  auth: AuthConfig;
  resource?: string;
  source: OAuthTokens;
  /** Where the URL and code lines go (stdout). */
  print: (line: string) => void;
  /** Shortest wait between polls (tests shorten it; the server's interval wins when longer). */
  minIntervalMs?: number;
}

/** Logs in with the device flow and stores the tokens; resolves to them. */
export async function deviceLogin(options: DeviceLoginOptions): Promise<TokenSet> {
  const settings = oauthSettings(options.auth as AuthConfig & OAuthSettings, options.resource);
  const p = await options.source.party(settings);
  const started = await authorize(p, settings);
  const url = checkedUrl(
    started.verification_uri_complete ?? started.verification_uri,
    "the verification URL",
  );
  options.print(`${LOGIN_URL_PREFIX}${url.href}\n`);
  options.print(`${DEVICE_CODE_PREFIX}${started.user_code}\n`);
  const deadline = Date.now() + started.expires_in * 1000;
  let interval = Math.max((started.interval ?? 5) * 1000, options.minIntervalMs ?? 5000);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, interval));
    if (Date.now() > deadline) {
      throw new UnitError("AUTH_FAILED", "the device code expired before the login was approved", {
        hint: `run unitc auth login ${options.unitId} --device again and approve it in time`,
      });
    }
    const outcome = await pollDeviceCode(p, started.device_code).catch((error: unknown) => {
      throw refused(error, options.unitId);
    });
    if (outcome === "slow_down") interval += 5000;
    if (typeof outcome === "string") continue;
    await save(options.source, options.unitId, fingerprint(settings), outcome);
    return outcome;
  }
}

async function authorize(p: OAuthParty, settings: OAuthSettings): Promise<oauth.DeviceAuthorizationResponse> {
  if (!p.server.device_authorization_endpoint) {
    throw new UnitError("AUTH_FAILED", "the OAuth server does not advertise device authorization", {
      hint: "run unitc auth login without --device to log in through the browser",
    });
  }
  checkedUrl(p.server.device_authorization_endpoint, "the server's device_authorization_endpoint");
  const parameters: Record<string, string> = {};
  const scope = scopeOf(settings);
  if (scope) parameters.scope = scope;
  if (settings.resource) parameters.resource = settings.resource;
  try {
    const response = await oauth.deviceAuthorizationRequest(
      p.server,
      p.client,
      p.clientAuth,
      parameters,
      requestOptions(p.fetch, p.server),
    );
    return await oauth.processDeviceAuthorizationResponse(p.server, p.client, response);
  } catch (error) {
    const reason = error instanceof oauth.ResponseBodyError ? error.error : (error as Error).message;
    throw new UnitError("AUTH_FAILED", `the device authorization request failed (${reason})`, {
      hint: "check the unit's clientId and scopes; the client must be allowed the device code grant",
    });
  }
}

/** A refused or expired device login as a clear `AUTH_FAILED`, not "run login" (that is what ran). */
function refused(error: unknown, unitId: string): unknown {
  if (!(error instanceof UnitError)) return error;
  return new UnitError("AUTH_FAILED", `the device login ended: ${error.message}`, {
    hint: `run unitc auth login ${unitId} --device again`,
  });
}
