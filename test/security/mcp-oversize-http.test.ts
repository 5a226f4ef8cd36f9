/**
 * Over Streamable HTTP (JSON and SSE answers) and legacy SSE, a downstream message over the 10 MiB
 * message limit fails that call (and that server's session) with MCP_MESSAGE_TOO_LARGE, as over
 * stdio: `unitc serve` reads no more than the limit (its peak memory says so), does not reconnect to
 * read the answer again, and every other unit keeps answering; `unitc compile` reports an over-size
 * `tools/list` as a diagnostic. The downstream is a raw loopback HTTP server in a child process that
 * streams its answer as it is read; serve is the built CLI, driven by the SDK's real client.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE, isRunning, type StartedServer, startPrinting } from "../runtime/invoke/mcp/support.js";
import { compileProject } from "../runtime/serve/support.js";
import { BUILT_CLI } from "../support/built-cli.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { suiteTrust } from "../support/trust-env.js";

const RAW_HTTP = new URL("../fixtures/mcp/raw-http-server.mjs", import.meta.url).pathname;
const MIB = 1024 * 1024;
const LIMIT = "10485760 bytes";
const TOOLS = ["huge", "endless", "small"].map((name) => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: "object" },
}));
/** The three ways to reach an HTTP server: unit name → path and transport. */
const UNITS = { json: ["/json", "http"], events: ["/events", "http"], legacy: ["/sse", "sse"] } as const;

/** A raw HTTP server answering `spec`, started as a child process. */
async function startRaw(spec: Record<string, unknown>): Promise<StartedServer> {
  const file = join(await writeProject({}), "spec.json");
  await writeFile(file, JSON.stringify(spec));
  return startPrinting(
    [RAW_HTTP, file],
    { PATH: process.env.PATH, ...suiteTrust() },
    (out) => /listening (\S+)/.exec(out)?.[1],
  );
}

/** The project config: one unit per HTTP flavour of `origin`, and a stdio unit. */
function config(origin: string): string {
  const remote = Object.entries(UNITS).map(([id, [path, transport]]) => [
    id,
    { name: id, description: "A raw server.", url: `${origin}${path}`, transport, exposure: "direct" },
  ]);
  const other = {
    name: "Other",
    description: "A test server.",
    command: process.execPath,
    args: [FIXTURE],
    exposure: "direct",
  };
  return JSON.stringify({ version: 1, mcpServers: { ...Object.fromEntries(remote), other } });
}

/** One field of /proc/<pid>/status, in bytes. */
function memory(pid: number, field: "VmRSS" | "VmHWM"): number {
  const line = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(line?.[1]) * 1024;
}

let raw: StartedServer;
let client: Client;
let transport: StdioClientTransport;
let stderr = "";

beforeAll(async () => {
  raw = await startRaw({
    tools: TOOLS,
    calls: { huge: { bytes: 256 * MIB }, endless: { bytes: "endless" }, small: { text: "small ok" } },
  });
  const manifest = await compileProject({ ".units/config.json": config(raw.url) });
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [BUILT_CLI, "serve", "--manifest", manifest, "--user-config", "none"],
    env: { PATH: process.env.PATH ?? "", ...suiteTrust() },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  client = new Client({ name: "oversize-http-test", version: "1" });
  await client.connect(transport);
}, 180_000);

afterAll(async () => {
  await client?.close();
  await raw?.close();
  await cleanupProjects();
});

type ToolResult = { isError?: boolean; content: Array<{ text: string }>; structuredContent?: unknown };

async function call(name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

function downstreamText(result: ToolResult): string {
  const inner = result.structuredContent as { content?: Array<{ text?: string }> } | undefined;
  return inner?.content?.map((block) => block.text).join("\n") ?? "";
}

async function stats(): Promise<{ padded: number; sseOpens: number }> {
  return (await fetch(`${raw.url}/stats`)).json() as Promise<{ padded: number; sseOpens: number }>;
}

describe.each(Object.keys(UNITS))("a message over 10 MiB from %s", (unit) => {
  it.each(["huge", "endless"])(
    "%s: fails that call with MCP_MESSAGE_TOO_LARGE, read once and no further",
    async (tool) => {
      const pid = transport.pid as number;
      // A first call loads what every call needs; the measure is of the over-size answer alone.
      expect(downstreamText(await call(`${unit}__small`)), stderr).toBe("small ok");
      const before = await stats();
      const closed = () => stderr.split(`mcp.crashed ${unit}: `).length - 1;
      const closedBefore = closed();
      // Reset the peak so it measures this call alone.
      writeFileSync(`/proc/${pid}/clear_refs`, "5");
      const rss = memory(pid, "VmRSS");
      // "endless" never stops sending: a reader without the cap would hang into the test's timeout.
      const result = await call(`${unit}__${tool}`);
      expect(result.isError).toBe(true);
      const text = result.content[0]?.text ?? "";
      expect(text).toMatch(/^MCP_MESSAGE_TOO_LARGE: /);
      expect(text).toContain(LIMIT);
      // Reading up to the limit costs a few times the limit in short-lived strings and buffers;
      // reading the answer whole would cost more than the 256 MiB it holds.
      expect(memory(pid, "VmHWM") - rss).toBeLessThan(64 * MIB);
      // A reconnecting client would ask again within the server's 10 ms retry.
      await delay(300);
      const after = await stats();
      expect(after.padded - before.padded).toBe(1);
      expect(after.sseOpens).toBe(before.sseOpens);
      // That server's session was closed, once.
      expect(closed() - closedBefore).toBe(1);
      expect(isRunning(pid)).toBe(true);
      expect(downstreamText(await call("other__echo", { text: "still here" }))).toBe("echo: still here");
      // The next call starts that server's session afresh.
      expect(downstreamText(await call(`${unit}__small`))).toBe("small ok");
      expect(stderr).not.toMatch(/\n\s+at /);
    },
    30_000,
  );
});

describe("unitc compile, a tools/list over 10 MiB over HTTP", () => {
  it("is a diagnostic on each HTTP unit; with --partial the other unit is written", async () => {
    const padded = await startRaw({ tools: TOOLS, listPadBytes: 11 * MIB });
    try {
      const dir = await writeProject({ ".units/config.json": config(padded.url) });
      const run = spawnSync(
        process.execPath,
        [
          BUILT_CLI,
          "compile",
          "--partial",
          "--project",
          dir,
          "--user-config",
          "none",
          "--out",
          join(dir, "out"),
        ],
        {
          encoding: "utf8",
          env: { PATH: process.env.PATH, UNITC_CACHE_DIR: join(dir, "cache"), ...suiteTrust() },
        },
      );
      expect(run.status, run.stderr).toBe(1);
      for (const unit of Object.keys(UNITS)) {
        expect(run.stdout).toMatch(
          new RegExp(`error MCP_MESSAGE_TOO_LARGE MCP server of unit "${unit}" could not be listed`),
        );
      }
      expect(run.stdout).toContain(LIMIT);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      const manifest = JSON.parse(await readFile(join(dir, "out/manifest.json"), "utf8"));
      expect(manifest.units.map((unit: { id: string }) => unit.id)).toEqual(["other"]);
    } finally {
      await padded.close();
    }
  });
});
