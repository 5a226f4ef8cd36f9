/**
 * MCP clients of both SDK generations — `@modelcontextprotocol/sdk` 1.x (what MCP Inspector and most
 * clients are built on) and `@modelcontextprotocol/client` 2.x — connected to `unitc serve` run
 * from the built CLI as a real child process, over stdio or Streamable HTTP on a free port.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { Client as Client2, StreamableHTTPClientTransport as Http2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as Stdio2 } from "@modelcontextprotocol/client/stdio";
import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as Stdio1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport as Http1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { BUILT_CLI } from "./built-cli.js";
import { listening } from "./listening.js";
import { suiteTrust } from "./trust-env.js";

export type ClientGeneration = "sdk1" | "sdk2";
export type ServeTransport = "stdio" | "http";

export const CLIENT_GENERATIONS: readonly ClientGeneration[] = ["sdk1", "sdk2"];
export const SERVE_TRANSPORTS: readonly ServeTransport[] = ["stdio", "http"];

/** A `tools/call` result as either client hands it back. */
export interface ToolResult {
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
}

/** One connected client, whatever its generation. */
export interface ServeClient {
  listTools(): Promise<Array<{ name: string; outputSchema?: unknown }>>;
  callTool(name: string, args?: Record<string, unknown>): Promise<ToolResult>;
  close(): Promise<void>;
}

/** Where a client finds the serve: a bundle to serve over stdio, or a running HTTP serve. */
export type ServeTarget =
  | { transport: "stdio"; manifestPath: string; env?: Record<string, string>; cwd?: string }
  | { transport: "http"; url: string; token: string };

/** A `unitc serve --transport http` child process. */
export interface HttpServeProcess {
  url: string;
  token: string;
  stderr(): string;
  stop(): Promise<void>;
}

const open: Array<() => Promise<void>> = [];

function serveArgs(manifestPath: string, extra: string[] = []): string[] {
  return [BUILT_CLI, "serve", "--manifest", manifestPath, "--user-config", "none", ...extra];
}

/** The serve's environment: PATH plus `env`, nothing else of this process (no stray secrets). */
function serveEnv(env: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? "", ...suiteTrust(), ...env };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Starts `unitc serve --transport http --port 0 …args` on `manifestPath`; resolves once it listens. */
export async function startHttpServe(
  manifestPath: string,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<HttpServeProcess> {
  const token = randomBytes(24).toString("base64url");
  const argv = serveArgs(manifestPath, ["--transport", "http", "--port", "0", ...args]);
  const child = spawn(process.execPath, argv, {
    env: serveEnv({ ...env, UNITC_SERVE_TOKEN: token }),
    stdio: ["ignore", "ignore", "pipe"],
  });
  const { url, stderr } = await listening(child);
  const stop = () => stopChild(child);
  open.push(stop);
  return { url, token, stderr, stop };
}

/**
 * Connects a client of `generation` to `target` and lists the tools once, as clients do before
 * calling them (SDK 1.x checks a result's structuredContent only against tools it has listed).
 */
export async function connectServeClient(
  generation: ClientGeneration,
  target: ServeTarget,
): Promise<ServeClient> {
  const info = { name: `unitc-test-${generation}`, version: "1.0.0" };
  const stdio = target.transport === "stdio" && {
    command: process.execPath,
    args: serveArgs(target.manifestPath),
    env: serveEnv(target.env),
    ...(target.cwd !== undefined ? { cwd: target.cwd } : {}),
    stderr: "ignore" as const,
  };
  const headers = target.transport === "http" ? { Authorization: `Bearer ${target.token}` } : {};
  let client: ServeClient;
  if (generation === "sdk1") {
    const sdk = new Client1(info);
    await sdk.connect(
      stdio
        ? new Stdio1(stdio)
        : new Http1(new URL((target as { url: string }).url), { requestInit: { headers } }),
    );
    client = {
      listTools: async () => (await sdk.listTools()).tools,
      callTool: async (name, args = {}) => (await sdk.callTool({ name, arguments: args })) as ToolResult,
      close: () => sdk.close(),
    };
  } else {
    const sdk = new Client2(info);
    await sdk.connect(
      stdio
        ? new Stdio2(stdio)
        : new Http2(new URL((target as { url: string }).url), { requestInit: { headers } }),
    );
    client = {
      listTools: async () => (await sdk.listTools()).tools,
      callTool: async (name, args = {}) => (await sdk.callTool({ name, arguments: args })) as ToolResult,
      close: () => sdk.close(),
    };
  }
  open.push(() => client.close());
  await client.listTools();
  return client;
}

/** Closes every client and stops every serve started here, newest first. */
export async function closeServeClients(): Promise<void> {
  for (const close of open.splice(0).reverse()) await close().catch(() => undefined);
}

/** The text of a tool result's text blocks, joined. */
export function resultText(result: ToolResult): string {
  return result.content
    .filter((block) => block.type === "text")
    .map((block) => block.text ?? "")
    .join("\n");
}
