/**
 * A spec behind OAuth at build time: compiled with the unit's stored token (read in memory only, never
 * written out); with none stored, the diagnostic names the command to run.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LOGIN_URL_PREFIX, login } from "../../../../runtime/auth/login.js";
import { openTokenStore } from "../../../../runtime/auth/open.js";
import { OAuthTokens } from "../../../../runtime/auth/tokens.js";
import type { AuthConfig } from "../../../../runtime/contract/manifest.js";
import { driveLogin } from "../../../support/oauth-browser.js";
import { type OidcServer, startOidc } from "../../../support/oidc-server.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import { cleanupOutDirs, compileTo, configText, makeOutDir } from "../openapi/support.js";

const SPEC = `openapi: 3.1.0
info: { title: Guarded, version: "1" }
paths:
  /ping:
    get:
      operationId: ping
      responses: { "204": { description: Pong. } }
`;

let oidc: OidcServer;
let dir: string;

beforeAll(async () => {
  oidc = await startOidc({ document: (path) => (path === "/openapi.yaml" ? SPEC : undefined) });
  dir = await mkdtemp(join(tmpdir(), "unitc-spec-oauth-"));
  vi.stubEnv("XDG_DATA_HOME", join(dir, "data"));
  vi.stubEnv("UNITC_CACHE_DIR", join(dir, "cache"));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all([oidc.close(), cleanupOutDirs(), cleanupProjects()]);
  await rm(dir, { recursive: true, force: true });
});

const auth = (): AuthConfig => ({
  type: "oidc",
  issuer: oidc.issuer,
  clientId: "cli",
  scopes: ["openid", "api:read"],
});

async function compileGuarded() {
  const project = await writeProject({
    ".units/config.json": configText({
      openapiEndpoints: {
        guarded: {
          name: "Guarded",
          description: "A spec behind OAuth.",
          baseUrl: oidc.apiUrl,
          specUrl: `${oidc.apiUrl}/openapi.yaml`,
          operationCacheTtlMs: 0,
          auth: auth(),
        },
      },
    }),
  });
  return compileTo(project, await makeOutDir());
}

describe("a spec behind OAuth at build time", () => {
  it("says which command to run when no token is stored", async () => {
    const { text } = await compileGuarded();
    expect(text).toContain("SPEC_FETCH_FAILED");
    expect(text).toContain("run unitc auth login guarded");
    expect(oidc.api.accepted).toEqual([]);
  });

  it("compiles with the stored token, which appears in no generated file", async () => {
    const store = await openTokenStore(process.env);
    let reached!: (line: string) => void;
    const line = new Promise<string>((resolve) => {
      reached = resolve;
    });
    const done = login({
      unitId: "guarded",
      auth: auth(),
      source: new OAuthTokens(store, process.env),
      noBrowser: true,
      print: (text) => reached(text),
    });
    await driveLogin((await line).slice(LOGIN_URL_PREFIX.length).trim());
    const tokens = await done;
    await store.store.close();

    const { text, outDir } = await compileGuarded();
    expect(text).toBe("");
    expect(oidc.api.accepted).toContain(tokens.accessToken);
    const files = await readdir(outDir, { recursive: true, withFileTypes: true });
    const bytes = await Promise.all(
      files.filter((f) => f.isFile()).map((f) => readFile(join(f.parentPath, f.name), "utf8")),
    );
    expect(bytes.join("\n")).toContain("ping");
    for (const secret of [tokens.accessToken, tokens.refreshToken]) {
      expect(secret).toBeTruthy();
      expect(bytes.join("\n")).not.toContain(secret);
    }
  });
});
