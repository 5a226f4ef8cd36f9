/**
 * Helpers for serve tests: compile a small project into a temp folder (compile + writeBundle, as the
 * CLI does), serve the bundle over real Streamable HTTP on 127.0.0.1, and talk to it through the
 * SDK's real Client.
 */
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { expect } from "vitest";
import { formatDiagnostics, hasErrors } from "../../../compiler/codes/diagnostics.js";
import { compile, writeBundle } from "../../../compiler/index.js";
import type { HttpServeOptions, HttpServing } from "../../../runtime/serve/http/serve.js";
import {
  createServeHost,
  type ServeHost,
  type ServeHostOptions,
  serveHttp,
} from "../../../runtime/serve/index.js";
import { cleanupProjects, writeProject } from "../../support/project.js";

export const TOKEN = "serve-test-token-5d41402abc4b2a76";

/** Compiles `files` (a project) into `<dir>/generated`; returns the manifest path. */
export async function compileProject(files: Record<string, string>): Promise<string> {
  const dir = await writeProject(files);
  const outDir = join(dir, "generated");
  const result = await compile({ projectDir: dir, userConfigFile: false, outDir });
  expect(hasErrors(result.diagnostics), formatDiagnostics(result.diagnostics)).toBe(false);
  await writeBundle(result.files, { outDir });
  return join(outDir, "manifest.json");
}

/** A project config `.units/config.json`. */
export function projectConfig(value: Record<string, unknown>): Record<string, string> {
  return { ".units/config.json": JSON.stringify({ version: 1, ...value }, null, 2) };
}

export interface Serving {
  url: string;
  host: ServeHost;
  http: HttpServing;
  logs: string[];
}

const open: Array<{ close(): Promise<void> }> = [];

/** Serves a bundle over HTTP on a free port (token {@link TOKEN} unless `http.token` says otherwise). */
export async function serve(
  host: Omit<ServeHostOptions, "log">,
  http: Partial<HttpServeOptions> = {},
): Promise<Serving> {
  const logs: string[] = [];
  const log = (line: string) => logs.push(line);
  const served = createServeHost({ ...host, log });
  const serving = await serveHttp(served, {
    host: "127.0.0.1",
    port: 0,
    path: "/mcp",
    token: TOKEN,
    publicOrigins: [],
    trustProxy: false,
    version: "test",
    log,
    ...http,
  });
  open.push({ close: () => serving.close() }, { close: () => served.close() });
  return { url: serving.url, host: served, http: serving, logs };
}

/** A connected client (closed by {@link closeAll}). */
export async function connect(url: string, token: string | undefined = TOKEN): Promise<Client> {
  const client = new Client({ name: "serve-test", version: "1" });
  await client.connect(
    new StreamableHTTPClientTransport(
      new URL(url),
      token ? { authProvider: { token: async () => token } } : {},
    ),
  );
  open.push({ close: () => client.close() });
  return client;
}

/** Closes every client, server and host opened here, then removes temp projects. */
export async function closeAll(): Promise<void> {
  for (const item of open.splice(0).reverse()) await item.close().catch(() => undefined);
  await cleanupProjects();
}

/** The structured content of a tool result. */
export function structured(result: unknown): Record<string, unknown> {
  return (result as { structuredContent: Record<string, unknown> }).structuredContent;
}

/** The details of a failed tool result (`_meta["unitc/error"]`: code, message, hint, …). */
export function errorOf(result: unknown): Record<string, unknown> {
  return ((result as { _meta?: Record<string, unknown> })._meta?.["unitc/error"] ?? {}) as Record<
    string,
    unknown
  >;
}

/** The text of a tool result's first content block. */
export function textOf(result: unknown): string {
  return ((result as { content: Array<{ text?: string }> }).content[0]?.text ?? "") as string;
}

/** Polls `check` until it returns true or `ms` pass (generous: the deadline only bounds a hang). */
export async function eventually(check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`condition not met within ${ms} ms`);
}
