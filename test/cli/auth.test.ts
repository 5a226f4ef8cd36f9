import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../cli/index.js";
import { LOGIN_URL_PREFIX } from "../../runtime/auth/login.js";
import { openTokenStore } from "../../runtime/auth/open.js";
import { TokenStore } from "../../runtime/auth/token-store.js";
import { openStore } from "../../runtime/storage/open.js";
import { decodeVaultKey } from "../../runtime/storage/vault-key.js";
import { BUILT_CLI } from "../support/built-cli.js";
import { captureIO } from "../support/capture-io.js";
import { runUnitc } from "../support/cli.js";
import { httpLoginUnit, mcpLoginUnit, writeLoginManifest } from "../support/login-manifest.js";
import { driveLogin } from "../support/oauth-browser.js";
import { type OidcServer, startOidc } from "../support/oidc-server.js";
import { cleanupProjects } from "../support/project.js";
import { type ProtectedMcp, startProtectedMcp } from "../support/protected-mcp.js";
import { newKey, providerSetup, storageHome, unitc } from "./storage-support.js";

let oidc: OidcServer;
let mcp: ProtectedMcp;
let dir: string;
let env: Record<string, string>;

const unit = (id: string, auth: Record<string, unknown>) => httpLoginUnit(id, oidc.apiUrl, auth);

beforeAll(async () => {
  oidc = await startOidc();
  mcp = await startProtectedMcp(oidc);
  dir = await mkdtemp(join(tmpdir(), "unitc-auth-cli-"));
  env = { XDG_DATA_HOME: join(dir, "data") };
  const units = [
    unit("web", { type: "oidc", issuer: oidc.issuer, clientId: "cli", scopes: ["openid", "api:read"] }),
    unit("machine", { type: "oauth2", issuer: oidc.issuer, clientId: "machine", clientSecret: "env:SECRET" }),
    unit("plain", { type: "none" }),
    mcpLoginUnit("remote", mcp.url, ["openid", "api:read"]),
  ];
  await writeLoginManifest(join(dir, "manifest.json"), units);
});
afterAll(async () => {
  await mcp.close();
  await oidc.close();
  await rm(dir, { recursive: true, force: true });
  await cleanupProjects();
});

describe("unitc auth", () => {
  it("logs in with --no-browser, shows status without token bytes, and logs out", async () => {
    const captured = captureIO(dir, env);
    const { io, firstLine } = captured;
    const running = runCli(["auth", "login", "web", "--no-browser", "--manifest", "manifest.json"], io);
    const line = await firstLine;
    expect(line).toMatch(new RegExp(`^${LOGIN_URL_PREFIX}http://127\\.0\\.0\\.1:\\d+/auth\\?\\S+\\n$`));
    await driveLogin(line.slice(LOGIN_URL_PREFIX.length).trim());
    expect(await running).toBe(0);
    expect(captured.stderr()).toBe("");
    expect(captured.stdout()).toContain("logged in to web; the token expires ");

    const tokens = await openTokenStore(env);
    const stored = await tokens.read("web");
    await tokens.store.close();
    const secrets = [stored?.tokens.accessToken, stored?.tokens.refreshToken] as string[];

    const status = await runUnitc(["auth", "status", "--json", "--manifest", "manifest.json"], dir, env);
    expect(status.code).toBe(0);
    const parsed = JSON.parse(status.stdout) as { units: Array<Record<string, unknown>> };
    expect(parsed.units.map((u) => [u.unit, u.state])).toEqual([
      ["machine", "missing"],
      ["remote", "missing"],
      ["web", "valid"],
    ]);
    const text = await runUnitc(["auth", "status", "--manifest", "manifest.json"], dir, env);
    expect(text.stdout).toMatch(/^machine missing\nremote missing\nweb valid expires \S+ scopes /);
    for (const secret of secrets) {
      expect(secret).toBeTruthy();
      for (const output of [captured.stdout(), captured.stderr(), status.stdout, text.stdout])
        expect(output).not.toContain(secret);
    }

    const revocationsBefore = oidc.revocations.length;
    const logout = await runUnitc(["auth", "logout", "web", "--manifest", "manifest.json"], dir, env);
    expect(logout).toMatchObject({ code: 0, stdout: "logged out of web; the provider revoked its tokens\n" });
    expect(oidc.revocations.length).toBeGreaterThan(revocationsBefore);
    expect(await oidc.provider.RefreshToken.find(secrets[1] as string)).toBeUndefined();
    expect(await oidc.provider.AccessToken.find(secrets[0] as string)).toBeUndefined();
    const after = await runUnitc(["auth", "status", "--json", "--manifest", "manifest.json"], dir, env);
    expect(JSON.parse(after.stdout).units[2]).toEqual({ unit: "web", state: "missing" });
  });

  it("logs in to a remote MCP server (RFC 9728 discovery, dynamic registration) and shows it valid", async () => {
    const captured = captureIO(dir, env, true);
    const { io, firstLine } = captured;
    const running = runCli(["auth", "login", "remote", "--no-browser", "--manifest", "manifest.json"], io);
    await driveLogin((await firstLine).slice(LOGIN_URL_PREFIX.length).trim());
    expect(await running).toBe(0);
    expect(captured.stdout()).toContain("logged in to remote\n");
    const status = await runUnitc(["auth", "status", "--json", "--manifest", "manifest.json"], dir, env);
    const units = JSON.parse(status.stdout).units as Array<{ unit: string; state: string }>;
    expect(units.find((u) => u.unit === "remote")?.state).toBe("valid");
  });

  it("refuses a unit without OAuth and an unknown action", async () => {
    const plain = await runUnitc(["auth", "login", "plain", "--manifest", "manifest.json"], dir, env);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain("unit plain is not in the bundle or does not use OAuth");
    const wrong = await runUnitc(["auth", "dance", "--manifest", "manifest.json"], dir, env);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("unknown auth action");
  });
});

/** Runs `unitc auth login UNIT --no-browser` as a child process, driving the printed URL as a browser. */
async function childLogin(unitId: string, cwd: string, childEnv: Record<string, string>, config: string) {
  const child = spawn(
    process.execPath,
    [BUILT_CLI, "auth", "login", unitId, "--no-browser", "--user-config", config],
    { cwd, env: { PATH: process.env.PATH ?? "", ...childEnv } },
  );
  let stdout = "";
  let stderr = "";
  let driven: Promise<string> | undefined;
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk;
    const line = stdout.split("\n").find((l) => l.startsWith(LOGIN_URL_PREFIX));
    if (line && !driven) driven = driveLogin(line.slice(LOGIN_URL_PREFIX.length).trim());
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  await driven;
  return { code, stdout, stderr };
}

describe("unitc auth with a configured store", () => {
  it("keeps the login sealed in the user config's SQLite store, and a served call uses it", async () => {
    const key = newKey();
    const home = await storageHome(await providerSetup("sqlite", undefined, key), {
      "project/.units/config.json": JSON.stringify({
        httpApis: {
          api: {
            name: "API",
            description: "An OAuth-protected API.",
            baseUrl: oidc.apiUrl,
            auth: { type: "oidc", issuer: oidc.issuer, clientId: "cli", scopes: ["openid", "api:read"] },
            actions: { check: { method: "GET", path: "/check", description: "Call the API." } },
          },
        },
      }),
    });
    const projectDir = join(home.dir, "project");
    const flags = ["--user-config", home.config];
    const compiled = await unitc(["compile", ...flags], projectDir, home.env);
    expect(compiled.code, compiled.stderr).toBe(0);

    const login = await childLogin("api", projectDir, home.env, home.config);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain("logged in to api");

    // The token is in the SQLite file, sealed; nothing went to the default filesystem store.
    const store = await openStore({ ...home.storage, path: join(home.dir, "store.db") }, {});
    const stored = await new TokenStore(store, decodeVaultKey(key)).read("api");
    await store.close();
    const accessToken = stored?.tokens.accessToken as string;
    expect(accessToken).toBeTruthy();
    const database = await readFile(join(home.dir, "store.db"));
    expect(database.includes(accessToken)).toBe(false);
    expect(existsSync(join(home.dir, "data", "unitc", "oauth"))).toBe(false);
    const status = await unitc(["auth", "status", "--json", ...flags], projectDir, home.env);
    expect(JSON.parse(status.stdout).units).toEqual([
      expect.objectContaining({ unit: "api", state: "valid" }),
    ]);

    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BUILT_CLI, "serve", ...flags],
      cwd: projectDir,
      env: { PATH: process.env.PATH ?? "", ...home.env },
      stderr: "pipe",
    });
    const client = new Client({ name: "auth-store-test", version: "1" });
    await client.connect(transport);
    try {
      const code = "return await units.api.check();";
      const result = await client.callTool({ name: "code_mode", arguments: { code } });
      expect(result.isError, JSON.stringify(result)).not.toBe(true);
      expect(oidc.api.accepted).toContain(accessToken);
      expect(JSON.stringify(result)).not.toContain(accessToken);
    } finally {
      await client.close();
    }

    const logout = await unitc(["auth", "logout", "api", ...flags], projectDir, home.env);
    expect(logout).toMatchObject({ code: 0, stdout: "logged out of api; the provider revoked its tokens\n" });
  });
});

describe("unitc auth status without OAuth units", () => {
  it("says no unit uses OAuth, and --json gives an empty list", async () => {
    const home = await mkdtemp(join(tmpdir(), "unitc-auth-none-"));
    const childEnv = {
      HOME: home,
      XDG_CONFIG_HOME: join(home, "config"),
      XDG_DATA_HOME: join(home, "data"),
      XDG_STATE_HOME: join(home, "state"),
    };
    const manifest = join(BUILT_CLI, "../../../generated/basic/manifest.json");
    try {
      const text = await unitc(["auth", "status", "--manifest", manifest], home, childEnv);
      expect(text.code).toBe(0);
      expect(text.stdout).toBe("");
      expect(text.stderr).toBe("no unit uses OAuth, so there are no logins to show\n");
      const json = await unitc(["auth", "status", "--json", "--manifest", manifest], home, childEnv);
      expect(json.code).toBe(0);
      expect(JSON.parse(json.stdout)).toEqual({ units: [] });
      expect(json.stderr).toBe("");
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
