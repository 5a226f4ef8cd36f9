/**
 * A remote MCP unit's OAuth tokens live in the storage the user config names, like every other
 * unit's: `auth login` puts them there, `compile` and `call` read them from there, and `auth logout`
 * with the same user config leaves nothing that a call could still use. A fresh project logs in from
 * its unit file alone, before any manifest exists. Real `unitc` child processes, a real
 * oidc-provider and a real protected MCP server, a SQLite store.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_URL_PREFIX } from "../../runtime/auth/login.js";
import { TokenStore } from "../../runtime/auth/token-store.js";
import { openStore } from "../../runtime/storage/open.js";
import { decodeVaultKey } from "../../runtime/storage/vault-key.js";
import { newKey, providerSetup, type StorageHome, storageHome, unitc } from "../cli/storage-support.js";
import { BUILT_CLI } from "../support/built-cli.js";
import { mcpLoginUnit, writeLoginManifest } from "../support/login-manifest.js";
import { driveLogin } from "../support/oauth-browser.js";
import { type OidcServer, startOidc } from "../support/oidc-server.js";
import { cleanupProjects } from "../support/project.js";
import { type ProtectedMcp, startProtectedMcp } from "../support/protected-mcp.js";

let oidc: OidcServer;
let mcp: ProtectedMcp;

beforeAll(async () => {
  oidc = await startOidc();
  mcp = await startProtectedMcp(oidc);
});
afterAll(async () => {
  await mcp.close();
  await oidc.close();
  await cleanupProjects();
});

/** `unitc auth login UNIT --no-browser …`, the printed URL driven as a browser would. */
async function login(args: string[], cwd: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [BUILT_CLI, "auth", "login", ...args, "--no-browser"], {
    cwd,
    env: { PATH: process.env.PATH ?? "", ...env },
  });
  let stdout = "";
  let stderr = "";
  let driven: Promise<string> | undefined;
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk;
    const line = stdout.split("\n").find((l) => l.startsWith(LOGIN_URL_PREFIX));
    if (line && !driven) driven = driveLogin(line.slice(LOGIN_URL_PREFIX.length).trim());
  });
  // A login that never ends is reported with what it printed, not as a bare test timeout.
  const stop = setTimeout(() => child.kill(), 30_000);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearTimeout(stop);
  await driven;
  return { code, stdout, stderr };
}

/** The access token stored for `unitId` in the home's SQLite file, if any. */
async function storedToken(home: StorageHome, key: string, unitId: string): Promise<string | undefined> {
  const settings = { ...home.storage, path: join(home.dir, "store.db") };
  const store = await openStore(settings, {});
  try {
    return (await new TokenStore(store, decodeVaultKey(key)).read(unitId))?.tokens.accessToken;
  } finally {
    await store.close();
  }
}

const echo = (flags: string[]) => ["call", "remote.echo", "--input", '{"text":"hi"}', ...flags];

/** A project whose unit file declares the remote MCP server behind OAuth, with a SQLite store. */
async function project(
  key: string,
): Promise<{ home: StorageHome; projectDir: string; env: Record<string, string> }> {
  const unitFile = [
    "---",
    "name: Remote",
    "description: A remote MCP server behind OAuth.",
    "mcpServer:",
    "  transport: http",
    `  url: ${mcp.url}`,
    "  auth:",
    "    type: oauth2",
    "    scopes: [openid, api:read]",
    "  toolCacheTtlMs: 0",
    "---",
    "",
    "# Remote",
    "",
  ].join("\n");
  const home = await storageHome(await providerSetup("sqlite", undefined, key), {
    "project/.units/remote.md": unitFile,
  });
  const env = { ...home.env, UNITC_CACHE_DIR: join(home.dir, "cache") };
  return { home, projectDir: join(home.dir, "project"), env };
}

/** A manifest with just the unit's connection: what a login reads, written by hand (no compile yet). */
async function loginManifest(dir: string): Promise<string> {
  return writeLoginManifest(join(dir, "login-manifest.json"), [
    mcpLoginUnit("remote", mcp.url, ["openid", "api:read"]),
  ]);
}

describe("a remote MCP unit's tokens in the configured storage", () => {
  it("are the ones compile and call use, and logout with the same user config ends them", async () => {
    const key = newKey();
    const { home, projectDir, env } = await project(key);
    const flags = ["--user-config", home.config];
    const manifest = await loginManifest(home.dir);

    const loggedIn = await login(["remote", ...flags, "--manifest", manifest], projectDir, env);
    expect(loggedIn.code, loggedIn.stderr).toBe(0);
    const token = await storedToken(home, key, "remote");
    expect(token).toBeTruthy();
    const defaultStore = join(home.dir, "data", "unitc", "oauth");
    expect(existsSync(defaultStore)).toBe(false);

    // The tools are listed with the SQLite store's token, and the call is made with it.
    const compiled = await unitc(["compile", ...flags], projectDir, env);
    expect(compiled.code, compiled.stderr).toBe(0);
    const called = await unitc(echo(flags), projectDir, env);
    expect(called.code, called.stderr).toBe(0);
    expect(called.stdout).toContain("echo: hi");
    expect(mcp.seen.accepted).toContain(token);
    expect(existsSync(defaultStore)).toBe(false);

    const logout = await unitc(["auth", "logout", "remote", ...flags], projectDir, env);
    expect(logout.code, logout.stderr).toBe(0);
    expect(logout.stdout).toContain("logged out of remote");
    expect(await storedToken(home, key, "remote")).toBeUndefined();

    const refused = await unitc(echo(flags), projectDir, env);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("AUTH_REQUIRED");
    expect(refused.stderr).toContain("unitc auth login remote");
  }, 120_000);

  it("logs a fresh project in from its unit file, before any manifest exists", async () => {
    const key = newKey();
    const { home, projectDir, env } = await project(key);
    const flags = ["--user-config", home.config];
    expect(existsSync(join(projectDir, "generated", "manifest.json"))).toBe(false);

    const loggedIn = await login(["remote", ...flags], projectDir, env);
    expect(loggedIn.code, loggedIn.stderr).toBe(0);
    expect(loggedIn.stdout).toContain("logged in to remote");
    expect(await storedToken(home, key, "remote")).toBeTruthy();

    const status = await unitc(["auth", "status", "--json", ...flags], projectDir, env);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout).units).toEqual([
      expect.objectContaining({ unit: "remote", state: "valid" }),
    ]);
  }, 120_000);
});
