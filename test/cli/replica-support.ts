/**
 * Replicas for the publish tests: `unitc serve --published` as a real process (the built CLI) on a
 * free port, reading the store of the user config `user.json` in its folder; the folder such replicas
 * share; an MCP client with a bearer token; and a wait helper.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { BUILT_CLI } from "../support/built-cli.js";
import { listening } from "../support/listening.js";
import { type ChildRun, type ProviderSetup, storageHome, unitc } from "./storage-support.js";

/** A started replica: its MCP URL, its base URL (health), and what it has logged. */
export interface Replica {
  url: string;
  base: string;
  stderr: () => string;
}

const children: ChildProcess[] = [];

/**
 * Starts `unitc serve --published` (`--stateless` unless told otherwise) on a free port, taking the
 * operators' token from `SERVE_TOKEN` in `env`.
 */
export async function replica(dir: string, env: Record<string, string>, stateless = true): Promise<Replica> {
  const args = [BUILT_CLI, "serve", "--published", "--transport", "http", "--port", "0"];
  args.push("--token", "env:SERVE_TOKEN", "--user-config", join(dir, "user.json"), "--no-user-units");
  if (stateless) args.push("--stateless");
  const child = spawn(process.execPath, args, { cwd: dir, env: { PATH: process.env.PATH ?? "", ...env } });
  children.push(child);
  const { url, stderr } = await listening(child);
  return { url, base: url.replace(/\/mcp$/, ""), stderr };
}

/** Ends every replica started here. */
export function stopReplicas(): void {
  for (const child of children.splice(0)) child.kill("SIGKILL");
}

/** Waits until `check` holds; resolves with the milliseconds it took, rejects after `ms`. */
export async function until(check: () => Promise<boolean>, ms: number): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - start;
}

/** A folder for replicas over one store, the environment they run in and the built CLI run there. */
export interface ReplicaHome {
  dir: string;
  env: Record<string, string>;
  cli: (args: string[]) => Promise<ChildRun>;
}

/**
 * A fresh folder whose user config names `setup`'s store, with its own cache and state folders and
 * the operators' token in `SERVE_TOKEN` (as `replica` reads it).
 */
export async function replicaHome(setup: ProviderSetup, token: string): Promise<ReplicaHome> {
  const home = await storageHome(setup);
  const env = {
    ...home.env,
    XDG_CACHE_HOME: join(home.dir, "cache"),
    XDG_STATE_HOME: join(home.dir, "state"),
    SERVE_TOKEN: token,
  };
  const cli = (args: string[]) => unitc([...args, "--user-config", home.config], home.dir, env);
  return { dir: home.dir, env, cli };
}

/** A client (the SDK's newer generation) connected to `url` with a bearer `token`, kept in `open` to close. */
export async function connectWithToken(
  url: string,
  token: string,
  open: Array<{ close(): Promise<void> }>,
): Promise<Client> {
  const client = new Client({ name: "replica-test", version: "1" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  open.push(client);
  return client;
}
