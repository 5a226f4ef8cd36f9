/**
 * What the tests of a person's own units share: a unit file with one CLI action that echoes a word,
 * the XDG folders of a throwaway home inside a project, and `unitc <argv>` started from the built CLI
 * as a child process with a real MCP client over its stdio.
 */
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { BUILT_CLI } from "./built-cli.js";
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
export async function startStdio(
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
