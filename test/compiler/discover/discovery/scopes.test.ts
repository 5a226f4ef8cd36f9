/**
 * A discovery-document unit with OAuth and no `auth.scopes` asks for the scopes its compiled methods
 * declare: written into the manifest's auth at compile time, asked for by `unitc auth login` against a
 * real oidc-provider, and matched by `auth status` and a call (the same config fingerprint). A unit
 * that lists `auth.scopes` keeps them.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../../../cli/index.js";
import { LOGIN_URL_PREFIX } from "../../../../runtime/auth/login.js";
import type { Manifest } from "../../../../runtime/contract/manifest.js";
import { captureIO } from "../../../support/capture-io.js";
import { runUnitc } from "../../../support/cli.js";
import { parsedManifest } from "../../../support/manifest.js";
import { driveLogin } from "../../../support/oauth-browser.js";
import { type OidcServer, startOidc } from "../../../support/oidc-server.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import { configText } from "../openapi/support.js";

const FIXTURES = join(import.meta.dirname, "../../../fixtures/discovery");
const TASKS = "https://tasks.example.test/auth/tasks";
const READONLY = "https://tasks.example.test/auth/tasks.readonly";

let oidc: OidcServer;

beforeAll(async () => {
  oidc = await startOidc({ apiScopes: [TASKS, READONLY] });
});
afterAll(async () => {
  await oidc.close();
  await cleanupProjects();
});

/** Compiles the Tasks document as unit `api` with `auth` (plus `entry`); the project folder and manifest. */
async function compileTasks(auth: Record<string, unknown>, entry: Record<string, unknown> = {}) {
  const dir = await writeProject({
    ".units/config.json": configText({
      vendorDiscoveryApis: {
        api: {
          name: "API",
          description: "Tasks.",
          discoveryPath: join(FIXTURES, "tasks.json"),
          baseUrl: `${oidc.apiUrl}/tasks/v1/`,
          auth: { type: "oauth2", issuer: oidc.issuer, clientId: "cli", ...auth },
          ...entry,
        },
      },
    }),
  });
  const args = ["compile", "--project", dir, "--out", join(dir, "out"), "--user-config", "none"];
  const compiled = await runUnitc(args, dir);
  expect(compiled.code, compiled.stderr).toBe(0);
  const manifest: Manifest = parsedManifest(await readFile(join(dir, "out/manifest.json"), "utf8"));
  return { dir, manifest, env: { XDG_DATA_HOME: join(dir, "data") } };
}

const authOf = (manifest: Manifest) =>
  (manifest.units[0]?.connection as { auth?: unknown } | undefined)?.auth;

describe("the scopes of a discovery-document unit without auth.scopes", () => {
  it("are the union of the scopes its compiled methods declare, in the manifest's auth", async () => {
    const all = await compileTasks({});
    expect(authOf(all.manifest)).toEqual({
      type: "oauth2",
      issuer: oidc.issuer,
      clientId: "cli",
      scopes: [TASKS, READONLY],
    });
    // Only the methods compiled count: insert declares the full scope alone.
    const insert = await compileTasks({}, { includeOperations: ["tasks.lists.tasks.insert"] });
    expect(authOf(insert.manifest)).toMatchObject({ scopes: [TASKS] });
  });

  it("are exactly what unitc auth login asks for; status and a call find the login", async () => {
    const { dir, env } = await compileTasks({});
    const captured = captureIO(dir, env, true);
    const { io, firstLine } = captured;
    const running = runCli(["auth", "login", "api", "--no-browser", "--manifest", "out/manifest.json"], io);
    const line = await firstLine;
    const login = new URL(line.slice(LOGIN_URL_PREFIX.length).trim());
    expect(login.searchParams.get("scope")?.split(" ")).toEqual([TASKS, READONLY]);
    await driveLogin(login.href);
    expect(await running, captured.stdout()).toBe(0);

    const status = await runUnitc(["auth", "status", "--json", "--manifest", "out/manifest.json"], dir, env);
    expect(JSON.parse(status.stdout)).toMatchObject({
      units: [{ unit: "api", state: "valid", scopes: [TASKS, READONLY] }],
    });
    const call = await runUnitc(
      [
        "call",
        "api.tasks.lists.get",
        "--input",
        '{"path":{"listId":"l1"}}',
        "--manifest",
        "out/manifest.json",
      ],
      dir,
      env,
    );
    expect(call.code, call.stderr).toBe(0);
    expect(JSON.parse(call.stdout)).toEqual({ ok: true, path: "/tasks/v1/lists/l1" });
  });
});

describe("a discovery-document unit with auth.scopes", () => {
  it("keeps the scopes it lists", async () => {
    const { manifest } = await compileTasks({ scopes: [READONLY] });
    expect(authOf(manifest)).toMatchObject({ scopes: [READONLY] });
  });
});
