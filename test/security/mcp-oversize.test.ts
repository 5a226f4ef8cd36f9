/**
 * A downstream MCP server that sends one message over the client's 10 MiB line limit must fail that
 * call (and that server's session) with a clear error, while `unitc serve` and every other unit keep
 * going; `unitc compile` reports an over-size `tools/list` as a diagnostic. Results under the limit
 * but over `maxResponseBytes` are cut with a visible marker. Run against the built CLI, as users do,
 * with the SDK's real client over stdio and real fixture servers as child processes.
 */
import { spawnSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Manifest, McpConnection } from "../../runtime/contract/manifest.js";
import { FIXTURE, isRunning } from "../runtime/invoke/mcp/support.js";
import { compileProject } from "../runtime/serve/support.js";
import { BUILT_CLI } from "../support/built-cli.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { suiteTrust } from "../support/trust-env.js";

const RAW = new URL("../fixtures/mcp/raw-server.mjs", import.meta.url).pathname;
const OVER_LIMIT = 11 * 1024 * 1024;

/** A raw-server spec file in a fresh folder; returns its path. */
async function rawSpec(spec: Record<string, unknown>): Promise<string> {
  const dir = await writeProject({});
  const file = join(dir, "spec.json");
  await writeFile(file, JSON.stringify(spec));
  return file;
}

function server(args: string[], extra: Record<string, unknown> = {}) {
  return {
    name: "Server",
    description: "A test server.",
    command: process.execPath,
    args,
    exposure: "direct",
    ...extra,
  };
}

const TOOLS = ["huge", "big", "small", "bigError"].map((name) => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: "object" },
}));

let client: Client;
let transport: StdioClientTransport;
let stderr = "";
let caps: number[] = [];

beforeAll(async () => {
  const spec = await rawSpec({
    tools: TOOLS,
    calls: {
      huge: { bytes: OVER_LIMIT },
      big: { bytes: 300_000 },
      small: { text: "small ok" },
      bigError: { bytes: 300_000, isError: true },
    },
  });
  const manifest = await compileProject({
    ".units/config.json": JSON.stringify({
      version: 1,
      mcpServers: { raw: server([RAW, spec], { maxResponseBytes: 100_000 }), other: server([FIXTURE]) },
    }),
  });
  const units = JSON.parse(await readFile(manifest, "utf8")).units as Manifest["units"];
  caps = units.map((unit) => (unit.connection as McpConnection).maxResponseBytes);
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [BUILT_CLI, "serve", "--manifest", manifest, "--user-config", "none"],
    env: { PATH: process.env.PATH ?? "", ...suiteTrust() },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  client = new Client({ name: "oversize-test", version: "1" });
  await client.connect(transport);
}, 180_000);

afterAll(async () => {
  await client?.close();
  await cleanupProjects();
});

type ToolResult = {
  isError?: boolean;
  content: Array<{ text: string }>;
  structuredContent?: unknown;
  _meta?: Record<string, unknown>;
};

async function call(name: string, args: Record<string, unknown> = {}): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

/** The text the downstream tool answered (serve passes its whole result on as structured content). */
function downstreamText(result: ToolResult): string {
  const inner = result.structuredContent as { content?: Array<{ text?: string }> } | undefined;
  return inner?.content?.map((block) => block.text).join("\n") ?? "";
}

describe("a downstream message over 10 MiB", () => {
  it("fails that call with MCP_MESSAGE_TOO_LARGE; serve and the other units keep going", async () => {
    const pid = transport.pid as number;
    const result = await call("raw__huge");
    expect(result.isError).toBe(true);
    const text = result.content[0]?.text ?? "";
    expect(text).toMatch(/^MCP_MESSAGE_TOO_LARGE: /);
    expect(text).toContain("10485760 bytes");
    expect(text.length).toBeLessThan(5_000);
    expect(isRunning(pid)).toBe(true);
    expect(downstreamText(await call("other__echo", { text: "still here" }))).toBe("echo: still here");
    // The session of the server that sent it was closed; the next call starts it afresh.
    expect(downstreamText(await call("raw__small"))).toBe("small ok");
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

describe("a result over maxResponseBytes", () => {
  it("defaults to 200000 bytes; the unit's own setting wins", () => {
    expect(caps.sort()).toEqual([100_000, 200_000]);
  });

  it("is cut with a visible marker", async () => {
    const result = await call("raw__big");
    expect(result.isError).toBeFalsy();
    const text = downstreamText(result);
    expect(text).toMatch(/^y+\n\[truncated: output exceeded 100000 bytes \(maxResponseBytes\)\]$/);
    expect(Buffer.byteLength(text)).toBeLessThan(100_500);
    expect(result._meta?.["unitc/truncated"]).toBe(true);
  });

  it("cuts an error's text too", async () => {
    const result = await call("raw__bigError");
    expect(result.isError).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(result))).toBeLessThan(20_000);
  });
});

describe("unitc compile, a tools/list over 10 MiB", () => {
  it("is a diagnostic on that unit; with --partial the other units are written", async () => {
    const spec = await rawSpec({ tools: TOOLS, listPadBytes: OVER_LIMIT });
    const dir = await writeProject({
      ".units/config.json": JSON.stringify({
        version: 1,
        mcpServers: { raw: server([RAW, spec]), other: server([FIXTURE]) },
      }),
    });
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
    expect(run.stdout).toMatch(/error MCP_MESSAGE_TOO_LARGE MCP server of unit "raw" could not be listed/);
    expect(run.stdout).toContain("10485760 bytes");
    expect(run.stderr).not.toMatch(/\n\s+at /);
    const manifest = JSON.parse(await readFile(join(dir, "out/manifest.json"), "utf8"));
    expect(manifest.units.map((unit: { id: string }) => unit.id)).toEqual(["other"]);
  });
});
