/**
 * `vault:` secrets from agent code: a project's unit sends a bearer token stored with the real
 * `unitc secret set`; plain Node runs an application that imports the generated client and calls
 * `createUnits()` against an HTTP service on 127.0.0.1. By default the runtime reads the user config
 * the CLI reads (`$XDG_CONFIG_HOME/unitc/config.json`, else `~/.config/unitc/config.json`); it also
 * takes `{ storage }` or `{ userConfig }`, and `{ storage: false }` switches storage off.
 */
import { execFile } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unitc } from "../cli/storage-support.js";
import { sendJson, startHttpServer, type TestServer } from "../support/http-server.js";
import { cleanupProjects, writeProject } from "../support/project.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
/** Node 24, whose type stripping runs the generated `.ts` modules as they are. */
const NODE24 = join(repoRoot, "node_modules/.bin/node");
const run = promisify(execFile);
const TOKEN = "journal-canary-31f7";

const JOURNAL_UNIT = (baseUrl: string) => `---
name: Journal
description: Reads a journal that wants a bearer token.
httpApi:
  baseUrl: ${baseUrl}
  auth: { type: bearer, token: "vault:JOURNAL_TOKEN" }
  actions:
    listEntries:
      method: GET
      path: /entries
      description: List the entries.
---
# Journal
`;

/** The agent: `createUnits(<options from argv>)`, one call, its answer or error code as JSON. */
const AGENT = `import { createUnits } from "./generated/index.ts";

const [mode, arg] = process.argv.slice(2);
const options =
  mode === "storage" ? { storage: JSON.parse(arg) }
  : mode === "userConfig" ? { userConfig: arg }
  : mode === "userConfigObject" ? { userConfig: JSON.parse(arg) }
  : mode === "off" ? { storage: false }
  : {};
const units = createUnits(options);
try {
  console.log(JSON.stringify({ value: await units.journal.listEntries() }));
} catch (error) {
  console.log(JSON.stringify({ code: error.code, message: error.message, hint: error.details?.hint }));
} finally {
  await units.$runtime.close();
}
`;

let api: TestServer;
let dir: string;
let home: string;
const seen: (string | undefined)[] = [];

/** The agent's answer; `env` is all the child gets besides PATH. */
async function agent(args: string[], env: Record<string, string>): Promise<Record<string, unknown>> {
  const { stdout, stderr } = await run(NODE24, ["agent.mjs", ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH, ...env },
    encoding: "utf8",
  });
  expect(stderr).toBe("");
  return JSON.parse(stdout);
}

beforeAll(async () => {
  api = await startHttpServer((request, res) => {
    seen.push(request.headers.authorization);
    sendJson(res, 200, [{ day: "2025-06-02" }]);
  });
  dir = await writeProject({ ".units/journal.md": JOURNAL_UNIT(api.url), "agent.mjs": AGENT });
  mkdirSync(join(dir, "node_modules"));
  symlinkSync(repoRoot, join(dir, "node_modules/unitc"), "dir");
  const compiled = await unitc(["compile", "--user-config", "none"], dir, {});
  expect(compiled, compiled.stderr).toMatchObject({ code: 0 });
  // The user config where the CLI finds it with no flag: a SQLite store, its path relative to it.
  home = join(dir, "home");
  mkdirSync(join(home, ".config/unitc"), { recursive: true });
  writeFileSync(
    join(home, ".config/unitc/config.json"),
    JSON.stringify({ storage: { provider: "sqlite", path: "store.db" } }),
  );
  const set = await unitc(["secret", "set", "JOURNAL_TOKEN"], dir, { HOME: home }, `${TOKEN}\n`);
  expect(set, set.stderr).toMatchObject({ code: 0 });
}, 120_000);
afterAll(async () => {
  await api?.close();
  await cleanupProjects();
});

describe("vault: secrets in agent code", () => {
  it("createUnits() reads the user config's storage, as unitc does", async () => {
    seen.length = 0;
    expect(await agent([], { HOME: home })).toEqual({ value: [{ day: "2025-06-02" }] });
    expect(seen).toEqual([`Bearer ${TOKEN}`]);
  });

  it("takes the storage settings or the user config explicitly", async () => {
    seen.length = 0;
    // A HOME with no user config: only what is passed names the store.
    const elsewhere = { HOME: join(home, "elsewhere"), XDG_DATA_HOME: join(home, ".local/share") };
    const storage = { provider: "sqlite", path: join(home, ".config/unitc/store.db") };
    expect(await agent(["storage", JSON.stringify(storage)], elsewhere)).toMatchObject({ value: [{}] });
    const config = join(home, ".config/unitc/config.json");
    expect(await agent(["userConfig", config], elsewhere)).toMatchObject({ value: [{}] });
    const object = JSON.stringify({ storage });
    expect(await agent(["userConfigObject", object], elsewhere)).toMatchObject({ value: [{}] });
    expect(seen).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
  });

  it("fails with a code and a hint when storage is off or cannot open, and sends nothing", async () => {
    seen.length = 0;
    const off = await agent(["off"], { HOME: home });
    expect(off).toMatchObject({ code: "SECRET_UNAVAILABLE", hint: expect.stringContaining("storage") });
    // A shared store needs a vault key the config names: refused before any connection.
    const keyless = { provider: "postgresql", connection: "env:NO_SUCH_DSN" };
    const missing = await agent(["storage", JSON.stringify(keyless)], { HOME: home, NO_SUCH_DSN: "x" });
    expect(missing).toMatchObject({ code: "SECRET_UNAVAILABLE", hint: expect.stringContaining("vaultKey") });
    expect(JSON.stringify(missing)).not.toMatch(/\n\s+at /);
    expect(seen).toEqual([]);
  });
});
