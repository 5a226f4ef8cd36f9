/**
 * A remote MCP server behind OAuth at build time: its tools are listed with the unit's stored token
 * (read in memory only, never written out); with none, the diagnostic says which command to run.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LOGIN_URL_PREFIX } from "../../../../runtime/auth/login.js";
import { mcpLogin } from "../../../../runtime/auth/mcp-login.js";
import { openTokenStore } from "../../../../runtime/auth/open.js";
import type { AuthConfig } from "../../../../runtime/contract/manifest.js";
import { compileBundle, mcpProject } from "../../../runtime/invoke/mcp/support.js";
import { driveLogin } from "../../../support/oauth-browser.js";
import { type OidcServer, startOidc } from "../../../support/oidc-server.js";
import { cleanupProjects } from "../../../support/project.js";
import { type ProtectedMcp, startProtectedMcp } from "../../../support/protected-mcp.js";

let oidc: OidcServer;
let mcp: ProtectedMcp;
let dir: string;

beforeAll(async () => {
  oidc = await startOidc();
  mcp = await startProtectedMcp(oidc);
  dir = await mkdtemp(join(tmpdir(), "unitc-mcp-build-oauth-"));
  vi.stubEnv("XDG_DATA_HOME", join(dir, "data"));
  vi.stubEnv("UNITC_CACHE_DIR", join(dir, "cache"));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await mcp.close();
  await oidc.close();
  await cleanupProjects();
  await rm(dir, { recursive: true, force: true });
});

const auth = { type: "oauth2", scopes: ["openid", "api:read"] } as AuthConfig;
const project = () =>
  mcpProject({
    remote: {
      name: "Remote",
      description: "Behind OAuth.",
      transport: "http",
      url: mcp.url,
      auth,
      toolCacheTtlMs: 0,
    },
  });

describe("a remote MCP server behind OAuth at build time", () => {
  it("says which command to run when no token is stored", async () => {
    const compiled = await compileBundle(project());
    expect(compiled.text).toContain("AUTH_REQUIRED");
    expect(compiled.text).toContain("run unitc auth login remote");
    expect(compiled.manifest.units).toEqual([]);
  });

  it("lists the tools with the stored token, which appears in no generated file", async () => {
    const store = await openTokenStore(process.env);
    let reached!: (line: string) => void;
    const line = new Promise<string>((resolve) => {
      reached = resolve;
    });
    const done = mcpLogin({
      unitId: "remote",
      auth,
      serverUrl: mcp.url,
      store,
      noBrowser: true,
      print: (t) => reached(t),
    });
    await driveLogin((await line).slice(LOGIN_URL_PREFIX.length).trim());
    await done;
    const token = (await store.read("remote"))?.tokens.accessToken as string;
    await store.store.close();

    const compiled = await compileBundle(project());
    expect(compiled.text).toBe("");
    expect(compiled.manifest.units[0]?.operations.map((o) => o.name)).toEqual(["echo"]);
    expect(mcp.seen.accepted).toContain(token);
    const files = await readdir(compiled.outDir, { recursive: true, withFileTypes: true });
    const bytes = await Promise.all(
      files.filter((f) => f.isFile()).map((f) => readFile(join(f.parentPath, f.name), "utf8")),
    );
    expect(bytes.join("\n")).not.toContain(token);
  });

  // Not the server's fault, and no runtime error of its own: the listing fails with the reason.
  it("reports a token store that cannot be opened as MCP_LIST_FAILED, with the reason and the unit", async () => {
    const notAFolder = join(dir, "data-is-a-file");
    await writeFile(notAFolder, "");
    vi.stubEnv("XDG_DATA_HOME", notAFolder);
    try {
      const compiled = await compileBundle(project());
      const [first, hint] = compiled.text.split("\n");
      expect(first).toMatch(
        /^\.units\/config\.json:4:5 error MCP_LIST_FAILED MCP server of unit "remote" could not be listed: .*ENOTDIR/,
      );
      expect(hint).toBe(
        "  hint: the other units are unaffected; fix what the message names (the server, or a folder unitc reads) or set disabled: true",
      );
      expect(compiled.manifest.units).toEqual([]);
    } finally {
      vi.stubEnv("XDG_DATA_HOME", join(dir, "data"));
    }
  });
});
