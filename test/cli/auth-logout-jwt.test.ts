/**
 * `unitc auth logout` against a provider that issues JWT access tokens (RFC 9068): it revokes the
 * refresh token, and with it the grant, then answers `unsupported_token_type` for the access token
 * (RFC 7009 allows that). The logout succeeded and says what was revoked; it reports no failure.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../cli/index.js";
import { LOGIN_URL_PREFIX } from "../../runtime/auth/login.js";
import { openTokenStore } from "../../runtime/auth/open.js";
import { captureIO } from "../support/capture-io.js";
import { runUnitc } from "../support/cli.js";
import { httpLoginUnit, writeLoginManifest } from "../support/login-manifest.js";
import { driveLogin } from "../support/oauth-browser.js";
import { type OidcServer, startOidc } from "../support/oidc-server.js";

let oidc: OidcServer;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  oidc = await startOidc({ accessTokenFormat: "jwt" });
  dir = await mkdtemp(join(tmpdir(), "unitc-logout-jwt-"));
  env = { XDG_DATA_HOME: join(dir, "data") };
  const auth = { type: "oidc", issuer: oidc.issuer, clientId: "cli", scopes: ["openid", "api:read"] };
  await writeLoginManifest(join(dir, "manifest.json"), [httpLoginUnit("web", oidc.apiUrl, auth)]);
});
afterAll(async () => {
  await oidc.close();
  await rm(dir, { recursive: true, force: true });
});

describe("unitc auth logout with JWT access tokens", () => {
  it("revokes the refresh token, takes the access token's unsupported_token_type as expected, and says so", async () => {
    const captured = captureIO(dir, env);
    const running = runCli(
      ["auth", "login", "web", "--no-browser", "--manifest", "manifest.json"],
      captured.io,
    );
    await driveLogin((await captured.firstLine).slice(LOGIN_URL_PREFIX.length).trim());
    expect(await running).toBe(0);
    const tokens = await openTokenStore(env);
    const stored = await tokens.read("web");
    await tokens.store.close();
    const accessToken = stored?.tokens.accessToken as string;
    const refreshToken = stored?.tokens.refreshToken as string;
    // A JWT: three dot-separated parts, so the provider cannot look it up to revoke it.
    expect(accessToken.split(".")).toHaveLength(3);
    expect(refreshToken).toBeTruthy();

    const before = oidc.revocations.length;
    const logout = await runUnitc(["auth", "logout", "web", "--manifest", "manifest.json"], dir, env);
    expect(logout.stderr).toBe("");
    expect(logout.code).toBe(0);
    expect(logout.stdout).toBe(
      "logged out of web; the provider revoked the refresh token and with it the grant " +
        "(the access token is self-contained, so it cannot be revoked; it expires on its own)\n",
    );
    expect(logout.stdout).not.toContain("failed");
    // Both were asked for: the refresh token first, then the access token.
    expect(oidc.revocations.length - before).toBe(2);
    expect(await oidc.provider.RefreshToken.find(refreshToken)).toBeUndefined();
    const status = await runUnitc(["auth", "status", "--json", "--manifest", "manifest.json"], dir, env);
    expect(JSON.parse(status.stdout).units).toEqual([{ unit: "web", state: "missing" }]);
  });
});
