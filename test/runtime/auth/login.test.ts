import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeJwt, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenSet } from "../../../runtime/auth/grants.js";
import { LOGIN_URL_PREFIX, login } from "../../../runtime/auth/login.js";
import { openTokenStore } from "../../../runtime/auth/open.js";
import { authStatus } from "../../../runtime/auth/status.js";
import type { TokenStore } from "../../../runtime/auth/token-store.js";
import { OAuthTokens } from "../../../runtime/auth/tokens.js";
import type { AuthConfig } from "../../../runtime/contract/manifest.js";
import { invokeHttp } from "../../../runtime/invoke/http/index.js";
import { failure, httpAction } from "../../support/http-server.js";
import { driveLogin } from "../../support/oauth-browser.js";
import { type OidcServer, startOidc } from "../../support/oidc-server.js";

let oidc: OidcServer;
let dataHome: string;
let store: TokenStore;

beforeAll(async () => {
  oidc = await startOidc({ accessTokenTtl: 3600 });
  dataHome = await mkdtemp(join(tmpdir(), "unitc-login-"));
  store = await openTokenStore({ XDG_DATA_HOME: dataHome });
});
afterAll(async () => {
  await store.store.close();
  await oidc.close();
  await rm(dataHome, { recursive: true, force: true });
});

const env = () => ({ XDG_DATA_HOME: dataHome });
const auth = (): AuthConfig => ({
  type: "oidc",
  issuer: oidc.issuer,
  clientId: "cli",
  scopes: ["openid", "api:read"],
  // This unit asks for the resource parameter (RFC 8707): logins and calls send it.
  resource: oidc.apiUrl,
});

/** Starts a login, hands its URL (changed by `tamper`) to the scripted browser, and awaits both. */
async function loginWith(
  unitId: string,
  tamper: (url: URL) => void = () => undefined,
  timeoutMs?: number,
  fetchImpl?: typeof fetch,
) {
  const source = new OAuthTokens(store, env(), fetchImpl);
  let printed = "";
  let reached!: (url: string) => void;
  const urlLine = new Promise<string>((resolve) => {
    reached = resolve;
  });
  const done = login({
    unitId,
    auth: auth(),
    resource: oidc.apiUrl,
    source,
    noBrowser: true,
    print: (line) => {
      printed += line;
      reached(line);
    },
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  const line = await Promise.race([urlLine, done.then(() => "")]);
  const url = new URL(line.slice(LOGIN_URL_PREFIX.length).trim());
  tamper(url);
  const browsed = driveLogin(url.href).catch((error: unknown) => error);
  const outcome: { tokens?: TokenSet; error?: unknown } = await done.then(
    (tokens) => ({ tokens }),
    (error: unknown) => ({ error }),
  );
  await browsed;
  return { ...outcome, printed, source };
}

function call(unitId: string, source: OAuthTokens) {
  const context = httpAction({
    baseUrl: oidc.apiUrl,
    invoke: { path: "/me" },
    connection: { auth: auth() },
    env: env(),
  });
  context.unit.id = unitId;
  return invokeHttp({}, { ...context, oauth: source });
}

describe("auth code + PKCE", () => {
  it("logs in end to end, prints one stable URL line, and the call uses the stored token", async () => {
    const { tokens, printed, source } = await loginWith("web");
    expect(tokens?.accessToken).toBeTruthy();
    expect(printed.split("\n").filter(Boolean)).toHaveLength(1);
    const url = new URL(printed.slice(LOGIN_URL_PREFIX.length).trim());
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("resource")).toBe(oidc.apiUrl);
    expect(url.searchParams.get("redirect_uri")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const result = await call("web", source);
    expect(result.value).toEqual({ ok: true, path: "/me" });
    expect(oidc.api.accepted.at(-1)).toBe(tokens?.accessToken);
    const [status] = await authStatus([unitOf("web")], store);
    expect(status).toMatchObject({
      unit: "web",
      state: "valid",
      scopes: expect.arrayContaining(["api:read"]),
    });
    const files = await readdir(join(dataHome, "unitc"), { recursive: true, withFileTypes: true });
    const bytes = await Promise.all(
      files.filter((f) => f.isFile()).map((f) => readFile(join(f.parentPath, f.name), "latin1")),
    );
    for (const secret of [tokens?.accessToken, tokens?.refreshToken]) {
      expect(secret).toBeTruthy();
      expect(bytes.join("\n")).not.toContain(secret);
      expect(JSON.stringify(status)).not.toContain(secret);
    }
  });

  it("refreshes with rotation after the API refuses the access token", async () => {
    const { tokens, source } = await loginWith("rotating");
    const first = await oidc.provider.AccessToken.find(tokens?.accessToken as string);
    await first?.destroy();
    const before = oidc.grants.length;
    expect((await call("rotating", source)).value).toEqual({ ok: true, path: "/me" });
    expect(oidc.grants.slice(before).map((g) => g.grantType)).toEqual(["refresh_token"]);
    const stored = await store.read("rotating");
    expect(stored?.tokens.refreshToken).not.toBe(tokens?.refreshToken);
    expect(stored?.tokens.accessToken).not.toBe(tokens?.accessToken);
  });

  it("asks for a new login when the server no longer honours the refresh token, keeping the record", async () => {
    const { tokens, source } = await loginWith("revoked");
    await (await oidc.provider.AccessToken.find(tokens?.accessToken as string))?.destroy();
    await (await oidc.provider.RefreshToken.find(tokens?.refreshToken as string))?.destroy();
    const error = await failure(call("revoked", source));
    expect(error.code).toBe("AUTH_REQUIRED");
    expect(error.details.hint).toBe("run unitc auth login revoked");
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(
      tokens?.refreshToken,
    );
    expect((await store.read("revoked"))?.tokens.refreshToken).toBe(tokens?.refreshToken);
  });

  it("shows config-changed once the unit's scopes change", async () => {
    await loginWith("rescoped");
    const changed = unitOf("rescoped");
    (changed.connection as { auth: AuthConfig }).auth = { ...auth(), scopes: ["openid"] } as AuthConfig;
    expect(await authStatus([changed], store)).toEqual([
      expect.objectContaining({ unit: "rescoped", state: "config-changed" }),
    ]);
  });

  it("ignores a callback with the wrong state: nothing is stored, the login waits on for its own", async () => {
    const { error } = await loginWith("wrong-state", (url) => url.searchParams.set("state", "forged"), 2_000);
    expect(error).toMatchObject({
      code: "AUTH_FAILED",
      message: expect.stringContaining("no login callback arrived within 2000 ms"),
    });
    expect(await store.read("wrong-state")).toBeUndefined();
  });

  // The login's own limit is 60 s, twice the test's timeout: an answer at all came from the callback.
  it("surfaces an error= callback at once", async () => {
    const { error } = await loginWith("refused", (url) => url.searchParams.set("prompt", "none"), 60_000);
    expect(error).toMatchObject({ code: "AUTH_FAILED", message: expect.stringContaining("login_required") });
  });

  it("rejects an id_token whose nonce is not this login's", async () => {
    const { error } = await loginWith("bad-nonce", (url) =>
      url.searchParams.set("nonce", "someone-elses-nonce"),
    );
    expect(error).toMatchObject({ code: "AUTH_FAILED", message: expect.stringContaining("nonce") });
    expect(await store.read("bad-nonce")).toBeUndefined();
  });

  it("rejects an id_token whose signature is not the issuer's, storing nothing", async () => {
    // The token response as a man in the middle would forge it: the same claims and key id, signed
    // with another key. Everything else about the login is real.
    const { privateKey } = await generateKeyPair("RS256");
    const forging: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input instanceof Request ? input.url : input).endsWith("/token")) return response;
      const body = (await response.json()) as { id_token?: string };
      if (body.id_token) {
        body.id_token = await new SignJWT(decodeJwt(body.id_token))
          .setProtectedHeader({ alg: "RS256", kid: "test-key" })
          .sign(privateKey);
      }
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
    const { error } = await loginWith("bad-signature", () => undefined, undefined, forging);
    expect(error).toMatchObject({ code: "AUTH_FAILED", message: expect.stringMatching(/signature/i) });
    expect(await store.read("bad-signature")).toBeUndefined();
  });

  it("gives up with a clear message when no callback arrives", async () => {
    const source = new OAuthTokens(store, env());
    const error = await failure(
      login({
        unitId: "idle",
        auth: auth(),
        source,
        noBrowser: true,
        print: () => undefined,
        timeoutMs: 300,
      }),
    );
    expect(error.message).toContain("no login callback arrived within 300 ms; gave up");
  });
});

function unitOf(id: string) {
  const context = httpAction({ baseUrl: oidc.apiUrl, connection: { auth: auth() } });
  context.unit.id = id;
  return context.unit;
}
