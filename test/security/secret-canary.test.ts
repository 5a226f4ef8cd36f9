/**
 * A secret configured through `env:` never shows up in what unitc writes or prints at
 * build time, nor in results and errors at run time. Each secret is a unique canary; every output
 * channel is searched for it, across success and failure paths. Secrets a downstream puts into its
 * own metadata are covered in metadata-secrets.test.ts, secrets cut by an output cap in
 * cut-secret.test.ts.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRuntime, isUnitError, type UnitError, type UnitRuntime } from "../../runtime/index.js";
import { runUnitc } from "../support/cli.js";
import { sendJson, startHttpServer, type TestServer } from "../support/http-server.js";
import { cleanupProjects, writeProject } from "../support/project.js";

const nonce = `${process.pid}${Date.now().toString(36)}`;
const CANARIES = {
  UNITC_CANARY: `canary-bearer-${nonce}-a7f3`,
  UNITC_CANARY2: `canary-header-${nonce}-52e1`,
  UNITC_CANARY3: `canary-cli-${nonce}-9b0c`,
};
const VALUES = Object.values(CANARIES);

/** Fails naming the channel when `text` holds any canary. */
function expectNoCanary(channel: string, text: string): void {
  for (const value of VALUES) expect(text.includes(value), `${channel} leaks ${value}`).toBe(false);
}

/** Every field of a thrown error a caller or a log could show. */
function errorChannels(error: unknown): Record<string, string> {
  const unit = error as UnitError;
  return {
    message: unit.message,
    details: JSON.stringify(unit.details),
    excerpt: unit.details?.excerpt ?? "",
    string: String(error),
    stack: unit.stack ?? "",
  };
}

async function failure(call: Promise<unknown>): Promise<UnitError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(isUnitError(error), `expected a UnitError, got ${String(error)}`).toBe(true);
  return error as UnitError;
}

// Node prints $TOKEN (and a JSON copy) to stdout or stderr, then exits with the code given.
const PRINT_TOKEN =
  "const t = process.env.TOKEN; const out = process.argv[1] === 'err' ? process.stderr : process.stdout;" +
  " out.write(process.argv[2] === 'json' ? JSON.stringify({ [t]: t, list: [t] }) : 'token=' + t + '\\n');" +
  " process.exitCode = Number(process.argv[3]);";

function project(baseUrl: string): Promise<string> {
  const config = {
    version: 1,
    httpApis: {
      bearer: {
        name: "Bearer API",
        description: "Echoes the Authorization header.",
        baseUrl,
        auth: { type: "bearer", token: "env:UNITC_CANARY" },
        actions: {
          ok: { method: "GET", path: "/ok", description: "Echo in a 200 JSON body." },
          text: { method: "GET", path: "/text", description: "Echo in a 200 text body." },
          fail: { method: "GET", path: "/fail", description: "Echo in a 500 body." },
          badjson: { method: "GET", path: "/badjson", description: "Echo in a body that is not JSON." },
        },
      },
      keyed: {
        name: "Keyed API",
        description: "Echoes the X-Api-Key header.",
        baseUrl,
        auth: { type: "headers", headers: { "X-Api-Key": "${UNITC_CANARY2}" } },
        actions: {
          ok: { method: "GET", path: "/ok", description: "Echo in a 200 JSON body." },
          fail: { method: "GET", path: "/fail", description: "Echo in a 500 body." },
        },
      },
    },
  };
  // `print` is how the script prints (text or json), `output` how the action reads stdout.
  const action = (stream: string, print: string, output: string, code: number) =>
    `      command: ${JSON.stringify(process.execPath)}\n` +
    `      args: ["-e", ${JSON.stringify(PRINT_TOKEN)}, "${stream}", "${print}", "${code}"]\n` +
    `      output: { type: ${output} }\n` +
    "      env:\n        TOKEN: env:UNITC_CANARY3\n";
  const tools = [
    "---",
    "name: Token tools",
    "description: Commands that see a secret.",
    "cliTools:",
    "  actions:",
    "    fail:",
    "      description: Print the token to stderr and exit 1.",
    action("err", "text", "text", 1),
    "    show:",
    "      description: Print the token to stdout.",
    action("out", "text", "text", 0),
    "    json:",
    "      description: Print the token inside JSON.",
    action("out", "json", "json", 0),
    "    badjson:",
    "      description: Print the token as text where JSON is expected.",
    action("out", "text", "json", 0),
    "---",
    "# Token tools",
    "",
  ].join("\n");
  return writeProject({ ".units/config.json": JSON.stringify(config, null, 2), ".units/tools.md": tools });
}

async function writtenFiles(dir: string): Promise<Array<[string, string]>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return Promise.all(files.map(async (file) => [file, await readFile(file, "utf8")] as [string, string]));
}

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startHttpServer((request, res) => {
    const echo = `${request.headers.authorization ?? ""} ${request.headers["x-api-key"] ?? ""}`.trim();
    if (request.path === "/fail") res.writeHead(500, { "content-type": "text/plain" }).end(`denied: ${echo}`);
    else if (request.path === "/badjson")
      res.writeHead(200, { "content-type": "application/json" }).end(`{"echo": ${echo}`);
    else if (request.path === "/text")
      res.writeHead(200, { "content-type": "text/plain" }).end(`you sent ${echo}`);
    else sendJson(res, 200, { echo, [echo]: [echo], nested: { header: echo } });
  });
  dir = await project(server.url);
});
afterAll(async () => {
  await server.close();
  await cleanupProjects();
});

describe("build time", () => {
  it("writes and prints no canary: compile --bundle, a second run and --check", async () => {
    const env = { PATH: process.env.PATH, ...CANARIES };
    const argv = [
      "compile",
      "--project",
      dir,
      "--out",
      join(dir, "out"),
      "--user-config",
      "none",
      "--bundle",
    ];
    const runs = [await runUnitc(argv, dir, env), await runUnitc(argv, dir, env)];
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    const files = await writtenFiles(join(dir, "out"));
    expect(files.map(([file]) => file)).toContain(join(dir, "out/bundle/index.js"));
    for (const [file, text] of files) expectNoCanary(file, text);
    // The references themselves are kept: that is what the runtime resolves.
    const manifest = files.find(([file]) => file.endsWith("out/manifest.json"))?.[1] ?? "";
    expect(manifest).toMatch(/"token":\s*"env:UNITC_CANARY"/);
    expect(manifest).toContain("${UNITC_CANARY2}");
    expect(manifest).toMatch(/"TOKEN":\s*"env:UNITC_CANARY3"/);
    const check = await runUnitc([...argv, "--check"], dir, env);
    expect(check.code).toBe(0);
    for (const run of [...runs, check]) {
      expectNoCanary("stdout", run.stdout);
      expectNoCanary("stderr", run.stderr);
    }
  });

  it("reports a literal secret in a unit's config without repeating it", async () => {
    const literal = `literal-${nonce}-secret-e4d2`;
    const api = (auth: unknown) => ({
      name: "Leaky",
      description: "Holds literal secrets.",
      baseUrl: server.url,
      auth,
      actions: { ok: { method: "GET", path: "/ok", description: "Echo." } },
    });
    const config = {
      version: 1,
      httpApis: {
        bearer: api({ type: "bearer", token: literal }),
        keyed: api({ type: "headers", headers: { "X-Api-Key": `Key ${literal}` } }),
      },
    };
    const leaky = await writeProject({ ".units/config.json": JSON.stringify(config, null, 2) });
    const run = await runUnitc(["compile", "--project", leaky, "--user-config", "none"], leaky, {});
    expect(run.code).toBe(1);
    expect(run.stdout.match(/error LITERAL_SECRET/g)).toHaveLength(2);
    expect(run.stdout + run.stderr).not.toContain(literal);
  });
});

describe("run time", () => {
  let runtime: UnitRuntime;
  beforeAll(async () => {
    const argv = ["compile", "--project", dir, "--out", join(dir, "out"), "--user-config", "none"];
    expect((await runUnitc(argv, dir, { PATH: process.env.PATH })).code).toBe(0);
    runtime = createRuntime({
      manifestPath: join(dir, "out/manifest.json"),
      env: { PATH: process.env.PATH, ...CANARIES },
    });
  });

  it.each([
    ["bearer", "fail", "HTTP_STATUS"],
    ["keyed", "fail", "HTTP_STATUS"],
    ["tools", "fail", "CLI_EXIT"],
    ["bearer", "badjson", "OUTPUT_INVALID"],
    ["tools", "badjson", "OUTPUT_INVALID"],
  ])(
    "%s.%s fails with %s and no canary in message, details, excerpt or String(error)",
    async (unit, op, code) => {
      const error = await failure(runtime.call(unit, op));
      expect(error.code).toBe(code);
      expect(error.details.excerpt).toContain("[redacted]");
      for (const [channel, text] of Object.entries(errorChannels(error))) expectNoCanary(channel, text);
    },
  );

  it("the server really saw the secrets: the test would catch a leak", () => {
    const seen = server.requests.map((r) => `${r.headers.authorization} ${r.headers["x-api-key"]}`).join(" ");
    expect(seen).toContain(`Bearer ${CANARIES.UNITC_CANARY}`);
    expect(seen).toContain(CANARIES.UNITC_CANARY2);
  });

  it.each([
    ["bearer", "ok"],
    ["bearer", "text"],
    ["keyed", "ok"],
    ["tools", "show"],
    ["tools", "json"],
  ])("%s.%s returns a result with every canary redacted", async (unit, op) => {
    const result = await runtime.invoke(unit, op);
    const text = JSON.stringify(result.value);
    expectNoCanary(`${unit}.${op} result`, text);
    expect(text).toContain("[redacted]");
  });

  it.each([
    ["bearer", "ok", "UNITC_CANARY"],
    ["keyed", "ok", "UNITC_CANARY2"],
    ["tools", "show", "UNITC_CANARY3"],
  ])("%s.%s without %s set fails with MISSING_ENV naming it and no value", async (unit, op, variable) => {
    const env: Record<string, string | undefined> = { PATH: process.env.PATH, ...CANARIES };
    delete env[variable];
    const missing = createRuntime({ manifestPath: join(dir, "out/manifest.json"), env });
    const before = server.requests.length;
    const error = await failure(missing.call(unit, op));
    expect(error.code).toBe("MISSING_ENV");
    expect(error.message).toMatch(new RegExp(`\\b${variable}\\b`));
    for (const [channel, text] of Object.entries(errorChannels(error))) expectNoCanary(channel, text);
    expect(server.requests.length).toBe(before);
  });
});
