/**
 * The loopback listener of an OAuth login answers only `GET` with a loopback `Host` naming its port;
 * a callback with another `state` is answered with an error page and the login keeps waiting for its
 * own. A web page can reach 127.0.0.1 (a form post, DNS rebinding) and can guess the port, never the
 * state: it must not be able to end, or take over, a login in progress. The listener is a real
 * loopback server; the last case is a whole login against a real oidc-provider.
 */

import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CallbackListener, listenForCallback } from "../../runtime/auth/callback.js";
import { LOGIN_URL_PREFIX, login } from "../../runtime/auth/login.js";
import { openTokenStore } from "../../runtime/auth/open.js";
import { OAuthTokens } from "../../runtime/auth/tokens.js";
import type { AuthConfig } from "../../runtime/contract/manifest.js";
import { driveLogin } from "../support/oauth-browser.js";
import { type OidcServer, startOidc } from "../support/oidc-server.js";

const STATE = "the-right-state-0123456789";

/** Sends `method path` to the listener with the given `Host`; resolves to the status and body. */
function send(port: number, method: string, path: string, host: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers: { host } }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** "pending" while the login still waits; the response to every request came after any settling. */
async function state(listener: CallbackListener): Promise<string> {
  const settled = listener.result.then(
    () => "resolved",
    () => "rejected",
  );
  return Promise.race([settled, new Promise<string>((resolve) => setImmediate(() => resolve("pending")))]);
}

async function withListener(body: (listener: CallbackListener, port: number) => Promise<void>) {
  const listener = await listenForCallback(0, STATE, 60_000);
  try {
    await body(listener, Number(new URL(listener.redirectUri).port));
  } finally {
    await listener.close();
  }
}

const good = `/callback?state=${STATE}&code=the-code`;

describe("the OAuth login's loopback listener", () => {
  it("refuses every method but GET, and the login goes on", async () => {
    await withListener(async (listener, port) => {
      for (const method of ["POST", "PUT", "DELETE"]) {
        const answer = await send(port, method, good, `127.0.0.1:${port}`);
        expect(answer.status).toBe(405);
      }
      expect(await state(listener)).toBe("pending");
      expect((await send(port, "GET", good, `127.0.0.1:${port}`)).status).toBe(200);
      expect((await listener.result).get("code")).toBe("the-code");
    });
  });

  it("refuses a Host that is not loopback with its own port", async () => {
    await withListener(async (listener, port) => {
      for (const host of [
        `evil.example:${port}`,
        `127.0.0.1:${port + 1}`,
        "127.0.0.1",
        `127.0.0.2:${port}`,
      ]) {
        const answer = await send(port, "GET", good, host);
        expect(answer.status, host).toBe(421);
      }
      expect(await state(listener)).toBe("pending");
      for (const host of [`localhost:${port}`, `LOCALHOST:${port}`]) {
        // Still waiting: these are accepted names, but only the first good callback counts.
        expect((await send(port, "GET", `/callback?state=other`, host)).status).toBe(400);
      }
      expect((await send(port, "GET", good, `[::1]:${port}`)).status).toBe(200);
      expect((await listener.result).get("code")).toBe("the-code");
    });
  });

  it("answers a wrong state with an error page and keeps waiting; the right one completes the login", async () => {
    await withListener(async (listener, port) => {
      const host = `127.0.0.1:${port}`;
      const wrong = await send(port, "GET", "/callback?state=guessed&code=attacker-code", host);
      expect(wrong.status).toBe(400);
      expect(wrong.body).toContain("state did not match");
      const refusal = await send(port, "GET", "/callback?state=guessed&error=access_denied", host);
      expect(refusal.status).toBe(400);
      expect(await state(listener)).toBe("pending");
      expect((await send(port, "GET", good, host)).status).toBe(200);
      expect((await listener.result).get("code")).toBe("the-code");
    });
  });
});

describe("a whole login with a stray callback first", () => {
  let oidc: OidcServer;
  let dir: string;
  beforeAll(async () => {
    oidc = await startOidc();
    dir = await mkdtemp(join(tmpdir(), "unitc-callback-"));
  });
  afterAll(async () => {
    await oidc.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("still completes with the provider's callback after a wrong-state one", async () => {
    const store = await openTokenStore({ XDG_DATA_HOME: dir });
    try {
      let printed!: (line: string) => void;
      const line = new Promise<string>((resolve) => {
        printed = resolve;
      });
      const auth = { type: "oidc", issuer: oidc.issuer, clientId: "cli", scopes: ["openid", "api:read"] };
      const running = login({
        unitId: "web",
        auth: auth as AuthConfig,
        source: new OAuthTokens(store, {}),
        noBrowser: true,
        print: (text) => printed(text),
      });
      const url = new URL((await line).slice(LOGIN_URL_PREFIX.length).trim());
      const callback = new URL(url.searchParams.get("redirect_uri") as string);
      const stray = await send(
        Number(callback.port),
        "GET",
        "/callback?state=guessed&code=stray",
        callback.host,
      );
      expect(stray.status).toBe(400);
      await driveLogin(url.href);
      const tokens = await running;
      expect(tokens.accessToken).toBeTruthy();
      expect((await store.read("web"))?.tokens.accessToken).toBe(tokens.accessToken);
    } finally {
      await store.store.close();
    }
  });
});
