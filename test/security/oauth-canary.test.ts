/**
 * A canary OAuth access token and refresh token, stored for a unit, never show up in what unitc
 * writes or prints: generated files and the manifest, compile output, `auth status` (text and JSON),
 * call results and errors (also when the API echoes the token back), `unitc serve`'s tool results and
 * its log on stderr, nor the storage's bytes on disk. The API and the OpenID Provider are real
 * servers on 127.0.0.1; the provider refuses the canary refresh token, so the failure path runs too.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openTokenStore } from "../../runtime/auth/open.js";
import { fingerprint, oauthSettings } from "../../runtime/auth/settings.js";
import { oauthTarget } from "../../runtime/auth/status.js";
import { readManifest } from "../../runtime/contract/manifest.js";
import { createRuntime, type UnitError } from "../../runtime/index.js";
import { BUILT_CLI } from "../support/built-cli.js";
import { runUnitc } from "../support/cli.js";
import { failure, sendJson, startHttpServer, type TestServer } from "../support/http-server.js";
import { type OidcServer, startOidc } from "../support/oidc-server.js";
import { cleanupProjects, writeProject } from "../support/project.js";

const nonce = `${process.pid}${Date.now().toString(36)}`;
const ACCESS = `canary-access-${nonce}-3e9d`;
const REFRESH = `canary-refresh-${nonce}-b21a`;

/** Fails naming the channel when `text` (or bytes) holds either canary. */
function expectNoCanary(channel: string, text: string | Buffer): void {
  for (const value of [ACCESS, REFRESH])
    expect(text.includes(value), `${channel} leaks ${value}`).toBe(false);
}

async function filesBelow(dir: string): Promise<Array<[string, Buffer]>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return Promise.all(files.map(async (file) => [file, await readFile(file)] as [string, Buffer]));
}

let oidc: OidcServer;
let api: TestServer;
let dir: string;
let env: Record<string, string>;
const compiles: Array<{ code: number; stdout: string; stderr: string }> = [];

beforeAll(async () => {
  oidc = await startOidc();
  // A careless API: it echoes the Authorization header in results and in its 401 body.
  api = await startHttpServer((request, res) => {
    const sent = request.headers.authorization ?? "";
    if (request.path === "/refuse" || sent !== `Bearer ${ACCESS}`) {
      res.writeHead(401, { "content-type": "text/plain" }).end(`denied: ${sent}`);
    } else sendJson(res, 200, { sent, [sent]: [sent] });
  });
  const config = {
    version: 1,
    httpApis: {
      api: {
        name: "API",
        description: "An OAuth-protected API.",
        baseUrl: api.url,
        auth: { type: "oidc", issuer: oidc.issuer, clientId: "cli", scopes: ["openid", "api:read"] },
        actions: {
          echo: { method: "GET", path: "/echo", description: "Echoes the Authorization header." },
          refuse: { method: "GET", path: "/refuse", description: "Always 401, echoing the header." },
        },
      },
    },
  };
  dir = await writeProject({ ".units/config.json": JSON.stringify(config, null, 2) });
  env = { PATH: process.env.PATH ?? "", XDG_DATA_HOME: join(dir, "data") };
  const compile = ["compile", "--user-config", "none"];
  compiles.push(await runUnitc(compile, dir, env));
  // The canary login, stored as `unitc auth login` would store it for this unit's config.
  const { manifest } = readManifest(join(dir, "generated/manifest.json"));
  const target = oauthTarget(manifest.units.find((u) => u.id === "api") as (typeof manifest.units)[0]);
  const settings = oauthSettings(target?.auth as Parameters<typeof oauthSettings>[0], target?.resource);
  const store = await openTokenStore(env);
  const tokens = {
    accessToken: ACCESS,
    refreshToken: REFRESH,
    expiresAt: Date.now() + 3_600_000,
    issuedAt: Date.now(),
  };
  expect(await store.write("api", fingerprint(settings), tokens, undefined)).toBe(true);
  await store.store.close();
  compiles.push(await runUnitc([...compile, "--force"], dir, env));
});
afterAll(async () => {
  await api.close();
  await oidc.close();
  await cleanupProjects();
});

it("generated files, the manifest and compile output hold no canary", async () => {
  for (const run of compiles) {
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expectNoCanary("compile stdout", run.stdout);
    expectNoCanary("compile stderr", run.stderr);
  }
  const files = await filesBelow(join(dir, "generated"));
  expect(files.map(([file]) => file)).toContain(join(dir, "generated/manifest.json"));
  for (const [file, bytes] of files) expectNoCanary(file, bytes);
});

it("auth status, text and JSON, shows the login but no canary", async () => {
  const text = await runUnitc(["auth", "status"], dir, env);
  const json = await runUnitc(["auth", "status", "--json"], dir, env);
  expect(text.stdout).toMatch(/^api valid expires /);
  expect(JSON.parse(json.stdout).units).toEqual([expect.objectContaining({ unit: "api", state: "valid" })]);
  for (const run of [text, json]) {
    expectNoCanary("status stdout", run.stdout);
    expectNoCanary("status stderr", run.stderr);
  }
});

it("call results and errors hold no canary, even when the API echoes it", async () => {
  const runtime = createRuntime({ manifestPath: join(dir, "generated/manifest.json"), env });
  const result = await runtime.call("api", "echo");
  expect(JSON.stringify(result)).toContain("[redacted]");
  expectNoCanary("result", JSON.stringify(result));
  // 401, one refresh with the canary refresh token (refused by the provider), no second try.
  const error: UnitError = await failure(runtime.call("api", "refuse"));
  expect(error.code).toBe("AUTH_REQUIRED");
  for (const text of [error.message, JSON.stringify(error.details), String(error), error.stack ?? ""]) {
    expectNoCanary(`error ${error.code}`, text);
  }
  const seen = api.requests.map((r) => r.headers.authorization).join(" ");
  expect(seen, "the API really saw the canary: the test would catch a leak").toContain(ACCESS);
  expect(oidc.grants.map((g) => g.grantType)).not.toContain("refresh_token");
});

it("unitc serve's tool results and log hold no canary", async () => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BUILT_CLI, "serve", "--user-config", "none"],
    cwd: dir,
    env,
    stderr: "pipe",
  });
  let log = "";
  transport.stderr?.on("data", (chunk: Buffer) => (log += chunk));
  const client = new Client({ name: "oauth-canary", version: "1" });
  await client.connect(transport);
  const requestsBefore = api.requests.length;
  try {
    const results = [];
    for (const code of ["return await units.api.echo();", "return await units.api.refuse();"]) {
      const result = await client.callTool({ name: "code_mode", arguments: { code } });
      expectNoCanary(`serve result of ${code}`, JSON.stringify(result));
      results.push(result);
    }
    // The served calls really carried the canary to the API, which echoed it.
    expect(JSON.stringify(results[0])).toContain("[redacted]");
    expect(results[1]?.isError).toBe(true);
    expect(api.requests.slice(requestsBefore).map((r) => r.headers.authorization)).toContain(
      `Bearer ${ACCESS}`,
    );
  } finally {
    await client.close();
  }
  expectNoCanary("serve stderr", log);
});

it("the storage's bytes on disk hold no canary", async () => {
  const files = await filesBelow(join(dir, "data"));
  expect(files.length).toBeGreaterThan(0);
  for (const [file, bytes] of files) expectNoCanary(file, bytes);
});
