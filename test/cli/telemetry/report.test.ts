/**
 * Telemetry end to end: the built CLI as a child process, an endpoint on 127.0.0.1 (a free port).
 * The endpoint receives exactly what `unitc telemetry preview` shows, and nothing when any off
 * switch is set.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BUILT_CLI, REPO } from "../../support/built-cli.js";

let server: Server;
let received: unknown[];
let endpoint: string;
let home: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push(JSON.parse(body));
      res.end();
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
});
beforeEach(async () => {
  received = [];
  home = await mkdtemp(join(tmpdir(), "unitc-telemetry-"));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

function unitc(args: string[], extra: Record<string, string> = {}) {
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: home,
    XDG_STATE_HOME: join(home, "state"),
    XDG_CONFIG_HOME: join(home, "config"),
    UNITC_TELEMETRY_ENDPOINT: endpoint,
    // Long enough for the send to reach this test's endpoint on a loaded machine; the test of a
    // silent endpoint sets the real bound back.
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

describe("telemetry", () => {
  it("sends exactly the events preview shows: counts only, and a notice the first time", async () => {
    const first = await unitc(LIST);
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(
      /^unitc: sending anonymous usage counts to http:\/\/127\.0\.0\.1:\d+\/events/,
    );
    const preview = JSON.parse((await unitc(["telemetry", "preview"])).stdout) as unknown[];
    expect(received).toEqual([{ events: preview }]);
    expect(preview).toEqual([
      {
        installId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        command: "list",
        outcome: "ok",
        duration: expect.stringMatching(/^[<>]/),
        units: 4,
        unitKinds: { cli: 1, http: 3 },
        exposureModes: ["code_mode"],
        node: Number(process.versions.node.split(".")[0]),
        os: process.platform,
      },
    ]);
    expect(JSON.stringify(preview)).not.toContain("generated/basic");
    const second = await unitc(["explain", "NOPE"]);
    expect(second.stderr).not.toContain("sending anonymous usage counts");
    expect(received).toHaveLength(2);
    expect(
      (received[1] as { events: Array<{ installId: string; outcome: string }> }).events[0],
    ).toMatchObject({
      installId: (preview[0] as { installId: string }).installId,
      command: "explain",
    });
  });

  it("shows the notice once per CI run", async () => {
    expect((await unitc(LIST, { CI: "true", GITHUB_RUN_ID: "1" })).stderr).toContain("sending anonymous");
    expect((await unitc(LIST, { CI: "true", GITHUB_RUN_ID: "1" })).stderr).toBe("");
    expect((await unitc(LIST, { CI: "true", GITHUB_RUN_ID: "2" })).stderr).toContain("sending anonymous");
  });

  it.each([
    ["DO_NOT_TRACK=1", { DO_NOT_TRACK: "1" }],
    ["UNITC_TELEMETRY=0", { UNITC_TELEMETRY: "0" }],
    ["UNITC_TELEMETRY=false", { UNITC_TELEMETRY: "false" }],
    ["UNITC_TELEMETRY=off", { UNITC_TELEMETRY: "OFF" }],
  ])("sends nothing with %s", async (_name, env) => {
    const run = await unitc(LIST, env);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(received).toEqual([]);
    expect((await unitc(["telemetry", "status"], env)).stdout).toContain("telemetry: off");
  });

  it("sends nothing with telemetry: false in the user config, or after telemetry disable", async () => {
    await mkdir(join(home, "config/unitc"), { recursive: true });
    await writeFile(join(home, "config/unitc/config.json"), JSON.stringify({ telemetry: false }));
    await unitc(LIST);
    expect(received).toEqual([]);
    expect((await unitc(["telemetry", "status"])).stdout).toContain("telemetry: off (telemetry: false in");
    await rm(join(home, "config"), { recursive: true });
    expect((await unitc(["telemetry", "disable"])).stdout).toBe("telemetry disabled\n");
    await unitc(LIST);
    expect(received).toEqual([]);
    await unitc(["telemetry", "enable"]);
    await unitc(LIST);
    expect(received).toHaveLength(1);
  });

  it("sends nothing without an endpoint, and a dead endpoint neither fails nor stalls a command", async () => {
    const none = await unitc(LIST, { UNITC_TELEMETRY_ENDPOINT: "" });
    expect(none).toMatchObject({ code: 0, stderr: "" });
    expect(
      JSON.parse((await unitc(["telemetry", "preview"], { UNITC_TELEMETRY_ENDPOINT: "" })).stdout),
    ).toEqual([]);
    // A port that accepts and never answers: the send is cut at its bound.
    const silent = createServer(() => {});
    await new Promise<void>((done) => silent.listen(0, "127.0.0.1", done));
    // A send left to hang on the silent port would hold the command past this test's time limit.
    const run = await unitc(LIST, {
      UNITC_TELEMETRY_ENDPOINT: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`,
      UNITC_TELEMETRY_SEND_BOUND_MS: "",
    });
    expect(run.code).toBe(0);
    silent.closeAllConnections();
    await new Promise((done) => silent.close(done));
  });
});
