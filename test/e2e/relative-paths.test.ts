/**
 * One rule for relative paths: a path is relative to the file that declares it (an MCP server's
 * `command` with a slash and its `cwd`, a CLI action's `command` with a slash and its `cwd`; a server
 * with no `cwd` runs in that file's folder), the bundle keeps them relative to the manifest's folder,
 * and the runtime resolves them there. So `unitc serve --manifest <abs>` started from `/` and
 * `createUnits()` called from another working folder both reach the project's server and tools.
 */
import { chmodSync, copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, writeBundle } from "../../compiler/index.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import {
  CLIENT_GENERATIONS,
  closeServeClients,
  connectServeClient,
  resultText,
} from "../support/serve-clients.js";

const RAW_SERVER = fileURLToPath(new URL("../fixtures/mcp/raw-server.mjs", import.meta.url));
/** The answers the raw server imports from beside it. */
const RAW_ANSWERS = fileURLToPath(new URL("../fixtures/mcp/raw-answers.mjs", import.meta.url));

const TOOLS_UNIT = `---
name: Data
description: Lists and greets from the project's own folders.
exposure: direct
cliTools:
  cwd: ../data
  actions:
    list:
      description: List the data folder.
      command: ls
    hello:
      description: Run the script beside this unit file (not in its working folder).
      command: ./hello.sh
---
`;

const SPEC = {
  tools: [{ name: "ping", description: "Answers pong.", inputSchema: { type: "object" } }],
  calls: { ping: { text: "pong from the relative server" } },
};

let dir: string;
let manifestPath: string;

beforeAll(async () => {
  dir = await writeProject({
    // `./server.mjs` is found beside the config; `spec.json` (an argument) in the server's default
    // working folder, which is that same folder.
    ".units/config.json": JSON.stringify({
      version: 1,
      mcpServers: {
        local: {
          name: "Local",
          description: "A server beside the config.",
          exposure: "direct",
          command: "./server.mjs",
          args: ["spec.json"],
        },
      },
    }),
    ".units/spec.json": JSON.stringify(SPEC),
    ".units/data.md": TOOLS_UNIT,
    "data/in-project.txt": "",
    ".units/hello.sh": "#!/bin/sh\necho hello from beside the unit file\n",
  });
  copyFileSync(RAW_SERVER, join(dir, ".units/server.mjs"));
  copyFileSync(RAW_ANSWERS, join(dir, ".units/raw-answers.mjs"));
  chmodSync(join(dir, ".units/server.mjs"), 0o755);
  chmodSync(join(dir, ".units/hello.sh"), 0o755);
  const outDir = join(dir, "generated");
  const result = await compile({ projectDir: dir, userConfigFile: false, outDir });
  expect(result.diagnostics).toEqual([]);
  await writeBundle(result.files, { outDir });
  manifestPath = join(outDir, "manifest.json");
});

afterAll(async () => {
  await closeServeClients();
  await cleanupProjects();
});

describe("the bundle keeps paths relative to the manifest's folder", () => {
  it("writes the server's command and folder, and the action's, relative to generated/", () => {
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    const [data, local] = manifest.units;
    expect(local.connection).toMatchObject({
      command: "../.units/server.mjs",
      args: ["spec.json"],
      cwd: "../.units",
    });
    expect(data.operations.map((op: { invoke: object }) => op.invoke)).toMatchObject([
      { command: "ls", cwd: "../data" },
      { command: "../.units/hello.sh", cwd: "../data" },
    ]);
  });
});

describe("unitc serve --manifest <absolute> started from /", () => {
  it.each(CLIENT_GENERATIONS)(
    "calls the relative server and both CLI actions (%s client)",
    async (generation) => {
      const client = await connectServeClient(generation, { transport: "stdio", manifestPath, cwd: "/" });
      const names = (await client.listTools()).map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining(["local__ping", "data__list", "data__hello"]));
      const ping = await client.callTool("local__ping");
      expect(resultText(ping)).toContain("pong from the relative server");
      expect(resultText(await client.callTool("data__list"))).toContain("in-project.txt");
      expect(resultText(await client.callTool("data__hello"))).toContain("hello from beside the unit file");
    },
  );
});

describe("createUnits() from another working folder", () => {
  it("reaches the server and the actions", async () => {
    const before = process.cwd();
    process.chdir("/");
    try {
      const generated = await import(pathToFileURL(join(dir, "generated/index.ts")).href);
      const units = generated.createUnits({ env: { PATH: process.env.PATH } });
      const pong = await units.local.ping({});
      expect(JSON.stringify(pong)).toContain("pong from the relative server");
      expect(await units.data.list()).toBe("in-project.txt\n");
      expect(await units.data.hello()).toBe("hello from beside the unit file\n");
      await units.$runtime.close();
    } finally {
      process.chdir(before);
    }
  });
});
