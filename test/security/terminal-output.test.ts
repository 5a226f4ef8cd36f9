/**
 * What reaches a terminal: an OpenAPI spec served on 127.0.0.1 whose descriptions hold an OSC 52
 * clipboard write, `ESC[8m` (concealed text), a C1 CSI (U+009B), DEL, a carriage return and a bidi
 * override; a setup label made to hide its command; a device-flow user code with an escape in it.
 * `inspect`, `search`, `list`, `validate` and completion (in-process and the built executable's quick
 * path) print none of those characters raw, and the text is still there, escaped; JSON output stays
 * valid JSON meaning the same. The CLI in-process and the built CLI as a real process.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_CODE_PREFIX } from "../../runtime/auth/device.js";
import { terminalText } from "../../runtime/shared/terminal-text.js";
import { isolatedEnv, runBuilt } from "../cli/setup-support.js";
import { BUILT_CLI } from "../support/built-cli.js";
import { runUnitc } from "../support/cli.js";
import { sendJson, startHttpServer, type TestServer } from "../support/http-server.js";
import { httpLoginUnit, writeLoginManifest } from "../support/login-manifest.js";
import { cleanupProjects, writeProject } from "../support/project.js";

const OSC52 = "\x1b]52;c;ZXZpbA==\x07";
const CONCEAL = "\x1b[8m";
const CSI = "\x9b";
const POISON = `Lists pets.${OSC52} Then ${CONCEAL}hidden${CSI}31m red\x7f\r over\u202Edrow`;

/** Any character a terminal would act on, bar tab and line feed, or draw as nothing. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]|\p{Default_Ignorable_Code_Point}/u;

function expectNoRaw(channel: string, text: string): void {
  expect(RAW.exec(text)?.[0], `${channel} holds a raw control character`).toBeUndefined();
}

/** The poisoned text as printed: each character as its visible escape. */
const ESCAPED = [
  "\\u001b]52;c;ZXZpbA==\\u0007",
  // The bidi override is removed by the compiler, as from the served catalogue.
  "\\u001b[8mhidden\\u009b31m red\\u007f\\u000d overdrow",
];

function expectEscaped(channel: string, text: string): void {
  for (const part of ESCAPED) expect(text, channel).toContain(part);
}

const SPEC = {
  openapi: "3.1.0",
  info: { title: "Pets", version: "1" },
  paths: {
    "/pets": {
      get: {
        operationId: "listPets",
        summary: POISON,
        description: POISON,
        responses: { "200": { description: "ok" } },
      },
    },
  },
};

let spec: TestServer;
let dir: string;

beforeAll(async () => {
  spec = await startHttpServer((_request, res) => sendJson(res, 200, SPEC));
  dir = await writeProject({
    ".units/config.json": JSON.stringify({
      version: 1,
      openapiEndpoints: {
        pets: {
          name: `Pets${CONCEAL}${CSI}`,
          description: `A pets API.${CONCEAL}${CSI}`,
          specUrl: `${spec.url}/spec.json`,
          baseUrl: "http://127.0.0.1:9/api",
          auth: { type: "none" },
          exposure: "direct_and_code_mode",
        },
      },
    }),
  });
  const compiled = await runUnitc(["compile", "--user-config", "none"], dir, { PATH: process.env.PATH });
  expect(compiled.code, compiled.stdout + compiled.stderr).toBe(0);
}, 120_000);

afterAll(async () => {
  await spec.close();
  await cleanupProjects();
});

describe("downstream text on the terminal", () => {
  it("inspect prints the description escaped, no raw control character", async () => {
    const run = await runUnitc(["inspect", "pets.listPets"], dir);
    expect(run.code, run.stderr).toBe(0);
    expectNoRaw("inspect", run.stdout + run.stderr);
    expectEscaped("inspect", run.stdout);
  });

  it("search and list print it escaped; their JSON stays valid and means the same", async () => {
    const search = await runUnitc(["search", "pets"], dir);
    expect(search.code, search.stderr).toBe(0);
    expectNoRaw("search", search.stdout + search.stderr);
    expect(search.stdout).toContain("\\u001b]52;c;");
    const list = await runUnitc(["list"], dir);
    expect(list.code, list.stderr).toBe(0);
    expectNoRaw("list", list.stdout + list.stderr);
    expect(list.stdout).toContain("Pets\\u001b[8m\\u009b");
    const json = await runUnitc(["search", "pets", "--json"], dir);
    expectNoRaw("search --json", json.stdout);
    const [hit] = JSON.parse(json.stdout) as Array<{ description: string }>;
    expect(hit?.description).toContain(`Lists pets.${OSC52} Then ${CONCEAL}hidden${CSI}31m red\x7f`);
  });

  it("leaves JSON valid and meaning the same, and byte for byte so when it holds no such character", () => {
    const value = { text: POISON, tag: "\u{E0041}", plain: ["é", "tab\there", 'quote " and \\'] };
    expect(JSON.parse(terminalText(JSON.stringify(value)))).toEqual(value);
    const plain = JSON.stringify({ plain: value.plain, escaped: "\x1b[31m" }, null, 2);
    expect(terminalText(plain)).toBe(plain);
  });

  it("completion candidates come escaped, in-process and from the built executable", async () => {
    const inProcess = await runUnitc(["__complete", "--", "inspect", "pets."], dir);
    expect(inProcess.code).toBe(0);
    expect(inProcess.stdout).toContain("pets.listPets");
    expectNoRaw("completion", inProcess.stdout.replaceAll("\t", " "));
    expect(inProcess.stdout).toContain("\\u001b]52;c;");
    const built = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        [BUILT_CLI, "__complete", "--", "inspect", "pets."],
        { cwd: dir, env: { PATH: process.env.PATH, XDG_CACHE_HOME: join(dir, ".cache") } },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      ),
    );
    expect(built).toContain("pets.listPets");
    expectNoRaw("built completion", built.replaceAll("\t", " "));
    expect(built).toContain("\\u001b]52;c;");
  });
});

describe("unitc's own colour", () => {
  it("still colours diagnostics, with the source line they quote escaped", async () => {
    const project = await writeProject({
      ".units/notes.md": `---\nname: Notes\ndescription: A notes tool.\nbogus: "x${OSC52}y"\n---\n`,
    });
    const run = await runUnitc(["validate", "--user-config", "none"], project, { FORCE_COLOR: "1" });
    expect(run.stdout, run.stderr).toContain("bogus");
    expect(run.stdout).toContain("\x1b[2m");
    expect(run.stdout).not.toContain(OSC52);
    expect(run.stdout).toContain("x\\u001b]52;c;ZXZpbA==\\u0007y");
  });
});

describe("setup plans on the terminal", () => {
  it("prints a label quoted and escaped, so it cannot hide the command --yes approves", async () => {
    const project = await writeProject({
      ".units/notes.md": `---
name: Notes
description: A notes tool.
cliTools:
  actions:
    hello: { command: echo, args: [hi] }
setup:
  commands:
    - label: "Make a folder\\e[8m"
      command: rm
      args: ["-rf", "made"]
---
`,
    });
    const env = await isolatedEnv(project);
    const dry = await runBuilt(["setup", "notes", "--dry-run"], project, env);
    expect(dry.code, dry.stderr).toBe(0);
    expectNoRaw("setup plan", dry.stdout + dry.stderr);
    expect(dry.stdout).toContain('1. [commands] "Make a folder\\u001b[8m": rm -rf made');
  });
});

describe("a device-flow user code on the terminal", () => {
  it("prints the code escaped", async () => {
    const issuer = await startHttpServer((request, res) => {
      const base = issuer.url;
      if (request.path.startsWith("/.well-known/")) {
        return sendJson(res, 200, {
          issuer: base,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          device_authorization_endpoint: `${base}/device`,
          code_challenge_methods_supported: ["S256"],
        });
      }
      if (request.path === "/device") {
        return sendJson(res, 200, {
          device_code: "dc",
          user_code: `AB${OSC52}CD`,
          verification_uri: `${base}/verify`,
          expires_in: 60,
          interval: 1,
        });
      }
      return sendJson(res, 400, { error: "access_denied" });
    });
    try {
      const home = await writeProject({});
      const auth = { type: "oidc", issuer: issuer.url, clientId: "cli", scopes: ["openid"] };
      await writeLoginManifest(join(home, "manifest.json"), [httpLoginUnit("tv", `${issuer.url}/api`, auth)]);
      const run = await runUnitc(["auth", "login", "tv", "--device", "--manifest", "manifest.json"], home, {
        XDG_DATA_HOME: join(home, "data"),
      });
      expectNoRaw("auth login --device", run.stdout + run.stderr);
      expect(run.stdout, run.stderr).toContain(`${DEVICE_CODE_PREFIX}AB\\u001b]52;c;ZXZpbA==\\u0007CD`);
    } finally {
      await issuer.close();
    }
  });
});
