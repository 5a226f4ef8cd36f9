/**
 * `unitc serve`: settings from flags, environment and the user config; the generated token (mode
 * 0600, its path shown once); startup errors on stderr with exit 1; and on stdio, a stdout that carries
 * nothing but JSON-RPC (checked on the built CLI in a child process).
 */
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeProject } from "../../support/project.js";
import { REPO as repo, runServe } from "../../support/serve-cli.js";
import { suiteTrust } from "../../support/trust-env.js";
import { exposureProject } from "./fixtures.js";
import { closeAll, compileProject, connect, structured } from "./support.js";

let manifestPath: string;

beforeAll(async () => {
  manifestPath = await compileProject(exposureProject("http://127.0.0.1:9/api"));
});
afterAll(closeAll);

describe("unitc serve --transport http", () => {
  it("generates a token once into remoteStatePath (mode 0600), binds 127.0.0.1, and reuses the token", async () => {
    const dir = await writeProject({
      "user/config.json": JSON.stringify({ serve: { remoteStatePath: "../state", port: 0 } }),
    });
    const argv = [
      "--transport",
      "http",
      "--manifest",
      manifestPath,
      "--user-config",
      join(dir, "user/config.json"),
    ];
    const first = runServe(argv);
    const url = await first.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(first.stderr()).toContain(
      `generated a bearer token for HTTP clients in ${join(dir, "state/serve-token")}`,
    );
    const token = readFileSync(join(dir, "state/serve-token"), "utf8").trim();
    expect(first.stderr()).not.toContain(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(join(dir, "state/serve-token")).mode & 0o777).toBe(0o600);
    expect((await (await connect(url, token)).listTools()).tools.length).toBe(6);
    expect(await first.stop()).toBe(0);
    expect(first.stdout()).toBe("");

    const second = runServe(argv);
    const again = await second.url;
    expect(second.stderr()).not.toContain(token);
    expect((await (await connect(again, token)).listTools()).tools.length).toBe(6);
    expect(await second.stop()).toBe(0);
  });

  it("takes the user config's serve defaults, overridden by environment and flags", async () => {
    const dir = await writeProject({
      "config.json": JSON.stringify({ serve: { path: "/units", port: 0, allowUnauthenticatedHttp: true } }),
    });
    const base = [
      "--transport",
      "http",
      "--manifest",
      manifestPath,
      "--user-config",
      join(dir, "config.json"),
    ];
    const fromConfig = runServe(base);
    expect(await fromConfig.url).toMatch(/\/units$/);
    expect(fromConfig.stderr()).toContain("(no authentication)");
    await fromConfig.stop();
    const fromEnv = runServe(base, { UNITC_SERVE_PATH: "/env" });
    expect(await fromEnv.url).toMatch(/\/env$/);
    await fromEnv.stop();
    const fromFlag = runServe([...base, "--path", "/flag"], { UNITC_SERVE_PATH: "/env" });
    expect(await fromFlag.url).toMatch(/\/flag$/);
    const client = await connect(await fromFlag.url, undefined);
    const hits = structured(
      await client.callTool({ name: "search_tools", arguments: { query: "echo text" } }),
    );
    expect((hits.hits as unknown[]).length).toBeGreaterThan(0);
    await fromFlag.stop();
  });

  it("takes the token from an env reference and refuses a literal or a short one", async () => {
    const env = { UNITC_SERVE_TOKEN: "token-from-the-environment-123" };
    const running = runServe(
      ["--transport", "http", "--port", "0", "--manifest", manifestPath, "--user-config", "none"],
      env,
    );
    expect(running.stderr()).not.toContain(env.UNITC_SERVE_TOKEN);
    expect((await (await connect(await running.url, env.UNITC_SERVE_TOKEN)).listTools()).tools.length).toBe(
      6,
    );
    await running.stop();
    const literal = runServe([
      "--transport",
      "http",
      "--port",
      "0",
      "--manifest",
      manifestPath,
      "--token",
      "hunter2-hunter2-hunter2",
    ]);
    expect(await literal.stop()).toBe(2);
    expect(literal.stderr()).toMatch(
      /^unitc serve: TOKEN_NOT_A_REFERENCE the serve token must be given as a reference/m,
    );
    expect(literal.stderr()).not.toContain("hunter2");
    const base = ["--transport", "http", "--manifest", manifestPath, "--user-config", "none"];
    const short = runServe([...base, "--port", "0", "--token", "env:SHORT_TOKEN"], { SHORT_TOKEN: "abc" });
    expect(await short.stop()).not.toBe(0);
    expect(short.stderr()).toMatch(/^unitc serve: TOKEN_TOO_SHORT the serve token from env:SHORT_TOKEN/m);
  });

  it("says LISTEN_FAILED when its port is taken", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const { port } = taken.address() as AddressInfo;
    const argv = ["--transport", "http", "--host", "127.0.0.1", "--port", String(port)];
    const running = runServe([...argv, "--manifest", manifestPath, "--user-config", "none"], {
      UNITC_SERVE_TOKEN: "token-from-the-environment-123",
    });
    expect(await running.stop()).not.toBe(0);
    taken.close();
    expect(running.stderr()).toMatch(
      new RegExp(`^unitc serve: LISTEN_FAILED cannot listen on 127\\.0\\.0\\.1:${port}`, "m"),
    );
    expect(running.stderr()).toContain("hint: pick another --port");
  });

  it("fails with a hint when the manifest, a flag or the user config is wrong", async () => {
    const missing = runServe(["--manifest", "nope/manifest.json", "--user-config", "none"]);
    expect(await missing.stop()).toBe(1);
    expect(missing.stderr()).toMatch(
      /^unitc serve: MANIFEST_INVALID cannot read manifest .*nope\/manifest\.json/,
    );
    expect(missing.stderr()).toContain("hint: run unitc compile to produce it");
    expect(missing.stdout()).toBe("");
    const upstream = runServe([
      "--manifest",
      manifestPath,
      "--user-config",
      "none",
      "--upstream-url",
      "ftp://x",
    ]);
    expect(await upstream.stop()).toBe(2);
    expect(upstream.stderr()).toMatch(
      /^unitc serve: BAD_UPSTREAM_URL upstream URL "ftp:\/\/x" is not an http\(s\) URL/,
    );
    const dir = await writeProject({ "config.json": JSON.stringify({ serve: { port: "seven" } }) });
    const bad = runServe(["--manifest", manifestPath, "--user-config", join(dir, "config.json")]);
    expect(await bad.stop()).toBe(1);
    expect(bad.stderr()).toMatch(/config\.json:1:\d+ error .*port/);
    expect(bad.stdout()).toBe("");
  });
});

describe("unitc serve flag values", () => {
  const cases: [string, string[], Record<string, string>, number, RegExp][] = [
    ["a port out of range", ["--port", "99999"], {}, 2, /BAD_PORT port "99999" is not a port/],
    ["a transport that does not exist", ["--transport", "pigeon"], {}, 2, /BAD_TRANSPORT/],
    ["a path without a slash", ["--transport", "http", "--path", "mcp"], {}, 2, /BAD_PATH/],
    [
      "an OAuth issuer over plain http off loopback",
      ["--transport", "http", "--oauth-issuer", "http://idp.example"],
      {},
      2,
      /BAD_OAUTH_URL the OAuth issuer must use https/,
    ],
    ["the same port from the environment", [], { UNITC_SERVE_PORT: "99999" }, 1, /BAD_PORT/],
    [
      "an OAuth issuer on stdio, which has no HTTP to protect",
      ["--transport", "stdio", "--oauth-issuer", "https://idp.example"],
      {},
      2,
      /OAUTH_NEEDS_HTTP --oauth-issuer protects the HTTP endpoint/,
    ],
    [
      "--published without a configured storage",
      ["--transport", "http", "--port", "0", "--published"],
      {},
      1,
      /PUBLISHED_NEEDS_STORAGE .*no `storage`[\s\S]*set `storage` in the user config/,
    ],
  ];
  it.each(cases)("%s gets its exit code and message", async (_name, flags, env, code, message) => {
    const run = runServe(["--manifest", manifestPath, "--user-config", "none", ...flags], env);
    expect(await run.stop()).toBe(code);
    expect(run.stderr()).toMatch(message);
    expect(run.stdout()).toBe("");
  });
});

describe("unitc serve (stdio, built CLI)", () => {
  it("writes nothing but JSON-RPC lines to stdout, logs to stderr", async () => {
    const child = spawn(
      process.execPath,
      [join(repo, "dist/cli/main.cjs"), "serve", "--manifest", manifestPath, "--user-config", "none"],
      {
        env: { PATH: process.env.PATH, ...suiteTrust() },
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    let stdout = "";
    let stderr = "";
    // Stdin closes once all three replies are in (or the server has ended), never after a fixed wait.
    const answered = new Promise<void>((resolve) => {
      child.stdout.on("data", (d: Buffer) => {
        stdout += d.toString();
        if (['"id":1', '"id":2', '"id":3'].every((id) => stdout.includes(id))) resolve();
      });
      void exited.then(() => resolve());
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "shell__echo", arguments: { text: "hi" } },
    });
    send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "missing", arguments: {} } });
    await answered;
    child.stdin.end();
    const code = await exited;
    const lines = stdout.split("\n").filter((l) => l !== "");
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: "2.0" });
    const byId = new Map(lines.map((l) => JSON.parse(l)).map((m) => [m.id, m]));
    expect([...byId.keys()].sort()).toEqual([1, 2, 3]);
    expect(byId.get(2).result.content[0].text).toBe("hi\n");
    expect(byId.get(3).error.code).toBe(-32602);
    expect(stderr).toContain("unitc serve: serving 5 units on stdio");
    expect(code).toBe(0);
  });

  it("ends when its client closes stdin, after a Code Mode run too", async () => {
    const child = spawn(
      process.execPath,
      [join(repo, "dist/cli/main.cjs"), "serve", "--manifest", manifestPath, "--user-config", "none"],
      { env: { PATH: process.env.PATH, ...suiteTrust() }, stdio: ["pipe", "pipe", "ignore"] },
    );
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    let stdout = "";
    const answered = new Promise<void>((resolve) => {
      child.stdout.on("data", (d: Buffer) => {
        stdout += d.toString();
        if (stdout.includes('"id":2')) resolve();
      });
    });
    const send = (message: unknown) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "code_mode", arguments: { code: "return await units.cm.stamp({})" } },
    });
    await answered;
    expect(stdout).toContain('"ok":true');
    child.stdin.end();
    // The sandbox's idle workers must not keep the process alive.
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    expect(await exited).toBe(0);
    clearTimeout(timer);
  });

  it("serves from one bundled file whose code cache the Node that built it accepts", () => {
    const file = join(repo, "dist/cli/serve.cjs");
    // The executable falls back to compiling serve.cjs from source when V8 rejects the cache: that
    // would still serve, only slower, so it is checked here, with scripts/bin.mjs's wrapper. The
    // build runs on the project's pinned Node; another major (CI's second pass) must reject it,
    // and the stdio tests above show that serve still works then.
    const accepted = execFileSync(
      process.execPath,
      [
        "-e",
        `const fs = require("node:fs"), vm = require("node:vm");
const source = fs.readFileSync(process.argv[1], "utf8");
const wrapped = \`(function (exports, require, module, __filename, __dirname) {"use strict";\${source}\\n})\`;
const script = new vm.Script(wrapped, { filename: process.argv[1], cachedData: fs.readFileSync(process.argv[1] + ".cache") });
process.stdout.write(String(!script.cachedDataRejected));`,
        file,
      ],
      { encoding: "utf8" },
    );
    const builtWith = `v${(JSON.parse(readFileSync(join(repo, "node_modules/node/package.json"), "utf8")) as { version: string }).version}`;
    expect(accepted).toBe(String(process.version === builtWith));
  });

  it("keeps stdout empty when it cannot start", () => {
    const run = () =>
      execFileSync(
        process.execPath,
        [join(repo, "dist/cli/main.cjs"), "serve", "--manifest", "missing.json", "--user-config", "none"],
        {
          stdio: "pipe",
        },
      );
    try {
      run();
      expect.unreachable("serve must fail");
    } catch (error) {
      const failed = error as { status: number; stdout: Buffer; stderr: Buffer };
      expect(failed.status).toBe(1);
      expect(failed.stdout.toString()).toBe("");
      expect(failed.stderr.toString()).toMatch(/MANIFEST_INVALID/);
    }
  });
});
