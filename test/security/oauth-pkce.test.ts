/**
 * A login is refused, before any browser step, when the authorization server's metadata does not
 * advertise PKCE `S256` in `code_challenge_methods_supported` (only `plain`, or nothing): OAuth 2.1
 * requires PKCE, and the MCP SDK's own flow would go ahead when the list is absent. Both login paths,
 * the plain one and the remote MCP one, against real oidc-provider instances (the advertised methods
 * rewritten in its served metadata) and a real protected MCP server.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { login } from "../../runtime/auth/login.js";
import { mcpLogin } from "../../runtime/auth/mcp-login.js";
import { openTokenStore } from "../../runtime/auth/open.js";
import type { TokenStore } from "../../runtime/auth/token-store.js";
import { OAuthTokens } from "../../runtime/auth/tokens.js";
import type { AuthConfig } from "../../runtime/contract/manifest.js";
import { failure } from "../support/http-server.js";
import { type OidcServer, startOidc } from "../support/oidc-server.js";
import { startProtectedMcp } from "../support/protected-mcp.js";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An oidc-provider advertising `methods` (undefined: the field left out of its metadata). */
async function provider(methods: string[] | undefined): Promise<{ oidc: OidcServer; store: TokenStore }> {
  const oidc = await startOidc({
    rewriteMetadata: ({ code_challenge_methods_supported: _methods, ...rest }) =>
      methods ? { ...rest, code_challenge_methods_supported: methods } : rest,
  });
  cleanups.push(() => oidc.close());
  const dataHome = await mkdtemp(join(tmpdir(), "unitc-pkce-"));
  cleanups.push(() => rm(dataHome, { recursive: true, force: true }));
  const store = await openTokenStore({ XDG_DATA_HOME: dataHome });
  cleanups.push(() => store.store.close());
  return { oidc, store };
}

async function advertised(oidc: OidcServer): Promise<unknown> {
  const response = await fetch(`${oidc.issuer}/.well-known/openid-configuration`);
  return ((await response.json()) as Record<string, unknown>).code_challenge_methods_supported;
}

const CASES: Array<[string, string[] | undefined]> = [
  ["only plain", ["plain"]],
  ["no methods at all", undefined],
];

describe("a login to a server that does not advertise PKCE S256", () => {
  it.each(CASES)("is refused on the plain login path (%s)", async (_name, methods) => {
    const { oidc, store } = await provider(methods);
    expect(await advertised(oidc)).toEqual(methods);
    const printed: string[] = [];
    const auth = { type: "oidc", issuer: oidc.issuer, clientId: "cli", scopes: ["openid", "api:read"] };
    const error = await failure(
      login({
        unitId: "web",
        auth: auth as AuthConfig,
        source: new OAuthTokens(store, {}),
        noBrowser: true,
        print: (line) => printed.push(line),
        timeoutMs: 10_000,
      }),
    );
    expect(error).toMatchObject({
      code: "AUTH_PKCE_UNSUPPORTED",
      message: expect.stringContaining("does not advertise PKCE S256"),
      details: { hint: expect.stringContaining("PKCE with S256") },
    });
    expect(printed).toEqual([]);
    expect(await store.read("web")).toBeUndefined();
  });

  it.each(CASES)("is refused on the remote MCP login path (%s)", async (_name, methods) => {
    const { oidc, store } = await provider(methods);
    const mcp = await startProtectedMcp(oidc);
    cleanups.push(() => mcp.close());
    const printed: string[] = [];
    const error = await failure(
      mcpLogin({
        unitId: "remote",
        auth: { type: "oauth2", scopes: ["openid", "api:read"] } as AuthConfig,
        serverUrl: mcp.url,
        store,
        noBrowser: true,
        print: (line) => printed.push(line),
        timeoutMs: 10_000,
      }),
    );
    expect(error).toMatchObject({
      code: "AUTH_PKCE_UNSUPPORTED",
      details: { hint: expect.stringContaining("PKCE with S256") },
    });
    expect(printed).toEqual([]);
    // Stopped before dynamic registration: no client is left behind either.
    expect(await store.readClient("remote")).toBeUndefined();
    expect(await store.read("remote")).toBeUndefined();
  });
});
