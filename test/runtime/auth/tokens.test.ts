import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTokenStore } from "../../../runtime/auth/open.js";
import type { TokenStore } from "../../../runtime/auth/token-store.js";
import { OAuthTokens } from "../../../runtime/auth/tokens.js";
import type { AuthConfig } from "../../../runtime/contract/manifest.js";
import { invokeHttp } from "../../../runtime/invoke/http/index.js";
import { failure, httpAction } from "../../support/http-server.js";
import { type OidcServer, startOidc } from "../../support/oidc-server.js";

let oidc: OidcServer;
let dataHome: string;
let store: TokenStore;

beforeAll(async () => {
  oidc = await startOidc();
  dataHome = await mkdtemp(join(tmpdir(), "unitc-oauth-"));
  store = await openTokenStore({ XDG_DATA_HOME: dataHome });
});
afterAll(async () => {
  await store.store.close();
  await oidc.close();
  await rm(dataHome, { recursive: true, force: true });
});

const env = () => ({ XDG_DATA_HOME: dataHome, MACHINE_SECRET: "machine-secret-value-0123456789" });

function machineAuth(extra: Record<string, unknown> = {}): AuthConfig {
  return {
    type: "oauth2",
    issuer: oidc.issuer,
    clientId: "machine",
    clientSecret: "env:MACHINE_SECRET",
    scopes: ["api:read"],
    ...extra,
  };
}

function call(unit: string, auth: AuthConfig, source: OAuthTokens) {
  const context = httpAction({
    baseUrl: oidc.apiUrl,
    invoke: { path: "/things" },
    connection: { auth },
    env: env(),
  });
  context.unit.id = unit;
  return invokeHttp({}, { ...context, oauth: source });
}

async function storageBytes(): Promise<string> {
  const root = join(dataHome, "unitc");
  const files = await readdir(root, { recursive: true, withFileTypes: true });
  const parts = await Promise.all(
    files.filter((f) => f.isFile()).map((f) => readFile(join(f.parentPath, f.name), "latin1")),
  );
  return parts.join("\n");
}

describe("client credentials", () => {
  it("mints a token once (client_secret_basic, from discovered metadata), caches it, and keeps it sealed", async () => {
    const source = new OAuthTokens(store, env());
    const before = oidc.grants.length;
    const first = await call("machine-a", machineAuth(), source);
    const second = await call("machine-a", machineAuth(), new OAuthTokens(store, env()));
    expect(first.value).toEqual({ ok: true, path: "/things" });
    expect(second.value).toEqual({ ok: true, path: "/things" });
    const minted = oidc.grants.slice(before);
    expect(minted).toEqual([{ grantType: "client_credentials", basic: true }]);
    const token = oidc.api.accepted.at(-1) as string;
    expect(token.length).toBeGreaterThan(20);
    expect(await storageBytes()).not.toContain(token);
    expect(await storageBytes()).not.toContain("machine-secret-value");
  });

  it("mints again after the API refuses the token, once, and retries the call once", async () => {
    const source = new OAuthTokens(store, env());
    await call("machine-b", machineAuth(), source);
    const token = oidc.api.accepted.at(-1) as string;
    const found = await oidc.provider.ClientCredentials.find(token);
    await found?.destroy();
    const before = oidc.grants.length;
    const result = await call("machine-b", machineAuth(), source);
    expect(result.value).toEqual({ ok: true, path: "/things" });
    expect(oidc.grants.slice(before).map((g) => g.grantType)).toEqual(["client_credentials"]);
    expect(oidc.api.refused.at(-1)).toBe(token);
  });

  it("never sends a token issued for another configuration", async () => {
    const source = new OAuthTokens(store, env());
    await call("login-unit", machineAuth(), source);
    const accepted = oidc.api.accepted.length;
    // The same unit now configured as a login client without a secret: the stored token is not its own.
    const changed: AuthConfig = {
      type: "oauth2",
      issuer: oidc.issuer,
      clientId: "cli",
      scopes: ["api:read"],
    };
    const error = await failure(call("login-unit", changed, source));
    expect(error.code).toBe("AUTH_REQUIRED");
    expect(error.details.hint).toBe("run unitc auth login login-unit");
    expect(oidc.api.accepted.length).toBe(accepted);
  });

  it("asks for a login when nothing is stored and there is no client secret", async () => {
    const source = new OAuthTokens(store, env());
    const auth: AuthConfig = { type: "oidc", issuer: oidc.issuer, clientId: "cli" };
    const error = await failure(call("nobody", auth, source));
    expect(error.code).toBe("AUTH_REQUIRED");
    expect(error.message).toContain("unit nobody needs an OAuth login");
  });

  it("refuses plain http metadata off loopback", async () => {
    const source = new OAuthTokens(store, env());
    const error = await failure(call("remote", machineAuth({ issuer: "http://example.com" }), source));
    expect(error.code).toBe("AUTH_FAILED");
    expect(error.message).toContain("must use https");
  });
});
