/**
 * `unitc auth login` without a browser on this machine, as real `unitc` child processes against a
 * real oidc-provider: `--paste`, the callback URL pasted (here piped) on stdin instead of reaching the
 * loopback listener (its state checked, an `error=` callback ending the login at once, as on the
 * listener), and `--device`, device authorization (RFC 8628).
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_CODE_PREFIX } from "../../runtime/auth/device.js";
import { LOGIN_URL_PREFIX } from "../../runtime/auth/login.js";
import { openTokenStore } from "../../runtime/auth/open.js";
import { BUILT_CLI } from "../support/built-cli.js";
import { httpLoginUnit, writeLoginManifest } from "../support/login-manifest.js";
import { driveLogin } from "../support/oauth-browser.js";
import { type OidcServer, startOidc } from "../support/oidc-server.js";

let oidc: OidcServer;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  oidc = await startOidc();
  dir = await mkdtemp(join(tmpdir(), "unitc-auth-paste-"));
  env = { XDG_DATA_HOME: join(dir, "data") };
  const auth = { type: "oidc", issuer: oidc.issuer, clientId: "cli", scopes: ["openid", "api:read"] };
  const units = ["pasted", "wrong-state", "refused", "tv"].map((id) => httpLoginUnit(id, oidc.apiUrl, auth));
  await writeLoginManifest(join(dir, "manifest.json"), units);
});
afterAll(async () => {
  await oidc.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs `unitc auth login UNIT --no-browser --paste`, writing `paste(url)` to its stdin once the URL is out. */
async function pasteLogin(unitId: string, paste: (loginUrl: string) => Promise<string>) {
  const child = spawn(
    process.execPath,
    [BUILT_CLI, "auth", "login", unitId, "--no-browser", "--paste", "--manifest", "manifest.json"],
    { cwd: dir, env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["pipe", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  let pasting: Promise<unknown> | undefined;
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk;
    const line = stdout.split("\n").find((l) => l.startsWith(LOGIN_URL_PREFIX));
    if (line && !pasting) {
      pasting = paste(line.slice(LOGIN_URL_PREFIX.length).trim()).then((text) =>
        child.stdin.write(`${text}\n`),
      );
    }
  });
  // A login that never ends is reported with what it printed, not as a bare test timeout.
  const stop = setTimeout(() => child.kill(), 20_000);
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  clearTimeout(stop);
  await pasting;
  return { code, stdout, stderr };
}

async function stored(unitId: string) {
  const tokens = await openTokenStore(env);
  try {
    return await tokens.read(unitId);
  } finally {
    await tokens.store.close();
  }
}

describe("unitc auth login with a pasted callback URL", () => {
  it("completes the login from the pasted URL; the loopback listener is never reached", async () => {
    let callback = "";
    const result = await pasteLogin("pasted", async (url) => {
      callback = await driveLogin(url, undefined, { stopAtCallback: true });
      return callback;
    });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain("logged in to pasted; the token expires ");
    expect(new URL(callback).searchParams.get("code")).toBeTruthy();
    const tokens = await stored("pasted");
    expect(tokens?.tokens.accessToken).toBeTruthy();
    expect(result.stdout + result.stderr).not.toContain(tokens?.tokens.accessToken);
  });

  it("refuses a pasted URL whose state is not this login's, storing nothing", async () => {
    const result = await pasteLogin("wrong-state", async (url) => {
      const callback = new URL(await driveLogin(url, undefined, { stopAtCallback: true }));
      callback.searchParams.set("state", "someone-elses-state");
      return callback.href;
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "AUTH_FAILED the login callback's state did not match this login; refused",
    );
    expect(await stored("wrong-state")).toBeUndefined();
  });

  it("surfaces a pasted error= callback at once", async () => {
    // Were the refusal not to end the wait, the login's five-minute limit would outlast this test's own.
    const result = await pasteLogin("refused", async (url) => {
      const login = new URL(url);
      const callback = new URL(login.searchParams.get("redirect_uri") as string);
      callback.searchParams.set("error", "access_denied");
      callback.searchParams.set("error_description", "the person said no");
      callback.searchParams.set("state", login.searchParams.get("state") as string);
      return callback.href;
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("the provider refused the login: access_denied (the person said no)");
    expect(await stored("refused")).toBeUndefined();
  });

  it("says so when the pasted text is not the callback URL", async () => {
    const result = await pasteLogin("refused", async () => "not a url at all");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("the pasted text is not the login's callback URL");
    expect(result.stderr).toContain("hint: paste the whole address");
  });
});

describe("unitc auth login --device", () => {
  it("prints the verification URL and code, polls until approved, and stores tokens", async () => {
    const child = spawn(
      process.execPath,
      [BUILT_CLI, "auth", "login", "tv", "--device", "--manifest", "manifest.json"],
      { cwd: dir, env: { PATH: process.env.PATH ?? "", ...env } },
    );
    let stdout = "";
    let stderr = "";
    let approving: Promise<string> | undefined;
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
      const line = stdout.split("\n").find((l) => l.startsWith(LOGIN_URL_PREFIX));
      if (line && !approving && stdout.includes(DEVICE_CODE_PREFIX)) {
        approving = driveLogin(line.slice(LOGIN_URL_PREFIX.length).trim(), (html) =>
          html.includes("Sign-in Success"),
        );
      }
    });
    const stop = setTimeout(() => child.kill(), 40_000);
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    clearTimeout(stop);
    await approving;
    expect(code, stdout + stderr).toBe(0);
    const lines = stdout.split("\n");
    expect(lines[0]).toMatch(
      new RegExp(`^${LOGIN_URL_PREFIX}http://127\\.0\\.0\\.1:\\d+/device\\?user_code=`),
    );
    expect(lines[1]).toMatch(new RegExp(`^${DEVICE_CODE_PREFIX}\\S+$`));
    expect(stdout).toContain("logged in to tv; the token expires ");
    const tokens = await stored("tv");
    expect(await oidc.provider.AccessToken.find(tokens?.tokens.accessToken as string)).toBeTruthy();
    expect(stdout + stderr).not.toContain(tokens?.tokens.accessToken);
    expect(oidc.grants.map((g) => g.grantType)).toContain("urn:ietf:params:oauth:grant-type:device_code");
  });
});
