/**
 * Provider presets (`auth.provider`): each fills documented endpoints, explicit fields win, and the
 * quirks are seen by a real oidc-provider answering as the provider does: Google's extra
 * authorization parameters, Slack's user_scope and nested token, GitHub's fixed endpoints.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_URL_PREFIX, login } from "../../../runtime/auth/login.js";
import { openTokenStore } from "../../../runtime/auth/open.js";
import { PROVIDER_NAMES } from "../../../runtime/auth/providers.js";
import { type OAuthSettings, oauthSettings } from "../../../runtime/auth/settings.js";
import type { TokenStore } from "../../../runtime/auth/token-store.js";
import { OAuthTokens } from "../../../runtime/auth/tokens.js";
import type { AuthConfig } from "../../../runtime/contract/manifest.js";
import { invokeHttp } from "../../../runtime/invoke/http/index.js";
import { httpAction } from "../../support/http-server.js";
import { driveLogin } from "../../support/oauth-browser.js";
import { type OidcServer, startOidc } from "../../support/oidc-server.js";
import { compileProject } from "../serve/support.js";

let oidc: OidcServer;
let slack: OidcServer;
let dataHome: string;
let store: TokenStore;

beforeAll(async () => {
  oidc = await startOidc();
  // Slack's oauth.v2.access answer: the user's token under authed_user, token_type "user".
  slack = await startOidc({
    scopeParameter: "user_scope",
    rewriteToken: (body) => ({
      ok: true,
      app_id: "A1",
      team: { id: "T1" },
      authed_user: { id: "U1", ...body, token_type: "user" },
    }),
  });
  dataHome = await mkdtemp(join(tmpdir(), "unitc-providers-"));
  store = await openTokenStore({ XDG_DATA_HOME: dataHome });
});
afterAll(async () => {
  await store.store.close();
  await oidc.close();
  await slack.close();
  await rm(dataHome, { recursive: true, force: true });
});

const env = () => ({ XDG_DATA_HOME: dataHome });
const preset = (auth: Record<string, unknown>): OAuthSettings =>
  oauthSettings({ type: "oauth2", clientId: "app", ...auth } as AuthConfig & OAuthSettings);

/** Logs `unitId` in with `auth` at `server`, then calls the server's API with the stored token. */
async function loginAndCall(server: OidcServer, unitId: string, auth: Record<string, unknown>) {
  const context = httpAction({
    baseUrl: server.apiUrl,
    invoke: { path: "/me" },
    connection: { auth: auth as AuthConfig },
    env: env(),
  });
  context.unit.id = unitId;
  const source = new OAuthTokens(store, env());
  let reached!: (line: string) => void;
  const line = new Promise<string>((resolve) => {
    reached = resolve;
  });
  const from = server.received.length;
  const done = login({
    unitId,
    auth: auth as AuthConfig,
    source,
    noBrowser: true,
    print: (text) => reached(text),
  });
  await driveLogin((await line).slice(LOGIN_URL_PREFIX.length).trim());
  const tokens = await done;
  const result = await invokeHttp({}, { ...context, oauth: source });
  const authorization = server.received.slice(from).find((r) => r.endpoint === "auth");
  return { tokens, value: result.value, authorization: authorization?.params ?? {} };
}

describe("provider presets", () => {
  it("gives every provider an issuer or both endpoints", () => {
    for (const provider of PROVIDER_NAMES) {
      const settings = preset({ provider, scopes: ["x"] });
      const endpoints = settings.issuer ?? (settings.authorizationUrl && settings.tokenUrl);
      expect(endpoints, provider).toMatch(/^https:\/\//);
    }
    expect(preset({ provider: "github" })).toMatchObject({
      authorizationUrl: "https://github.com/login/oauth/authorize",
      tokenUrl: "https://github.com/login/oauth/access_token",
    });
    expect(preset({ provider: "google" }).issuer).toBe("https://accounts.google.com");
  });

  it("a config with provider, tenant and resource compiles, and the manifest's auth keeps them", async () => {
    const auth = {
      type: "oauth2",
      provider: "entra",
      tenant: "contoso.onmicrosoft.com",
      clientId: "app",
      scopes: ["https://graph.microsoft.com/.default"],
      resource: "https://graph.microsoft.com",
    };
    const manifest = await compileProject({
      ".units/config.json": JSON.stringify({
        options: { exposure: "direct" },
        httpApis: {
          graph: {
            name: "Graph",
            description: "Microsoft Graph.",
            baseUrl: "https://graph.microsoft.com/v1.0",
            auth,
            actions: { me: { method: "GET", path: "/me", description: "The signed-in user." } },
          },
        },
      }),
    });
    const units = JSON.parse(await readFile(manifest, "utf8")).units as Array<{
      connection: { auth: unknown };
    }>;
    expect(units[0]?.connection.auth).toEqual(auth);
  });

  it("Entra ID: the tenant's endpoints, scopes required, a bad tenant refused", () => {
    const scopes = ["https://graph.microsoft.com/.default"];
    expect(preset({ provider: "entra", tenant: "contoso.onmicrosoft.com", scopes })).toMatchObject({
      authorizationUrl: "https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/authorize",
      tokenUrl: "https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token",
    });
    expect(preset({ provider: "entra", scopes }).tokenUrl).toContain("/organizations/");
    expect(() => preset({ provider: "entra" })).toThrow(/\.default/);
    expect(() => preset({ provider: "entra", tenant: "evil.com/x?", scopes })).toThrow(/tenant/);
    expect(() => preset({ provider: "nope" })).toThrow(/not a known provider/);
  });

  it("explicit fields win over the preset's", () => {
    const settings = preset({ provider: "salesforce", issuer: "https://test.salesforce.com" });
    expect(settings.issuer).toBe("https://test.salesforce.com");
    const own = preset({ provider: "github", tokenUrl: "https://ghe.example.com/login/oauth/access_token" });
    expect(own.tokenUrl).toBe("https://ghe.example.com/login/oauth/access_token");
    expect(own.authorizationUrl).toBe("https://github.com/login/oauth/authorize");
  });

  it("Google: access_type=offline and prompt=consent reach the provider, which then issues a refresh token", async () => {
    const { tokens, value, authorization } = await loginAndCall(oidc, "google", {
      type: "oidc",
      provider: "google",
      issuer: oidc.issuer,
      clientId: "cli",
      scopes: ["openid", "offline_access", "api:read"],
    });
    expect(authorization).toMatchObject({ access_type: "offline", prompt: "consent" });
    expect(tokens.refreshToken).toBeTruthy();
    expect(value).toEqual({ ok: true, path: "/me" });
  });

  it("GitHub: fixed endpoints (no discovery), pointed at the local provider through an override", async () => {
    const { value, authorization } = await loginAndCall(oidc, "github", {
      type: "oauth2",
      provider: "github",
      authorizationUrl: `${oidc.issuer}/auth`,
      tokenUrl: `${oidc.issuer}/token`,
      clientId: "cli",
      scopes: ["api:read"],
    });
    expect(authorization).toMatchObject({ scope: "api:read", client_id: "cli" });
    expect(value).toEqual({ ok: true, path: "/me" });
  });

  it("Slack: scopes go as user_scope, and the user's token nested under authed_user is the one kept", async () => {
    const { tokens, value, authorization } = await loginAndCall(slack, "slack", {
      type: "oauth2",
      provider: "slack",
      authorizationUrl: `${slack.issuer}/auth`,
      tokenUrl: `${slack.issuer}/token`,
      clientId: "cli",
      scopes: ["api:read"],
    });
    expect(authorization).toMatchObject({ user_scope: "api:read" });
    expect(authorization).not.toHaveProperty("scope");
    expect(tokens.accessToken).toBeTruthy();
    expect(slack.api.accepted).toContain(tokens.accessToken);
    expect(value).toEqual({ ok: true, path: "/me" });
  });
});
