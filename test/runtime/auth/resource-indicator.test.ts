/**
 * The `resource` parameter (RFC 8707) is sent only where the unit asks for it (`auth.resource`) or its
 * protected-resource metadata (RFC 9728) names it, and always for a remote MCP unit; a plain OAuth
 * unit logs in and calls without it, against a real oidc-provider with resource indicators on and off.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_URL_PREFIX, login } from "../../../runtime/auth/login.js";
import { openTokenStore } from "../../../runtime/auth/open.js";
import { oauthTarget } from "../../../runtime/auth/status.js";
import type { TokenStore } from "../../../runtime/auth/token-store.js";
import { OAuthTokens } from "../../../runtime/auth/tokens.js";
import type { AuthConfig, ManifestUnit } from "../../../runtime/contract/manifest.js";
import { invokeHttp } from "../../../runtime/invoke/http/index.js";
import { httpAction } from "../../support/http-server.js";
import { driveLogin } from "../../support/oauth-browser.js";
import { type OidcServer, startOidc } from "../../support/oidc-server.js";

let withIndicators: OidcServer;
let withoutIndicators: OidcServer;
let dataHome: string;
let store: TokenStore;

beforeAll(async () => {
  withIndicators = await startOidc();
  withoutIndicators = await startOidc({ resourceIndicators: false });
  dataHome = await mkdtemp(join(tmpdir(), "unitc-resource-"));
  store = await openTokenStore({ XDG_DATA_HOME: dataHome });
});
afterAll(async () => {
  await store.store.close();
  await withIndicators.close();
  await withoutIndicators.close();
  await rm(dataHome, { recursive: true, force: true });
});

const env = () => ({ XDG_DATA_HOME: dataHome });

/** Logs `unitId` in the way `unitc auth login` does (resource from oauthTarget), then calls its API. */
async function loginAndCall(oidc: OidcServer, unitId: string, extra: Record<string, string> = {}) {
  const auth = { type: "oauth2", issuer: oidc.issuer, clientId: "cli", scopes: ["api:read"], ...extra };
  const context = httpAction({
    baseUrl: oidc.apiUrl,
    invoke: { path: "/me" },
    connection: { auth: auth as AuthConfig },
    env: env(),
  });
  context.unit.id = unitId;
  const target = oauthTarget(context.unit);
  if (!target) throw new Error("not an OAuth unit");
  const source = new OAuthTokens(store, env());
  let reached!: (line: string) => void;
  const line = new Promise<string>((resolve) => {
    reached = resolve;
  });
  const from = oidc.received.length;
  const done = login({
    unitId,
    auth: target.auth,
    ...(target.resource ? { resource: target.resource } : {}),
    source,
    noBrowser: true,
    print: (text) => reached(text),
  });
  await driveLogin((await line).slice(LOGIN_URL_PREFIX.length).trim());
  await done;
  const result = await invokeHttp({}, { ...context, oauth: source });
  const received = oidc.received.slice(from);
  const authorization = received.filter((r) => r.endpoint === "auth");
  const token = received.filter((r) => r.endpoint === "token");
  return { value: result.value, authorization, token };
}

describe("resource (RFC 8707) only where it is asked for", () => {
  for (const [label, server] of [
    ["resource indicators on", () => withIndicators],
    ["resource indicators off", () => withoutIndicators],
  ] as const) {
    it(`a plain OAuth unit logs in and calls without resource (${label})`, async () => {
      const { value, authorization, token } = await loginAndCall(server(), `plain-${label.length}`);
      expect(value).toEqual({ ok: true, path: "/me" });
      expect(authorization.length).toBeGreaterThan(0);
      expect(token.length).toBeGreaterThan(0);
      for (const request of [...authorization, ...token])
        expect(request.params).not.toHaveProperty("resource");
    });
  }

  it("a unit with auth.resource sends it on the authorization and token requests", async () => {
    const oidc = withIndicators;
    const { value, authorization, token } = await loginAndCall(oidc, "asks", { resource: oidc.apiUrl });
    expect(value).toEqual({ ok: true, path: "/me" });
    expect(authorization.length).toBeGreaterThan(0);
    for (const request of [...authorization, ...token]) expect(request.params.resource).toBe(oidc.apiUrl);
  });

  it("a unit with resourceMetadataUrl sends the resource that metadata URL names", async () => {
    const oidc = withIndicators;
    const resourceMetadataUrl = `${oidc.apiUrl}/.well-known/oauth-protected-resource`;
    const { authorization, token } = await loginAndCall(oidc, "metadata", { resourceMetadataUrl });
    expect(token.length).toBeGreaterThan(0);
    for (const request of [...authorization, ...token]) expect(request.params.resource).toBe(oidc.apiUrl);
  });

  it("a remote MCP unit still names its server as the resource", () => {
    const unit = {
      id: "remote",
      kind: "mcp",
      connection: {
        transport: "http",
        url: "https://mcp.example.com/mcp",
        auth: { type: "oauth2", clientId: "cli" },
      },
    } as unknown as ManifestUnit;
    expect(oauthTarget(unit)).toMatchObject({ resource: "https://mcp.example.com/mcp", mcp: true });
  });
});
