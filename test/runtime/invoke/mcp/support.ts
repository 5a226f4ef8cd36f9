/**
 * MCP test support: the real servers (the repo's fixture server, and the reference servers from
 * node_modules) started offline with `process.execPath`, a compile into a temp folder that vitest
 * imports, and process checks that read /proc.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { formatDiagnostics } from "../../../../compiler/codes/diagnostics.js";
import { compile } from "../../../../compiler/index.js";
import type { Manifest } from "../../../../runtime/contract/manifest.js";
import { writeBundle } from "../../../compiler/emit/support.js";
import { parsedManifest } from "../../../support/manifest.js";
import { writeProject } from "../../../support/project.js";

const require = createRequire(import.meta.url);

/** The fixture server (stdio) and its Streamable HTTP twin. */
export const FIXTURE = fileURLToPath(new URL("../../../fixtures/mcp/fixture-server.mjs", import.meta.url));
export const FIXTURE_HTTP = fileURLToPath(new URL("../../../fixtures/mcp/http-server.mjs", import.meta.url));

/** The bin file of a reference server package (`server-everything`, `server-memory`, …). */
export function serverBin(name: string): string {
  const manifest = require.resolve(`@modelcontextprotocol/${name}/package.json`);
  const bin = (JSON.parse(readFileSync(manifest, "utf8")) as { bin: Record<string, string> }).bin;
  return join(dirname(manifest), Object.values(bin)[0] as string);
}

/** A config entry for a stdio server run by this node. */
export function stdioEntry(args: string[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: "Fixture", description: "Test server.", command: process.execPath, args, ...extra };
}

/** A unique argv marker, so a test can find the processes it started. */
export function marker(): string {
  return `--unitc-test-${process.pid}-${Math.random().toString(36).slice(2)}`;
}

/** Pids of running (not zombie) processes whose command line contains `text`. */
export function processesWith(text: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(text)) found.push(Number(entry));
    } catch {
      // The process ended while it was being read.
    }
  }
  return found;
}

export { isRunning } from "../../../support/running.js";

/** Polls `check` until it holds or `ms` pass; resolves to its last value. */
export async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

export interface CompiledBundle {
  dir: string;
  outDir: string;
  manifest: Manifest;
  text: string;
  result: Awaited<ReturnType<typeof compile>>;
}

/** Compiles a project (no user config) into `<project>/generated`, writes it, and parses the manifest. */
export async function compileBundle(files: Record<string, string>): Promise<CompiledBundle> {
  const dir = await writeProject(files);
  const outDir = join(dir, "generated");
  const result = await compile({ projectDir: dir, userConfigFile: false, outDir });
  writeBundle(outDir, result.files);
  const manifest = parsedManifest(result.files.get("manifest.json"));
  const text = formatDiagnostics(result.diagnostics, (file) => relative(dir, file));
  return { dir, outDir, manifest, text, result };
}

/** A project whose config holds `mcpServers`. */
export function mcpProject(servers: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { ".units/config.json": JSON.stringify({ version: 1, mcpServers: servers, ...extra }, null, 2) };
}

export interface StartedServer {
  url: string;
  child: ChildProcess;
  close(): Promise<void>;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  };
}

/** Starts a server process (`args` to this node) and resolves once `ready` finds its URL in what it prints. */
export function startPrinting(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: (out: string) => string | undefined,
) {
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise<StartedServer>((resolve, reject) => {
    let out = "";
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const url = ready(out);
      if (url) resolve({ url, child, close: stopper(child) });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before it was ready:\n${out}`)));
  });
}

/** The fixture server over Streamable HTTP on `port` (0: a free one). */
export function startFixtureHttp(env: NodeJS.ProcessEnv = {}, port = 0): Promise<StartedServer> {
  return startPrinting(
    [FIXTURE_HTTP, "--port", String(port)],
    { PATH: process.env.PATH, ...env },
    (out) => /listening (\S+)/.exec(out)?.[1],
  );
}

/** server-everything in `streamableHttp` or `sse` mode on `port`. */
export function startEverything(mode: "streamableHttp" | "sse", port: number): Promise<StartedServer> {
  const path = mode === "sse" ? "/sse" : "/mcp";
  return startPrinting(
    [serverBin("server-everything"), mode],
    { PATH: process.env.PATH, PORT: String(port) },
    (out) => (/listening on port|running on port/i.test(out) ? `http://127.0.0.1:${port}${path}` : undefined),
  );
}

/** A TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const { createServer } = await import("node:net");
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
