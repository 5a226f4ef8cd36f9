/**
 * `unitc dev` end to end, in-process over Streamable HTTP with the SDK's client: each edit is made
 * on disk, and the test waits for the `notifications/tools/list_changed` it causes, then checks the
 * served tools and the manifest. The backends are real: an HTTP server on 127.0.0.1, an OpenAPI
 * spec with a `$ref`ed file, and the fixture MCP server over stdio.
 */
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../cli/index.js";
import type { Manifest } from "../../runtime/contract/manifest.js";
import { FIXTURE, isRunning, marker, processesWith } from "../runtime/invoke/mcp/support.js";
import { closeAll, connect, eventually, structured } from "../runtime/serve/support.js";
import { startHttpServer, type TestServer } from "../support/http-server.js";
import { writeProject } from "../support/project.js";
import { suiteTrust } from "../support/trust-env.js";
import { startDevChild } from "../support/user-units.js";
import { petsSpec } from "../support/watch-units.js";

const TOKEN = "dev-test-token-5d1e";
let api: TestServer;

beforeAll(async () => {
  api = await startHttpServer((request, res) => {
    const delay = request.path.startsWith("/slow") ? 400 : 0;
    setTimeout(() => {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ path: request.path }));
    }, delay);
  });
});
afterAll(async () => {
  await closeAll();
  await api.close();
});

const httpUnit = (name: string, description: string) => `---
name: ${name}
description: ${description}
httpApi:
  baseUrl: ${api.url}
  auth: { type: none }
  actions:
    slow:
      method: GET
      path: /slow
      description: Answers after 400 ms.
---
`;

const spec = petsSpec({ summary: "List the pets.", schema: '{ $ref: "./pet.yaml#/Pets" }' });

const petSchema = (field: string) =>
  `Pets:\n  type: array\n  items:\n    type: object\n    properties:\n      ${field}: { type: string }\n`;

const mcpUnit = (tag: string, description: string) => `---
name: Tools
description: ${description}
mcpServer:
  command: ${JSON.stringify(process.execPath)}
  args: [${JSON.stringify(FIXTURE)}, ${JSON.stringify(tag)}]
---
`;

interface Dev {
  dir: string;
  client: Client;
  stderr: () => string;
  /** Resolves on the next `list_changed` the client receives. */
  nextChange: () => Promise<void>;
  changes: () => number;
  stop: () => Promise<number>;
}

/**
 * Starts `unitc dev` over HTTP on a new project holding `files`, or on the project folder `files`
 * names; `terminal` leaves out --transport and says stdin is a terminal.
 */
async function startDev(files: Record<string, string> | string, terminal = false): Promise<Dev> {
  const dir = typeof files === "string" ? files : await writeProject(files);
  let stderr = "";
  let listening: (url: string) => void = () => undefined;
  const url = new Promise<string>((resolve) => {
    listening = resolve;
  });
  const controller = new AbortController();
  const done = runCli(
    [
      "dev",
      "--project",
      dir,
      "--user-config",
      "none",
      ...(terminal ? [] : ["--transport", "http"]),
      "--port",
      "0",
      "--token",
      "env:DEV_TOKEN",
    ],
    {
      stdout: () => undefined,
      stderr: (text) => {
        stderr += text;
        const match = /listening on (\S+)/.exec(stderr);
        if (match?.[1]) listening(match[1]);
      },
      cwd: dir,
      env: { PATH: process.env.PATH, ...suiteTrust(), DEV_TOKEN: TOKEN },
      signal: controller.signal,
      stdinIsTTY: terminal,
    },
  );
  void done.then(() => listening(""));
  const served = await url;
  if (!served) throw new Error(`unitc dev did not start:\n${stderr}`);
  const client = await connect(served, TOKEN);
  let count = 0;
  const waiting: Array<() => void> = [];
  client.setNotificationHandler("notifications/tools/list_changed", () => {
    count += 1;
    for (const resolve of waiting.splice(0)) resolve();
  });
  return {
    dir,
    client,
    stderr: () => stderr,
    nextChange: () => new Promise<void>((resolve) => waiting.push(resolve)),
    changes: () => count,
    stop: async () => {
      controller.abort();
      return done;
    },
  };
}

/** Tool names, with the fixture MCP server's many tools shown by `tools__echo` alone. */
async function toolNames(client: Client): Promise<string[]> {
  const names = (await client.listTools()).tools.map((t) => t.name);
  return names.filter((name) => !name.startsWith("tools__") || name === "tools__echo");
}

/** Each file's modification time below `dir`, by relative path. */
async function mtimes(dir: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    found[path.slice(dir.length + 1)] = (await stat(path)).mtimeMs;
  }
  return found;
}

async function manifestOf(dir: string): Promise<Manifest> {
  return JSON.parse(await readFile(join(dir, "generated/manifest.json"), "utf8")) as Manifest;
}

describe("unitc dev", () => {
  it("rebuilds on every edit, keeps the last good bundle through a broken one, and tells the client", async () => {
    const tag = marker();
    const dev = await startDev({
      ".units/config.json": JSON.stringify({ version: 1, options: { exposure: "direct" } }),
      ".units/notes.md": httpUnit("Notes", "Slow notes."),
      ".units/pets.md": `---\nname: Pets\ndescription: Pets.\nopenapiEndpoint:\n  specPath: ../specs/pets.yaml\n  baseUrl: ${api.url}\n  auth: { type: none }\n---\n`,
      ".units/tools.md": mcpUnit(tag, "Fixture tools."),
      "specs/pets.yaml": spec,
      "specs/pet.yaml": petSchema("name"),
    });
    const { client, dir } = dev;
    expect(await toolNames(client)).toEqual(["search_tools", "notes__slow", "pets__listPets", "tools__echo"]);
    expect(dev.stderr()).toMatch(/unitc: compiled 3 units in \d+ ms \(\d+ written, 0 removed\)/);

    // The MCP unit's server starts on the first call.
    const echoed = await client.callTool({ name: "tools__echo", arguments: { text: "hi" } });
    expect(JSON.stringify(echoed)).toContain("echo: hi");
    await eventually(() => processesWith(tag).length === 1);
    const [firstServer] = processesWith(tag);

    // Add a unit while a call is in flight: the call finishes, the client hears of the new tools.
    let changed = dev.nextChange();
    const slow = client.callTool({ name: "notes__slow", arguments: {} });
    await writeFile(join(dir, ".units/gamma.md"), httpUnit("Gamma", "A new unit."));
    await changed;
    expect(await toolNames(client)).toContain("gamma__slow");
    expect(structured(await slow)).toEqual({ path: "/slow" });
    expect((await manifestOf(dir)).units.map((u) => u.id)).toEqual(["gamma", "notes", "pets", "tools"]);

    // Change a description.
    changed = dev.nextChange();
    await writeFile(join(dir, ".units/notes.md"), httpUnit("Notes", "Slow notes, described anew."));
    await changed;
    expect((await manifestOf(dir)).units.find((u) => u.id === "notes")?.description).toBe(
      "Slow notes, described anew.",
    );

    // Break the YAML: diagnostics with file and line, no notification, the last good bundle served.
    const before = dev.changes();
    const manifestBefore = await readFile(join(dir, "generated/manifest.json"), "utf8");
    await writeFile(join(dir, ".units/gamma.md"), "---\nname: Gamma\ndescription: [unclosed\n---\n");
    await eventually(() => /build failed in \d+ ms/.test(dev.stderr()));
    expect(dev.stderr()).toMatch(/\.units\/gamma\.md:\d+:\d+ error YAML_SYNTAX/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(dev.changes()).toBe(before);
    expect(await toolNames(client)).toContain("gamma__slow");
    expect(await readFile(join(dir, "generated/manifest.json"), "utf8")).toBe(manifestBefore);

    // Fix it: recovered without a restart.
    changed = dev.nextChange();
    await writeFile(join(dir, ".units/gamma.md"), httpUnit("Gamma", "Fixed."));
    await changed;
    expect((await manifestOf(dir)).units.find((u) => u.id === "gamma")?.description).toBe("Fixed.");

    // Edit a file the OpenAPI spec refers to: the operation's output schema follows (the typed
    // client and describe carry it; a derived output schema is not listed on the tool).
    changed = dev.nextChange();
    await writeFile(join(dir, "specs/pet.yaml"), petSchema("nickname"));
    await changed;
    const pets = (await manifestOf(dir)).units.find((u) => u.id === "pets");
    expect(JSON.stringify(pets)).toContain("nickname");

    // Change the MCP unit: its old server is stopped; the next call starts a new one.
    changed = dev.nextChange();
    await writeFile(join(dir, ".units/tools.md"), mcpUnit(tag, "Fixture tools, edited."));
    await changed;
    await eventually(() => !isRunning(firstServer as number));
    const again = await client.callTool({ name: "tools__echo", arguments: { text: "again" } });
    expect(JSON.stringify(again)).toContain("echo: again");

    // Delete a unit.
    changed = dev.nextChange();
    await rm(join(dir, ".units/gamma.md"));
    await changed;
    expect(await toolNames(client)).toEqual(["search_tools", "notes__slow", "pets__listPets", "tools__echo"]);
    expect((await manifestOf(dir)).units.map((u) => u.id)).toEqual(["notes", "pets", "tools"]);

    expect(await dev.stop()).toBe(0);
    await eventually(() => processesWith(tag).length === 0);
  });

  it("serves an empty bundle when the first build fails, and the fixed project once it builds", async () => {
    const dev = await startDev({
      ".units/config.json": JSON.stringify({ version: 1, options: { exposure: "direct" } }),
      ".units/notes.md": "---\nname: [broken\n---\n",
    });
    expect(dev.stderr()).toMatch(/build failed in \d+ ms: 1 error, 1 diagnostic; nothing written/);
    expect(await toolNames(dev.client)).toEqual(["search_tools"]);
    const changed = dev.nextChange();
    await writeFile(join(dev.dir, ".units/notes.md"), httpUnit("Notes", "Now valid."));
    await changed;
    expect(await toolNames(dev.client)).toEqual(["search_tools", "notes__slow"]);
    expect(await dev.stop()).toBe(0);
  });

  it("starts from the build record when nothing changed: nothing compiled or written, edits still followed", async () => {
    const dir = await writeProject({
      ".units/config.json": JSON.stringify({ version: 1, options: { exposure: "direct" } }),
      ".units/notes.md": httpUnit("Notes", "Notes."),
      ".units/pets.md": `---\nname: Pets\ndescription: Pets.\nopenapiEndpoint:\n  specPath: pets.yaml\n  baseUrl: ${api.url}\n  auth: { type: none }\n---\n`,
      ".units/pets.yaml": spec,
      ".units/pet.yaml": petSchema("name"),
    });
    const env = { PATH: process.env.PATH, ...suiteTrust() };
    const io = { stdout: () => undefined, stderr: () => undefined, cwd: dir, env };
    expect(await runCli(["compile", "--project", dir, "--user-config", "none"], io)).toBe(0);
    const stamps = await mtimes(join(dir, "generated"));

    const dev = await startDev(dir);
    expect(dev.stderr()).toMatch(
      /unitc: up to date in \d+ ms: nothing changed since the last compile \(0 written\); 2 units, 2 operations; 0 diagnostics/,
    );
    expect(dev.stderr()).not.toContain("compiled");
    expect(await mtimes(join(dir, "generated"))).toEqual(stamps);
    expect(await toolNames(dev.client)).toEqual(["search_tools", "notes__slow", "pets__listPets"]);
    // The record named the files to follow: an edit to the $ref'ed schema still rebuilds.
    const changed = dev.nextChange();
    await writeFile(join(dir, ".units/pet.yaml"), petSchema("nickname"));
    await changed;
    expect(JSON.stringify((await manifestOf(dir)).units)).toContain("nickname");
    expect(await dev.stop()).toBe(0);

    // dev records its own good builds: the next start is up to date too.
    const again = await startDev(dir);
    expect(again.stderr()).toContain("nothing changed since the last compile");
    expect(await again.stop()).toBe(0);
  });

  it("at a terminal without --transport, serves over HTTP and says why", async () => {
    const dev = await startDev({ ".units/notes.md": httpUnit("Notes", "Notes.") }, true);
    expect(dev.stderr()).toContain("stdin is a terminal, so serving over HTTP");
    expect((await dev.client.listTools()).tools.length).toBeGreaterThan(0);
    expect(await dev.stop()).toBe(0);
  });

  it("over stdio in its own process: JSON-RPC only on stdout, and nothing left running after SIGTERM", async () => {
    const tag = marker();
    const dir = await writeProject({
      ".units/config.json": JSON.stringify({ version: 1, options: { exposure: "direct" } }),
      ".units/tools.md": mcpUnit(tag, "Fixture tools."),
    });
    const { child, stdout, stderr, ended } = await startDevChild(dir);
    const messages = () =>
      stdout()
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as { id?: number; method?: string; result?: unknown });
    const send = (message: Record<string, unknown>) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);

    send({
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    await eventually(() => messages().some((m) => m.id === 1));
    send({ method: "notifications/initialized" });
    send({ id: 2, method: "tools/call", params: { name: "tools__echo", arguments: { text: "x" } } });
    await eventually(() => messages().some((m) => m.id === 2));
    expect(processesWith(tag).length).toBe(1);

    await writeFile(join(dir, ".units/tools.md"), mcpUnit(tag, "Edited."));
    await eventually(() => messages().some((m) => m.method === "notifications/tools/list_changed"));
    expect(stderr()).toMatch(/unitc: rebuilt 1 unit in \d+ ms/);

    child.kill("SIGTERM");
    const outcome = await ended();
    // Exiting by itself with 0 means no watcher, timer, server or child process was left holding it.
    expect(outcome).toEqual({ code: 0, signal: null });
    await eventually(() => processesWith(tag).length === 0);
    // Every line on stdout was JSON-RPC.
    expect(messages().every((m) => typeof m === "object")).toBe(true);
  });

  it("over stdio, exits by itself when the client closes stdin", async () => {
    const dir = await writeProject({
      ".units/config.json": JSON.stringify({ version: 1 }),
      ".units/notes.md": httpUnit("Notes", "Notes."),
    });
    const { child, ended } = await startDevChild(dir);
    child.stdin.end();
    const outcome = await ended().then((end) => (end === "hung" ? end : end.code));
    expect(outcome).toBe(0);
  });
});
