/**
 * Replicas for the publish tests: `unitc serve --published` as a real process (the built CLI) on a
 * free port, reading the store of the user config `user.json` in its folder, and a wait helper.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { BUILT_CLI } from "../support/built-cli.js";
import { listening } from "../support/listening.js";

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
