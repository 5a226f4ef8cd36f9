/**
 * Telemetry's off switches as a person sets them: `DO_NOT_TRACK` with any value but `0` or `false`
 * (the convention says "any value"), and `telemetry: false` in the user config a command was pointed
 * at with `--user-config`. The built CLI as a child process, an endpoint on 127.0.0.1 that records
 * what it receives.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BUILT_CLI, REPO } from "../support/built-cli.js";
import { startHttpServer, type TestServer } from "../support/http-server.js";

let endpoint: TestServer;
let home: string;

beforeAll(async () => {
  endpoint = await startHttpServer((_request, res) => res.end());
});
afterAll(async () => {
  await endpoint.close();
});
beforeEach(async () => {
  endpoint.requests.length = 0;
  home = await mkdtemp(join(tmpdir(), "unitc-telemetry-off-"));
  return () => rm(home, { recursive: true, force: true });
});

function unitc(args: string[], extra: Record<string, string> = {}) {
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: home,
    XDG_STATE_HOME: join(home, "state"),
    XDG_CONFIG_HOME: join(home, "config"),
    UNITC_TELEMETRY_ENDPOINT: `${endpoint.url}/events`,
    // The send's 300 ms bound, widened: on a loaded machine a send that is on did not arrive in time.
    UNITC_TELEMETRY_SEND_BOUND_MS: "30000",
    ...extra,
  };
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(process.execPath, [BUILT_CLI, ...args], { env, cwd: REPO }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

const LIST = ["list", "--manifest", "generated/basic/manifest.json"];

describe("telemetry off switches", () => {
  it.each(["1", "true", "yes", "TRUE"])("DO_NOT_TRACK=%s sends nothing", async (value) => {
    const run = await unitc(LIST, { DO_NOT_TRACK: value });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(endpoint.requests).toEqual([]);
    expect((await unitc(["telemetry", "status"], { DO_NOT_TRACK: value })).stdout).toContain(
      `telemetry: off (DO_NOT_TRACK=${value})`,
    );
  });

  it.each(["0", "false", ""])("DO_NOT_TRACK=%j leaves it on", async (value) => {
    await unitc(LIST, { DO_NOT_TRACK: value });
    expect(endpoint.requests).toHaveLength(1);
  });

  it("telemetry: false in the --user-config file sends nothing", async () => {
    const config = join(home, "my-config.json");
    await writeFile(config, JSON.stringify({ version: 1, telemetry: false }));
    const run = await unitc(["validate", "--project", "examples/basic", "--user-config", config]);
    expect(run.stderr).not.toContain("sending anonymous usage counts");
    const equals = await unitc(["validate", "--project", "examples/basic", `--user-config=${config}`]);
    expect(equals.stderr).not.toContain("sending anonymous usage counts");
    expect(endpoint.requests).toEqual([]);
    // The same command without it reports.
    await unitc(["validate", "--project", "examples/basic", "--user-config", "none"]);
    expect(endpoint.requests).toHaveLength(1);
  });
});
