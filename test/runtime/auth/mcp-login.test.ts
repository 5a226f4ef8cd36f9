/**
 * How `unitc auth login` names its client to a remote MCP server's authorization server:
 * `clientMetadataUrl` as the client_id only where the server advertises
 * `client_id_metadata_document_supported`, else dynamic client registration (RFC 7591), else a clear
 * error naming `clientId`. Real oidc-provider instances behind a real protected MCP server.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LOGIN_URL_PREFIX } from "../../../runtime/auth/login.js";
import { mcpLogin } from "../../../runtime/auth/mcp-login.js";
import { openTokenStore } from "../../../runtime/auth/open.js";
import type { TokenStore } from "../../../runtime/auth/token-store.js";
import type { AuthConfig } from "../../../runtime/contract/manifest.js";
import { failure } from "../../support/http-server.js";
import { type OidcOptions, type OidcServer, startOidc } from "../../support/oidc-server.js";
import { type ProtectedMcp, startProtectedMcp } from "../../support/protected-mcp.js";

const CLIENT_METADATA_URL = "https://client.example/unitc/client.json";
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function servers(
  options: OidcOptions,
): Promise<{ oidc: OidcServer; mcp: ProtectedMcp; store: TokenStore }> {
  const oidc = await startOidc(options);
  cleanups.push(() => oidc.close());
  const mcp = await startProtectedMcp(oidc);
  cleanups.push(() => mcp.close());
  const dataHome = await mkdtemp(join(tmpdir(), "unitc-mcp-login-"));
  cleanups.push(() => rm(dataHome, { recursive: true, force: true }));
  const store = await openTokenStore({ XDG_DATA_HOME: dataHome });
  cleanups.push(() => store.store.close());
  return { oidc, mcp, store };
}

/**
 * Starts a login and ends it once the authorization URL is out, by "pasting" the provider's refusal;
 * resolves to that URL (undefined when the login failed before one) and the login's error.
 */
async function authorizationUrl(mcp: ProtectedMcp, store: TokenStore, auth: AuthConfig) {
  let printed!: (line: string) => void;
  const line = new Promise<string>((resolve) => {
    printed = resolve;
  });
  async function* pasted() {
    const url = new URL((await line).slice(LOGIN_URL_PREFIX.length).trim());
    const callback = new URL(url.searchParams.get("redirect_uri") as string);
    callback.searchParams.set("error", "access_denied");
    callback.searchParams.set("state", url.searchParams.get("state") as string);
    yield callback.href;
  }
  const error = await failure(
    mcpLogin({
      unitId: "remote",
      auth,
      serverUrl: mcp.url,
      store,
      noBrowser: true,
      print: printed,
      pasted: pasted(),
    }),
  );
  const text = await Promise.race([line, Promise.resolve("")]);
  return { url: text ? new URL(text.slice(LOGIN_URL_PREFIX.length).trim()) : undefined, error };
}

const withMetadataUrl = {
  type: "oauth2",
  clientMetadataUrl: CLIENT_METADATA_URL,
  scopes: ["openid", "api:read"],
} as AuthConfig;

describe("the client a remote MCP login uses", () => {
  it("uses clientMetadataUrl as the client_id when the server advertises metadata documents", async () => {
    const { mcp, store } = await servers({ discovery: { client_id_metadata_document_supported: true } });
    const { url, error } = await authorizationUrl(mcp, store, withMetadataUrl);
    expect(error.message).toContain("the provider refused the login: access_denied");
    expect(url?.searchParams.get("client_id")).toBe(CLIENT_METADATA_URL);
    expect((await store.readClient<{ client_id: string }>("remote"))?.client_id).toBe(CLIENT_METADATA_URL);
  });

  it("registers a client dynamically instead when the server does not advertise them", async () => {
    const { mcp, store } = await servers({});
    const { url, error } = await authorizationUrl(mcp, store, withMetadataUrl);
    expect(error.message).toContain("the provider refused the login: access_denied");
    const registered = await store.readClient<{ client_id: string }>("remote");
    expect(registered?.client_id).toBeTruthy();
    expect(registered?.client_id).not.toBe(CLIENT_METADATA_URL);
    expect(url?.searchParams.get("client_id")).toBe(registered?.client_id);
  });

  it("says to set clientId when the server offers neither metadata documents nor registration", async () => {
    const { mcp, store } = await servers({ registration: false });
    const { url, error } = await authorizationUrl(mcp, store, withMetadataUrl);
    expect(url).toBeUndefined();
    expect(error).toMatchObject({
      code: "AUTH_FAILED",
      message: expect.stringContaining(
        "supports neither dynamic client registration nor client ID metadata documents",
      ),
      details: { hint: expect.stringContaining("auth.clientId") },
    });
    expect(await store.readClient("remote")).toBeUndefined();
    expect(await store.read("remote")).toBeUndefined();
  });
});
