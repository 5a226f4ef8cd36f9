/**
 * What the tests of a person's own units and of `unitc dev` share: a unit file with one CLI action
 * that echoes a word, the XDG folders of a throwaway home inside a project, `unitc <argv>` started
 * from the built CLI as a child process with a real MCP client over its stdio (a test file's `unitc
 * serve` and `unitc dev` children, cleaned up after each test), and a `unitc dev` child spoken to
 * without a client.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterEach } from "vitest";
import { BUILT_CLI } from "./built-cli.js";
import { cleanupProjects } from "./project.js";
import { suiteTrust } from "./trust-env.js";

/** A unit file with a `say` action that prints `word`; `exposure` is left unset unless given. */
export const echoUnit = (name: string, word: string, exposure?: string) => `---
name: ${name}
description: Prints ${word}.
${exposure ? `exposure: ${exposure}\n` : ""}cliTools:
  actions:
    say:
      description: Print ${word}.
      command: echo
      args: ["${word}"]
---
`;

/** The XDG folders of a home inside `dir`: the user config goes in `home/unitc/`. */
export const xdgFolders = (dir: string): Record<string, string> => ({
  XDG_CONFIG_HOME: join(dir, "home"),
  XDG_STATE_HOME: join(dir, "state"),
  XDG_CACHE_HOME: join(dir, "cache"),
});

/** A served child process: its client, the tool names it lists, and its stderr so far. */
export interface StdioServed {
  client: Client;
  tools: () => Promise<string[]>;
  stderr: () => string;
}

/**
 * Starts `unitc <argv>` in `dir` (trusted, HOME at `dir`) and connects an MCP client over its stdio;
 * the client is pushed on `clients` for the test's clean-up to close.
 */
async function startStdio(
  dir: string,
  env: Record<string, string>,
  argv: string[],
  clients: Client[],
): Promise<StdioServed> {
  let stderr = "";
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BUILT_CLI, ...argv],
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", HOME: dir, ...suiteTrust(), ...env },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: "user-units-test", version: "1" });
  await client.connect(transport);
  clients.push(client);
  const tools = async () => (await client.listTools()).tools.map((tool) => tool.name).sort();
  return { client, tools, stderr: () => stderr };
}

/**
 * How a test file starts `unitc <argv>` children (`serve`, `dev`, …) in `dir` with a client (see
 * {@link startStdio}); after each of its tests the clients are closed and the projects removed.
 */
export function stdioChildren(): (
  dir: string,
  env: Record<string, string>,
  argv: string[],
) => Promise<StdioServed> {
  const clients: Client[] = [];
  afterEach(async () => {
    // Closing a client a test closed already is harmless: its transport has no process left.
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await cleanupProjects();
  });
  return (dir, env, argv) => startStdio(dir, env, argv, clients);
}

/** {@link stdioChildren} for `unitc dev --transport stdio …argv`. */
export function devOverStdio(): (
  dir: string,
  env: Record<string, string>,
  argv?: string[],
) => Promise<StdioServed> {
  const start = stdioChildren();
  return (dir, env, argv = []) => start(dir, env, ["dev", "--transport", "stdio", ...argv]);
}

/** A `unitc dev` child over stdio with no client: the process, what it wrote, and how it ended. */
export interface DevChild {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** How it exited, or "hung" (it is then killed) when it had not within 40 s. */
  ended: () => Promise<{ code: number | null; signal: string | null } | "hung">;
}

/**
 * Starts `unitc dev` on the project in `dir` (trusted, no user config) and resolves once it says it
 * serves on stdio.
 */
export async function startDevChild(dir: string): Promise<DevChild> {
  const child = spawn(process.execPath, [BUILT_CLI, "dev", "--project", dir, "--user-config", "none"], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { PATH: process.env.PATH, ...suiteTrust() },
  });
  let stdout = "";
  let stderr = "";
  let serving: () => void = () => undefined;
  const said = new Promise<void>((resolve) => {
    serving = resolve;
  });
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
    if (/serving \d+ units? on stdio/.test(stderr)) serving();
  });
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const ended = async () => {
    const outcome = await Promise.race([
      exited,
      // A bound on a hang only: on a loaded machine the process gets a sliver of a core to wind down.
      new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), 40_000)),
    ]);
    if (outcome === "hung") child.kill("SIGKILL");
    return outcome;
  };
  const late = new Promise<never>((_resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`unitc dev did not serve within 20 s:\n${stderr}`)),
      20_000,
    );
    void said.then(() => clearTimeout(timer));
  });
  await Promise.race([said, late]);
  return { child, stdout: () => stdout, stderr: () => stderr, ended };
}
