/**
 * `unitc serve --oauth-issuer` as a real child process in front of a real `oidc-provider` issuing JWT
 * access tokens: an MCP client built on the MCP SDK's OAuth support (`unitc auth login`'s provider)
 * finds the protected-resource metadata from the 401, registers itself, logs in, and lists the tools.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importJWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_URL_PREFIX } from "../../runtime/auth/login.js";
import { mcpLogin } from "../../runtime/auth/mcp-login.js";
import { openTokenStore } from "../../runtime/auth/open.js";
import type { TokenStore } from "../../runtime/auth/token-store.js";
import type { AuthConfig, McpConnection } from "../../runtime/contract/manifest.js";
import { openMcp } from "../../runtime/invoke/mcp/connect.js";
import { directNotesProject, startNotesServer } from "../runtime/serve/fixtures.js";
import { compileProject } from "../runtime/serve/support.js";
import type { TestServer } from "../support/http-server.js";
import { driveLogin } from "../support/oauth-browser.js";
import { type OidcServer, startOidc } from "../support/oidc-server.js";
import { writeProject } from "../support/project.js";
import { runServe } from "../support/serve-cli.js";
import { closeServeClients, type HttpServeProcess, startHttpServe } from "../support/serve-clients.js";

let oidc: OidcServer;
let notes: TestServer;
let served: HttpServeProcess;
let dataHome: string;
let store: TokenStore;

beforeAll(async () => {
  oidc = await startOidc({ accessTokenFormat: "jwt" });
  notes = await startNotesServer();
  const manifestPath = await compileProject(directNotesProject(`${notes.url}/api`));
  served = await startHttpServe(manifestPath, {}, ["--oauth-issuer", oidc.issuer, "--scope", "api:read"]);
  dataHome = await mkdtemp(join(tmpdir(), "unitc-serve-oauth-"));
  store = await openTokenStore({ XDG_DATA_HOME: dataHome });
});
afterAll(async () => {
  await store.store.close();
  await closeServeClients();
  await notes.close();
  await oidc.close();
  await rm(dataHome, { recursive: true, force: true });
});

const auth = { type: "oauth2", scopes: ["openid", "api:read"] } as AuthConfig;

async function login(unitId: string): Promise<string> {
  let reached!: (line: string) => void;
  const line = new Promise<string>((resolve) => {
    reached = resolve;
  });
  const done = mcpLogin({ unitId, auth, serverUrl: served.url, store, noBrowser: true, print: reached });
  const url = await Promise.race([line, done.then(() => "")]);
  const browsed = driveLogin(url.slice(LOGIN_URL_PREFIX.length).trim()).catch((error: unknown) => error);
  await done;
  await browsed;
  return url;
}

describe("unitc serve --oauth-issuer", () => {
  it("says on start which issuer and resource it accepts tokens for", () => {
    expect(served.stderr()).toContain(`OAuth tokens from ${oidc.issuer} for ${served.url}`);
  });

  it("lets an MCP SDK client discover the issuer from the 401, log in and list the tools", async () => {
    const url = new URL((await login("served")).slice(LOGIN_URL_PREFIX.length).trim());
    expect(url.origin).toBe(oidc.issuer);
    expect(url.searchParams.get("resource")).toBe(served.url);
    const stored = await store.read("served");
    const token = stored?.tokens.accessToken ?? "";
    expect(token.split(".")).toHaveLength(3);

    const connection = {
      kind: "mcp",
      transport: "http",
      url: served.url,
      auth,
      startupTimeoutMs: 10_000,
    } as McpConnection;
    const open = await openMcp(connection, {
      unitId: "served",
      env: { XDG_DATA_HOME: dataHome },
      baseDir: dataHome,
    });
    try {
      const { tools } = await open.client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("notes__listNotes");
      const before = notes.requests.length;
      await open.client.callTool({ name: "notes__listNotes", arguments: {} });
      // The caller's token stays with unitc serve: the downstream API never sees it.
      expect(notes.requests.slice(before).map((r) => r.headers.authorization ?? "")).toEqual([""]);
    } finally {
      await open.close();
    }
  });
});

/** A token signed with the issuer's key for `aud`, with both scopes the config asks for (`typ` none: a plain JWT). */
async function signed(aud: string, typ: string | undefined = "at+jwt"): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { iss: oidc.issuer, aud, sub: "alice", scope: "api:read api:write", exp: now + 300 };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: "test-key", ...(typ ? { typ } : {}) })
    .sign(await importJWK(oidc.signingKey, "RS256"));
}

function initialize(url: string, token: string) {
  return fetch(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    }),
  });
}

describe("serve.oauth in the user config", () => {
  it("turns OAuth serving on as the flags do, --audience wins over it, acceptPlainJwt lets plain JWTs in", async () => {
    const dir = await writeProject({
      "config.json": JSON.stringify({
        serve: { oauth: { issuer: oidc.issuer, scopes: ["api:read", "api:write"], acceptPlainJwt: true } },
      }),
    });
    const manifestPath = await compileProject(directNotesProject(`${notes.url}/api`));
    const run = runServe(
      [
        "--transport",
        "http",
        "--port",
        "0",
        "--user-config",
        join(dir, "config.json"),
        "--audience",
        "urn:units",
      ],
      { UNITC_SERVE_TOKEN: "a-serve-token-long-enough-0123", UNITC_MANIFEST: manifestPath },
    );
    const url = await run.url;
    try {
      expect(run.stderr()).toContain(`OAuth tokens from ${oidc.issuer} for ${url}`);
      const answer = await fetch(`${new URL(url).origin}/.well-known/oauth-protected-resource`);
      expect(await answer.json()).toMatchObject({
        resource: url,
        scopes_supported: ["api:read", "api:write"],
      });
      const status = async (aud: string, typ?: string) =>
        (await initialize(url, await signed(aud, typ))).status;
      expect(await status("urn:units")).toBe(200);
      expect(await status(url)).toBe(401);
      expect(await status("urn:units", "JWT")).toBe(200);
    } finally {
      await run.stop();
    }
  });
});
