import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { LOGIN_URL_PREFIX, login } from "../../../runtime/auth/login.js";
import { openTokenStore } from "../../../runtime/auth/open.js";
import type { TokenStore } from "../../../runtime/auth/token-store.js";
import { OAuthTokens } from "../../../runtime/auth/tokens.js";
import type { AuthConfig } from "../../../runtime/manifest.js";
import { driveLogin } from "../../support/oauth-browser.js";
import { type OidcServer, startOidc } from "../../support/oidc-server.js";

const CHILD = fileURLToPath(new URL("./refresh-child.mjs", import.meta.url));
let oidc: OidcServer;
let dataHome: string;
let store: TokenStore;

beforeAll(async () => {
  oidc = await startOidc();
  dataHome = await mkdtemp(join(tmpdir(), "unitc-race-"));
  store = await openTokenStore({ XDG_DATA_HOME: dataHome });
});
afterAll(async () => {
  await store.store.close();
  await oidc.close();
  await rm(dataHome, { recursive: true, force: true });
});

/** Starts a child and resolves once it is ready; `result` resolves to its one outcome line. */
async function child(job: object) {
  const process_ = spawn(process.execPath, [CHILD, JSON.stringify(job)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: process_.stdout })[Symbol.asyncIterator]();
  expect(JSON.parse(((await lines.next()).value as string) ?? "{}")).toEqual({ ready: true });
  return {
    go: () => process_.stdin.write("go\n"),
    result: lines.next().then((line) => JSON.parse(line.value as string)),
  };
}

it("two processes refreshing the same rotating token: one refresh reaches the server, both calls succeed", async () => {
  const env = { XDG_DATA_HOME: dataHome };
  const auth: AuthConfig = {
    type: "oidc",
    issuer: oidc.issuer,
    clientId: "cli",
    scopes: ["openid", "api:read"],
  };
  const source = new OAuthTokens(store, env);
  let onUrl!: (line: string) => void;
  const urlLine = new Promise<string>((resolve) => {
    onUrl = resolve;
  });
  const done = login({
    unitId: "shared",
    auth,
    resource: oidc.apiUrl,
    source,
    noBrowser: true,
    print: (line) => onUrl(line),
  });
  await driveLogin((await urlLine).slice(LOGIN_URL_PREFIX.length).trim());
  const tokens = await done;
  // Expired but refreshable: both processes will want to refresh at once.
  const stored = await store.read("shared");
  expect(
    await store.write(
      "shared",
      stored?.fingerprint as string,
      { ...tokens, expiresAt: Date.now() - 1 },
      stored,
    ),
  ).toBe(true);
  const job = { env, auth, apiUrl: oidc.apiUrl, unit: "shared" };
  const children = await Promise.all([child(job), child(job)]);
  const before = oidc.grants.length;
  for (const c of children) c.go();
  const results = await Promise.all(children.map((c) => c.result));
  expect(results).toEqual([
    { ok: true, value: { ok: true, path: "/race" } },
    { ok: true, value: { ok: true, path: "/race" } },
  ]);
  expect(oidc.grants.slice(before).map((g) => g.grantType)).toEqual(["refresh_token"]);
  const after = await store.read("shared");
  expect(after?.tokens.refreshToken).not.toBe(tokens.refreshToken);
});
