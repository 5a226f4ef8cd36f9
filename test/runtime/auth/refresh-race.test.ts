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
import type { AuthConfig } from "../../../runtime/contract/manifest.js";
import { driveLogin } from "../../support/oauth-browser.js";
import { type OidcServer, startOidc } from "../../support/oidc-server.js";
import {
  closeServeClients,
  connectServeClient,
  resultText,
  startHttpServe,
} from "../../support/serve-clients.js";
import { compileProject } from "../serve/support.js";

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
  await closeServeClients();
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

/** Logs `unitId` in with `auth`, then stores its tokens as expired but refreshable. */
async function loginExpired(unitId: string, auth: AuthConfig) {
  const source = new OAuthTokens(store, { XDG_DATA_HOME: dataHome });
  let onUrl!: (line: string) => void;
  const urlLine = new Promise<string>((resolve) => {
    onUrl = resolve;
  });
  const done = login({
    unitId,
    auth,
    source,
    noBrowser: true,
    print: (line) => onUrl(line),
  });
  await driveLogin((await urlLine).slice(LOGIN_URL_PREFIX.length).trim());
  const tokens = await done;
  // Expired but refreshable: both processes will want to refresh at once.
  const stored = await store.read(unitId);
  expect(
    await store.write(
      unitId,
      stored?.fingerprint as string,
      { ...tokens, expiresAt: Date.now() - 1 },
      stored,
    ),
  ).toBe(true);
  return tokens;
}

it("two processes refreshing the same rotating token: one refresh reaches the server, both calls succeed", async () => {
  const env = { XDG_DATA_HOME: dataHome };
  const auth: AuthConfig = {
    type: "oidc",
    issuer: oidc.issuer,
    clientId: "cli",
    scopes: ["openid", "api:read"],
  };
  const tokens = await loginExpired("shared", auth);
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

it("two unitc serve replicas on one store calling with the same rotating token: one refresh, both calls succeed", async () => {
  const auth: AuthConfig = {
    type: "oidc",
    issuer: oidc.issuer,
    clientId: "cli",
    scopes: ["openid", "api:read"],
  };
  const manifest = await compileProject({
    ".units/config.json": JSON.stringify({
      options: { exposure: "direct" },
      httpApis: {
        served: {
          name: "Served",
          description: "The protected API.",
          baseUrl: oidc.apiUrl,
          auth,
          actions: { race: { method: "GET", path: "/race", description: "Call the protected API." } },
        },
      },
    }),
  });
  const tokens = await loginExpired("served", auth);
  const replicas = await Promise.all([0, 1].map(() => startHttpServe(manifest, { XDG_DATA_HOME: dataHome })));
  const clients = await Promise.all(
    replicas.map((r, i) =>
      connectServeClient(i ? "sdk1" : "sdk2", { transport: "http", url: r.url, token: r.token }),
    ),
  );
  const tool = (await clients[0]?.listTools())?.find((t) => t.name.includes("race"))?.name as string;
  const before = oidc.grants.length;
  const results = await Promise.all(clients.map((client) => client.callTool(tool)));
  for (const result of results) {
    expect(result.isError, resultText(result)).not.toBe(true);
    expect(JSON.parse(resultText(result))).toEqual({ ok: true, path: "/race" });
  }
  expect(oidc.grants.slice(before).map((g) => g.grantType)).toEqual(["refresh_token"]);
  expect((await store.read("served"))?.tokens.refreshToken).not.toBe(tokens.refreshToken);
});
