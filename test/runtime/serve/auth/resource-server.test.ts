/**
 * `serve` as an OAuth protected resource, against a real `oidc-provider` issuing JWT access tokens:
 * the RFC 9728 metadata document, 401 with `resource_metadata`, tokens refused for their audience,
 * expiry, signature or kind, 403 for a missing scope, the operators' serve token still accepted, and
 * the caller's token never sent on to a downstream API.
 */

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../../support/http-server.js";
import { type OidcServer, startOidc } from "../../../support/oidc-server.js";
import { raw } from "../../../support/raw-http.js";
import { directNotesProject, startNotesServer } from "../fixtures.js";
import { closeAll, compileProject, connect, serve, TOKEN } from "../support.js";

const JSON_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});

let oidc: OidcServer;
let notes: TestServer;
let url: string;

beforeAll(async () => {
  oidc = await startOidc({ accessTokenFormat: "jwt" });
  notes = await startNotesServer();
  const manifestPath = await compileProject(directNotesProject(`${notes.url}/api`));
  url = (
    await serve(
      { manifestPath, env: { PATH: process.env.PATH } },
      { oauth: { issuer: oidc.issuer, scopes: ["api:read"] } },
    )
  ).url;
});
afterAll(async () => {
  await closeAll();
  await notes.close();
  await oidc.close();
});

/** A JWT access token from the provider's token endpoint (client credentials) for `resource`. */
async function issuedToken(resource: string): Promise<string> {
  const response = await fetch(`${oidc.issuer}/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from("machine:machine-secret-value-0123456789").toString("base64")}`,
    },
    body: new URLSearchParams({ grant_type: "client_credentials", scope: "api:read", resource }).toString(),
  });
  const body = (await response.json()) as { access_token?: string };
  expect(body.access_token?.split(".")).toHaveLength(3);
  return body.access_token as string;
}

/** A token signed with `key` (default the provider's own), claims over sensible defaults. */
async function signed(claims: Record<string, unknown>, key: JWK = oidc.signingKey): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const defaults = {
    iss: oidc.issuer,
    aud: url,
    sub: "alice",
    scope: "api:read",
    iat: now - 10,
    exp: now + 300,
  };
  return new SignJWT({ ...defaults, ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "test-key", typ: "at+jwt" })
    .sign(await importJWK(key, "RS256"));
}

function initialize(token?: string) {
  return raw(url, {
    headers: { ...JSON_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: INITIALIZE,
  });
}

describe("protected-resource metadata", () => {
  it("serves RFC 9728 metadata at the bare and the path-suffixed well-known paths", async () => {
    const origin = new URL(url).origin;
    for (const path of [
      "/.well-known/oauth-protected-resource",
      "/.well-known/oauth-protected-resource/mcp",
    ]) {
      const answer = await raw(`${origin}${path}`, { method: "GET" });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({
        resource: url,
        authorization_servers: [oidc.issuer],
        scopes_supported: ["api:read"],
        bearer_methods_supported: ["header"],
      });
    }
  });

  it("answers 401 with resource_metadata to a request without a token", async () => {
    const answer = await initialize();
    expect(answer.status).toBe(401);
    const metadata = `${new URL(url).origin}/.well-known/oauth-protected-resource/mcp`;
    expect(answer.headers["www-authenticate"]).toBe(
      `Bearer scope="api:read", resource_metadata="${metadata}"`,
    );
  });
});

describe("access tokens", () => {
  it("accepts a JWT the issuer made for this server, and the operators' serve token", async () => {
    const token = await issuedToken(url);
    expect((await initialize(token)).status).toBe(200);
    const client = await connect(url, token);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    const operator = await connect(url, TOKEN);
    expect((await operator.listTools()).tools.length).toBeGreaterThan(0);
  });

  it("accepts a token the tests sign with the issuer's key (what the refusals below vary)", async () => {
    expect((await initialize(await signed({}))).status).toBe(200);
  });

  it.each([
    ["another audience", async () => issuedToken("https://other.example/mcp")],
    ["an expired token", async () => signed({ exp: Math.floor(Date.now() / 1000) - 120 })],
    ["a token not yet valid", async () => signed({ nbf: Math.floor(Date.now() / 1000) + 300 })],
    ["another issuer", async () => signed({ iss: "https://evil.example" })],
    [
      "a bad signature",
      async () => {
        const { privateKey } = await generateKeyPair("RS256", { extractable: true });
        return signed({}, { ...(await exportJWK(privateKey)), kid: "test-key" });
      },
    ],
    ["an opaque token", async () => "not-a-jwt-but-long-enough-0123456789"],
  ])("refuses %s with 401 invalid_token", async (_name, make) => {
    const answer = await initialize(await make());
    expect(answer.status).toBe(401);
    expect(answer.headers["www-authenticate"]).toMatch(
      /^Bearer error="invalid_token", error_description="[^"]+"/,
    );
    expect(answer.headers["www-authenticate"]).toContain("resource_metadata=");
    expect(JSON.parse(answer.body).error.data).toEqual({ code: "OAUTH_TOKEN_INVALID" });
  });

  it("refuses a token without the required scope with 403 insufficient_scope", async () => {
    const answer = await initialize(await signed({ scope: "openid other" }));
    expect(answer.status).toBe(403);
    expect(answer.headers["www-authenticate"]).toMatch(/^Bearer error="insufficient_scope"/);
    expect(answer.headers["www-authenticate"]).toContain('scope="api:read"');
    expect(JSON.parse(answer.body).error.data).toEqual({ code: "OAUTH_SCOPE_MISSING" });
  });

  it("never sends the caller's token on to a downstream API", async () => {
    const token = await issuedToken(url);
    const client = await connect(url, token);
    const tool = (await client.listTools()).tools.find((t) => t.name.endsWith("listNotes"));
    expect(tool).toBeDefined();
    const before = notes.requests.length;
    const result = await client.callTool({ name: tool?.name as string, arguments: {} });
    expect(result.isError ?? false).toBe(false);
    const seen = notes.requests.slice(before);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(JSON.stringify(seen[0]?.headers)).not.toContain(token);
  });
});

describe("an issuer that cannot be reached", () => {
  it("answers 503 with Retry-After and OAUTH_ISSUER_UNAVAILABLE, not 401", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const issuer = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const manifestPath = await compileProject(directNotesProject(`${notes.url}/api`));
    const other = await serve({ manifestPath, env: {} }, { oauth: { issuer, scopes: [] } });
    const answer = await raw(other.url, {
      headers: { ...JSON_HEADERS, authorization: `Bearer ${await signed({ iss: issuer })}` },
      body: INITIALIZE,
    });
    expect(answer.status).toBe(503);
    expect(answer.headers["retry-after"]).toBe("5");
    expect(JSON.parse(answer.body).error.data).toEqual({ code: "OAUTH_ISSUER_UNAVAILABLE" });
  });
});
