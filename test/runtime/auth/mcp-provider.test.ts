/**
 * A remote MCP server behind OAuth, end to end: discovered through RFC 9728 protected-resource
 * metadata, a client registered dynamically (RFC 7591, kept sealed in storage), `auth login` through
 * the MCP SDK's OAuth client provider, then a tool call that carries the stored token.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_URL_PREFIX } from "../../../runtime/auth/login.js";
import { mcpLogin } from "../../../runtime/auth/mcp-login.js";
import { openTokenStore } from "../../../runtime/auth/open.js";
import type { TokenStore } from "../../../runtime/auth/token-store.js";
import type { AuthConfig, McpConnection } from "../../../runtime/contract/manifest.js";
import { openMcp } from "../../../runtime/invoke/mcp/connect.js";
import { failure } from "../../support/http-server.js";
import { driveLogin } from "../../support/oauth-browser.js";
import { type OidcServer, startOidc } from "../../support/oidc-server.js";
import { type ProtectedMcp, startProtectedMcp } from "../../support/protected-mcp.js";

let oidc: OidcServer;
let mcp: ProtectedMcp;
let dataHome: string;
let store: TokenStore;

beforeAll(async () => {
  oidc = await startOidc();
  mcp = await startProtectedMcp(oidc);
  dataHome = await mkdtemp(join(tmpdir(), "unitc-mcp-oauth-"));
  store = await openTokenStore({ XDG_DATA_HOME: dataHome });
});
afterAll(async () => {
  await store.store.close();
  await mcp.close();
  await oidc.close();
  await rm(dataHome, { recursive: true, force: true });
});

const auth = { type: "oauth2", scopes: ["openid", "api:read"] } as AuthConfig;
const env = () => ({ XDG_DATA_HOME: dataHome });

function connection(): McpConnection {
  return { kind: "mcp", transport: "http", url: mcp.url, auth, startupTimeoutMs: 10_000 } as McpConnection;
}

async function loginTo(unitId: string, as: AuthConfig = auth) {
  let reached!: (line: string) => void;
  const line = new Promise<string>((resolve) => {
    reached = resolve;
  });
  const done = mcpLogin({
    unitId,
    auth: as,
    serverUrl: mcp.url,
    store,
    noBrowser: true,
    print: (text) => reached(text),
  });
  const url = await Promise.race([line, done.then(() => "")]);
  const browsed = driveLogin(url.slice(LOGIN_URL_PREFIX.length).trim()).catch((error: unknown) => error);
  await done;
  await browsed;
  return url;
}

describe("a remote MCP server behind OAuth", () => {
  it("refuses to connect with AUTH_REQUIRED before a login", async () => {
    const error = await failure(
      openMcp(connection(), { unitId: "remote-none", env: env(), baseDir: dataHome }),
    );
    expect(JSON.stringify({ message: error.message, hint: error.details.hint })).toContain(
      "unitc auth login remote-none",
    );
  });

  it("logs in through RFC 9728 discovery and dynamic registration, then calls a tool", async () => {
    const url = new URL((await loginTo("remote")).slice(LOGIN_URL_PREFIX.length).trim());
    expect(mcp.seen.metadata).toContain("/.well-known/oauth-protected-resource/mcp");
    expect(url.searchParams.get("resource")).toBe(mcp.url);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    const client = await store.readClient<{ client_id: string }>("remote");
    expect(client?.client_id).toBeTruthy();
    expect(url.searchParams.get("client_id")).toBe(client?.client_id);
    const stored = await store.read("remote");
    expect(stored?.tokens.accessToken).toBeTruthy();

    const open = await openMcp(connection(), { unitId: "remote", env: env(), baseDir: dataHome });
    try {
      const result = await open.client.callTool({ name: "echo", arguments: { text: "hi" } });
      expect(result.content).toEqual([{ type: "text", text: "echo: hi" }]);
    } finally {
      await open.close();
    }
    expect(mcp.seen.accepted).toContain(stored?.tokens.accessToken);
  });

  it("refreshes at run time with a configured clientId (no registration, nothing to save)", async () => {
    const configured = { ...auth, clientId: "cli" } as AuthConfig;
    const url = new URL((await loginTo("remote-cli", configured)).slice(LOGIN_URL_PREFIX.length).trim());
    expect(url.searchParams.get("client_id")).toBe("cli");
    const before = await store.read("remote-cli");
    await (await oidc.provider.AccessToken.find(before?.tokens.accessToken as string))?.destroy();
    const grants = oidc.grants.length;
    const open = await openMcp({ ...connection(), auth: configured } as McpConnection, {
      unitId: "remote-cli",
      env: env(),
      baseDir: dataHome,
    });
    try {
      const result = await open.client.callTool({ name: "echo", arguments: { text: "again" } });
      expect(result.content).toEqual([{ type: "text", text: "echo: again" }]);
    } finally {
      await open.close();
    }
    expect(oidc.grants.slice(grants).map((g) => g.grantType)).toEqual(["refresh_token"]);
    expect(await store.readClient("remote-cli")).toBeUndefined();
  });
});
