import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_CODE_PREFIX, deviceLogin } from "../../../runtime/auth/device.js";
import { LOGIN_URL_PREFIX } from "../../../runtime/auth/login.js";
import { openTokenStore } from "../../../runtime/auth/open.js";
import type { TokenStore } from "../../../runtime/auth/token-store.js";
import { OAuthTokens } from "../../../runtime/auth/tokens.js";
import type { AuthConfig } from "../../../runtime/contract/manifest.js";
import { failure } from "../../support/http-server.js";
import { driveLogin } from "../../support/oauth-browser.js";
import { type OidcServer, startOidc } from "../../support/oidc-server.js";

let oidc: OidcServer;
let dataHome: string;
let store: TokenStore;

beforeAll(async () => {
  oidc = await startOidc();
  dataHome = await mkdtemp(join(tmpdir(), "unitc-device-"));
  store = await openTokenStore({ XDG_DATA_HOME: dataHome });
});
afterAll(async () => {
  await store.store.close();
  await oidc.close();
  await rm(dataHome, { recursive: true, force: true });
});

const auth = (): AuthConfig => ({
  type: "oidc",
  issuer: oidc.issuer,
  clientId: "cli",
  scopes: ["openid", "api:read"],
});

/** Starts a device login; `approve` gets the printed URL and code lines once both are out. */
async function deviceWith(unitId: string, approve: (url: string, code: string) => Promise<unknown>) {
  const lines: string[] = [];
  let printed!: () => void;
  const bothLines = new Promise<void>((resolve) => {
    printed = resolve;
  });
  const done = deviceLogin({
    unitId,
    auth: auth(),
    resource: oidc.apiUrl,
    source: new OAuthTokens(store, { XDG_DATA_HOME: dataHome }),
    minIntervalMs: 0,
    print: (line) => {
      lines.push(line);
      if (lines.length === 2) printed();
    },
  });
  await Promise.race([bothLines, done.catch(() => undefined)]);
  const url = (lines[0] ?? "").slice(LOGIN_URL_PREFIX.length).trim();
  const code = (lines[1] ?? "").slice(DEVICE_CODE_PREFIX.length).trim();
  const browsed = approve(url, code).catch((error: unknown) => error);
  const outcome = await done.then(
    (tokens) => ({ tokens, error: undefined }),
    (error: unknown) => ({ tokens: undefined, error }),
  );
  return { ...outcome, lines, browsed: await browsed };
}

describe("device authorization (RFC 8628)", () => {
  it("prints the URL and the code, polls until approved, and stores tokens the API accepts", async () => {
    const before = oidc.grants.length;
    const { tokens, lines, error } = await deviceWith("tv", (url) =>
      driveLogin(url, (html) => html.includes("Sign-in Success")),
    );
    expect(error).toBeUndefined();
    expect(lines[0]).toMatch(
      new RegExp(`^${LOGIN_URL_PREFIX}http://127\\.0\\.0\\.1:\\d+/device\\?user_code=`),
    );
    expect(lines[1]).toMatch(new RegExp(`^${DEVICE_CODE_PREFIX}\\S+\\n$`));
    expect(oidc.grants.slice(before).map((g) => g.grantType)).toEqual([
      "urn:ietf:params:oauth:grant-type:device_code",
    ]);
    const stored = await store.read("tv");
    expect(stored?.tokens.accessToken).toBe(tokens?.accessToken);
    expect(await oidc.provider.AccessToken.find(tokens?.accessToken as string)).toBeTruthy();
    expect(lines.join("")).not.toContain(tokens?.accessToken);
  });

  it("ends with a clear AUTH_FAILED when the person aborts, storing nothing", async () => {
    const { error } = await deviceWith("aborted", async (url) => {
      // The confirmation page's abort button: the same form, with abort=yes.
      const page = await fetch(url);
      const html = await page.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? "";
      const fields = new URLSearchParams(
        [...html.matchAll(/type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m): [string, string] => [
          m[1] ?? "",
          m[2] ?? "",
        ]),
      );
      fields.set("abort", "yes");
      const cookie = page.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      await fetch(new URL(action, url), {
        method: "POST",
        body: fields,
        headers: { cookie },
        redirect: "manual",
      });
    });
    expect(error).toMatchObject({ code: "AUTH_FAILED", message: expect.stringContaining("access_denied") });
    expect(await store.read("aborted")).toBeUndefined();
  });

  it("says to log in through the browser when the server has no device endpoint", async () => {
    const error = await failure(
      deviceLogin({
        unitId: "nodevice",
        auth: { type: "oauth2", tokenUrl: `${oidc.issuer}/token`, clientId: "cli" } as AuthConfig,
        source: new OAuthTokens(store, { XDG_DATA_HOME: dataHome }),
        print: () => undefined,
      }),
    );
    expect(error).toMatchObject({
      code: "AUTH_FAILED",
      details: { hint: expect.stringContaining("without --device") },
    });
  });
});
