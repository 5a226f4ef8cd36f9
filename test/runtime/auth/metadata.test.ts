import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metadataUrls, serverMetadata } from "../../../runtime/auth/metadata.js";
import { openTokenStore } from "../../../runtime/auth/open.js";
import type { TokenStore } from "../../../runtime/auth/token-store.js";
import { OAuthTokens } from "../../../runtime/auth/tokens.js";
import type { AuthConfig } from "../../../runtime/contract/manifest.js";
import { invokeHttp } from "../../../runtime/invoke/http/index.js";
import {
  failure,
  httpAction,
  sendJson,
  startHttpServer,
  type TestServer,
} from "../../support/http-server.js";

let server: TestServer;
let dataHome: string;
let store: TokenStore;
const TOKEN = "canary-access-token-4f1c9a";

/** A small authorization server and API: RFC 8414 metadata path-inserted for `/tenant`, OpenID appended for `/oidc`. */
beforeAll(async () => {
  server = await startHttpServer((request, res) => {
    const base = server.url;
    const meta = (issuer: string) => ({
      issuer,
      token_endpoint: `${base}/token`,
      token_endpoint_auth_methods_supported: ["client_secret_post"],
    });
    if (request.path === "/.well-known/oauth-authorization-server/tenant")
      return sendJson(res, 200, meta(`${base}/tenant`));
    if (request.path === "/oidc/.well-known/openid-configuration")
      return sendJson(res, 200, meta(`${base}/oidc`));
    if (request.path === "/.well-known/oauth-authorization-server/hop") {
      res.writeHead(302, { location: "http://example.com/.well-known/oauth-authorization-server" }).end();
      return;
    }
    if (request.path === "/token")
      return sendJson(res, 200, { access_token: TOKEN, token_type: "bearer", expires_in: 3600 });
    if (request.path === "/echo") {
      res.writeHead(401, { "content-type": "text/plain" }).end(`refused ${request.headers.authorization}`);
      return;
    }
    if (request.path === "/api") {
      return sendJson(res, request.headers.authorization === `Bearer ${TOKEN}` ? 200 : 401, { ok: true });
    }
    return sendJson(res, 404, {});
  });
  dataHome = await mkdtemp(join(tmpdir(), "unitc-meta-"));
  store = await openTokenStore({ XDG_DATA_HOME: dataHome });
});
afterAll(async () => {
  await store.store.close();
  await server.close();
  await rm(dataHome, { recursive: true, force: true });
});

const env = () => ({ XDG_DATA_HOME: dataHome, SECRET: "post-secret-value" });

describe("metadata discovery", () => {
  it("tries both path styles in the order of the flavour", () => {
    const issuer = new URL("https://as.example/tenant");
    expect(metadataUrls(issuer, "oauth2").map(String)).toEqual([
      "https://as.example/.well-known/oauth-authorization-server/tenant",
      "https://as.example/tenant/.well-known/oauth-authorization-server",
      "https://as.example/tenant/.well-known/openid-configuration",
      "https://as.example/.well-known/openid-configuration/tenant",
    ]);
    expect(metadataUrls(issuer, "oidc")[0]?.href).toBe(
      "https://as.example/tenant/.well-known/openid-configuration",
    );
  });

  it("finds path-inserted RFC 8414 and appended OpenID metadata", async () => {
    const tenant = await serverMetadata({ type: "oauth2", issuer: `${server.url}/tenant` });
    expect(tenant.token_endpoint).toBe(`${server.url}/token`);
    const oidc = await serverMetadata({ type: "oauth2", issuer: `${server.url}/oidc` });
    expect(oidc.issuer).toBe(`${server.url}/oidc`);
  });

  it("checks every redirect hop: no plain http off loopback", async () => {
    const error = await failure(serverMetadata({ type: "oauth2", issuer: `${server.url}/hop` }));
    expect(error.code).toBe("AUTH_FAILED");
    expect(error.message).toContain("an OAuth redirect must use https");
  });

  it("uses client_secret_post when that is all the server allows, and sends the resource the unit names", async () => {
    const auth: AuthConfig = {
      type: "oauth2",
      issuer: `${server.url}/tenant`,
      clientId: "app",
      clientSecret: "env:SECRET",
      scopes: ["read"],
      resource: server.url,
    };
    const context = httpAction({
      baseUrl: server.url,
      invoke: { path: "/api" },
      connection: { auth },
      env: env(),
    });
    const result = await invokeHttp({}, { ...context, oauth: new OAuthTokens(store, env()) });
    expect(result.value).toEqual({ ok: true });
    const token = server.requests.find((r) => r.path === "/token");
    expect(token?.headers.authorization).toBeUndefined();
    const body = new URLSearchParams(token?.body);
    expect(Object.fromEntries(body)).toMatchObject({
      grant_type: "client_credentials",
      client_id: "app",
      client_secret: "post-secret-value",
      resource: server.url,
      scope: "read",
    });
  });

  it("keeps the token out of the error when the API refuses it even after renewal", async () => {
    const auth: AuthConfig = {
      type: "oauth2",
      issuer: `${server.url}/tenant`,
      clientId: "app",
      clientSecret: "env:SECRET",
    };
    const context = httpAction({
      baseUrl: server.url,
      invoke: { path: "/echo" },
      connection: { auth },
      env: env(),
    });
    context.unit.id = "echo";
    const error = await failure(invokeHttp({}, { ...context, oauth: new OAuthTokens(store, env()) }));
    expect(error.code).toBe("HTTP_STATUS");
    // The renewal minted the same token again, so the refused token is not sent a second time.
    expect(server.requests.filter((r) => r.path === "/echo")).toHaveLength(1);
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(TOKEN);
  });
});
