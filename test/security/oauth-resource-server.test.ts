/**
 * `serve` as an OAuth protected resource under junk: tokens that are not JWT-shaped, not access
 * tokens by their `typ`, or from another issuer are refused before any request to the issuer; while
 * the issuer is down, a flood of tokens makes one metadata request (the failure is remembered for
 * a short while, then tried again). `typ` must be `at+jwt` (RFC 9068) unless `acceptPlainJwt` is
 * set. A real issuer that is down (a loopback server answering 503, counting requests) and a real
 * oidc-provider minting JWT access tokens.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { importJWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DISCOVERY_RETRY_MS, oauthResource } from "../../runtime/serve/auth/resource-server.js";
import { type OidcServer, startOidc } from "../support/oidc-server.js";

const RESOURCE = "http://127.0.0.1:9/mcp";

let down: Server;
let downIssuer: string;
let requests = 0;
let oidc: OidcServer;

beforeAll(async () => {
  down = createServer((_request, response) => {
    requests++;
    response.writeHead(503).end("down for maintenance");
  });
  await new Promise<void>((resolve) => down.listen(0, "127.0.0.1", () => resolve()));
  downIssuer = `http://127.0.0.1:${(down.address() as AddressInfo).port}`;
  oidc = await startOidc({ accessTokenFormat: "jwt" });
});
afterAll(async () => {
  vi.useRealTimers();
  down.closeAllConnections();
  await new Promise<void>((resolve) => down.close(() => resolve()));
  await oidc.close();
});

/** A token signed with the provider's key: `typ` in the header, claims over sensible defaults. */
async function signed(typ: string | undefined, claims: Record<string, unknown> = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const defaults = { iss: oidc.issuer, aud: RESOURCE, sub: "alice", scope: "api:read", iat: now - 10 };
  return new SignJWT({ ...defaults, exp: now + 300, ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "test-key", ...(typ ? { typ } : {}) })
    .sign(await importJWK(oidc.signingKey, "RS256"));
}

/** A JWT-shaped token with a signature nobody made. */
function forged(claims: Record<string, unknown>, typ = "at+jwt"): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "RS256", kid: "k", typ })}.${part(claims)}.${Buffer.from("junk").toString("base64url")}`;
}

describe("junk tokens while the issuer is down", () => {
  it("cost at most one metadata request, and one more once the failure has been kept long enough", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const server = oauthResource({ issuer: downIssuer, scopes: [] }, RESOURCE);
    const before = requests;
    for (let i = 0; i < 25; i++) {
      const outcome = await server.verify(forged({ iss: downIssuer, sub: `junk-${i}` }));
      expect(outcome).toMatchObject({ kind: "unavailable" });
    }
    expect(requests - before).toBeLessThanOrEqual(1);
    expect(requests - before).toBeGreaterThan(0);
    const afterFlood = requests;
    vi.advanceTimersByTime(DISCOVERY_RETRY_MS);
    await server.verify(forged({ iss: downIssuer }));
    expect(requests).toBeGreaterThan(afterFlood);
    vi.useRealTimers();
  });

  it("refuses tokens that are not JWT-shaped, or name another issuer, before any request", async () => {
    const server = oauthResource({ issuer: downIssuer, scopes: [] }, RESOURCE);
    const before = requests;
    const junk = ["opaque-token", "a.b.c", "x.y", `${"e".repeat(40)}.${"f".repeat(40)}.${"g".repeat(40)}`];
    for (const token of junk) {
      expect(await server.verify(token)).toMatchObject({
        kind: "invalid",
        description: "the access token is not a JWT",
      });
    }
    expect(await server.verify(forged({ iss: "https://elsewhere.example" }))).toMatchObject({
      kind: "invalid",
      description: "the access token is from another issuer",
    });
    expect(await server.verify(forged({ iss: downIssuer }, "JWT"))).toMatchObject({ kind: "invalid" });
    expect(requests).toBe(before);
  });
});

describe("the token type", () => {
  it("requires at+jwt by default: a plain JWT (or none) from the same issuer is refused", async () => {
    const server = oauthResource({ issuer: oidc.issuer, scopes: ["api:read"] }, RESOURCE);
    for (const typ of ["JWT", undefined]) {
      const outcome = await server.verify(await signed(typ));
      expect(outcome, String(typ)).toMatchObject({
        kind: "invalid",
        description: expect.stringContaining("not at+jwt"),
      });
    }
    for (const typ of ["at+jwt", "application/at+jwt", "AT+JWT"]) {
      expect(await server.verify(await signed(typ)), typ).toEqual({ id: "alice", via: "oauth" });
    }
  });

  it("accepts a plain JWT when acceptPlainJwt is set, every other check still made", async () => {
    const server = oauthResource(
      { issuer: oidc.issuer, scopes: ["api:read"], acceptPlainJwt: true },
      RESOURCE,
    );
    expect(await server.verify(await signed("JWT"))).toEqual({ id: "alice", via: "oauth" });
    expect(await server.verify(await signed(undefined))).toEqual({ id: "alice", via: "oauth" });
    expect(await server.verify(await signed("JWT", { aud: "https://other.example" }))).toMatchObject({
      kind: "invalid",
    });
  });

  it("accepts the provider's own JWT access tokens, which are at+jwt", async () => {
    const response = await fetch(`${oidc.issuer}/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from("machine:machine-secret-value-0123456789").toString("base64")}`,
      },
      body: new URLSearchParams({ grant_type: "client_credentials", scope: "api:read", resource: RESOURCE }),
    });
    const token = ((await response.json()) as { access_token: string }).access_token;
    const server = oauthResource({ issuer: oidc.issuer, scopes: ["api:read"] }, RESOURCE);
    expect(await server.verify(token)).toEqual({ id: "machine", via: "oauth" });
  });
});
