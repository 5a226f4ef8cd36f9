/**
 * Runtimes calling the same OAuth-protected remote MCP server at once after the server stopped
 * accepting their access token: the refresh token rotates, so only one of them may spend it. The
 * SDK's refresh runs under the unit's storage lease; the others wait, re-read and use the new token.
 * Two runtimes in this process, and two child processes (the built runtime) on one store.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { LOGIN_URL_PREFIX } from "../../../runtime/auth/login.js";
import { mcpLogin } from "../../../runtime/auth/mcp-login.js";
import { openTokenStore } from "../../../runtime/auth/open.js";
import type { TokenStore } from "../../../runtime/auth/token-store.js";
import type { AuthConfig, McpConnection } from "../../../runtime/contract/manifest.js";
import { openMcp } from "../../../runtime/invoke/mcp/connect.js";
import { driveLogin } from "../../support/oauth-browser.js";
import { type OidcServer, startOidc } from "../../support/oidc-server.js";
import { type ProtectedMcp, startProtectedMcp } from "../../support/protected-mcp.js";

const CHILD = fileURLToPath(new URL("./mcp-refresh-child.mjs", import.meta.url));
let oidc: OidcServer;
let mcp: ProtectedMcp;
let dataHome: string;
let store: TokenStore;

beforeAll(async () => {
  oidc = await startOidc();
  mcp = await startProtectedMcp(oidc);
  dataHome = await mkdtemp(join(tmpdir(), "unitc-mcp-race-"));
  store = await openTokenStore({ XDG_DATA_HOME: dataHome });
});
afterAll(async () => {
  await store.store.close();
  await mcp.close();
  await oidc.close();
  await rm(dataHome, { recursive: true, force: true });
});

const auth = { type: "oauth2", scopes: ["openid", "offline_access", "api:read"] } as AuthConfig;

async function callEcho(text: string) {
  const connection = {
    kind: "mcp",
    transport: "http",
    url: mcp.url,
    auth,
    startupTimeoutMs: 10_000,
  } as McpConnection;
  const open = await openMcp(connection, {
    unitId: "rotating",
    env: { XDG_DATA_HOME: dataHome },
    baseDir: dataHome,
  });
  try {
    return await open.client.callTool({ name: "echo", arguments: { text } });
  } finally {
    await open.close();
  }
}

/** Logs in to the unit, then has the server forget its access token (as when it expires there first). */
async function loginThenRevoke() {
  let reached!: (line: string) => void;
  const line = new Promise<string>((resolve) => {
    reached = resolve;
  });
  const done = mcpLogin({
    unitId: "rotating",
    auth,
    serverUrl: mcp.url,
    store,
    noBrowser: true,
    print: (text) => reached(text),
  });
  await driveLogin((await line).slice(LOGIN_URL_PREFIX.length).trim());
  await done;
  const before = await store.read("rotating");
  expect(before?.tokens.refreshToken).toBeTruthy();
  const live = await oidc.provider.AccessToken.find(before?.tokens.accessToken as string);
  await live?.destroy();
  return before;
}

/** After the race: exactly one refresh reached the provider and its new tokens are the ones stored and used. */
async function expectOneRefresh(before: Awaited<ReturnType<typeof loginThenRevoke>>, grantsBefore: number) {
  expect(oidc.grants.slice(grantsBefore).map((g) => g.grantType)).toEqual(["refresh_token"]);
  const after = await store.read("rotating");
  expect(after?.tokens.refreshToken).toBeTruthy();
  expect(after?.tokens.refreshToken).not.toBe(before?.tokens.refreshToken);
  expect(mcp.seen.accepted).toContain(after?.tokens.accessToken);
}

it("two runtimes refreshing one rotating MCP token: one refresh reaches the provider, both calls succeed", async () => {
  const before = await loginThenRevoke();
  const grantsBefore = oidc.grants.length;
  const results = await Promise.all([callEcho("one"), callEcho("two")]);
  expect(results.map((r) => r.content)).toEqual([
    [{ type: "text", text: "echo: one" }],
    [{ type: "text", text: "echo: two" }],
  ]);
  await expectOneRefresh(before, grantsBefore);
});

/** Starts a child and resolves once it is ready; `result` resolves to its one outcome line. */
async function child(text: string) {
  const job = { env: { XDG_DATA_HOME: dataHome }, auth, url: mcp.url, unit: "rotating", text };
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

it("two processes refreshing one rotating MCP token: one refresh reaches the provider, both calls succeed", async () => {
  const before = await loginThenRevoke();
  const children = await Promise.all([child("one"), child("two")]);
  const grantsBefore = oidc.grants.length;
  for (const c of children) c.go();
  const results = await Promise.all(children.map((c) => c.result));
  expect(results).toEqual([
    { ok: true, content: [{ type: "text", text: "echo: one" }] },
    { ok: true, content: [{ type: "text", text: "echo: two" }] },
  ]);
  await expectOneRefresh(before, grantsBefore);
});
