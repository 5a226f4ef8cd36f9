/**
 * A server's start-up window counts its own wait, not the time unitc's own synchronous work held the
 * event loop: the real fixture server is spawned, this process then stays busy for longer than the
 * whole window, and the start still succeeds (the server was up long before the loop was free). A
 * server that never answers is still given up after its window.
 */
import { dirname } from "node:path";
import { expect, it } from "vitest";
import type { McpConnection } from "../../../../runtime/contract/manifest.js";
import { openMcp } from "../../../../runtime/invoke/mcp/connect.js";
import { FIXTURE, marker, processesWith } from "./support.js";

const WINDOW_MS = 1_500;

const connection = (args: string[]): McpConnection => ({
  kind: "mcp",
  transport: "stdio",
  command: process.execPath,
  args: [FIXTURE, ...args],
  env: {},
  cwd: dirname(FIXTURE),
  startupTimeoutMs: WINDOW_MS,
  callTimeoutMs: 60_000,
  maxResponseBytes: 1_000_000,
});

/** Keeps this process's event loop busy for `ms`, as parsing a large spec does. */
function holdLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
}

it("starts a server though the event loop was held longer than its start-up window", async () => {
  const tag = marker();
  // openMcp spawns the server before its first await; the loop is held right after.
  const opening = openMcp(connection([tag]), { env: { PATH: process.env.PATH }, baseDir: dirname(FIXTURE) });
  holdLoop(WINDOW_MS + 1_000);
  const open = await opening;
  try {
    const { tools } = await open.client.listTools();
    expect(tools.map((tool) => tool.name)).toContain("add");
  } finally {
    await open.close();
  }
  expect(processesWith(tag)).toEqual([]);
});

it("still gives up a server that never answers after its start-up window", async () => {
  const tag = marker();
  const opening = openMcp(connection(["--silent-start", tag]), {
    env: { PATH: process.env.PATH },
    baseDir: dirname(FIXTURE),
  });
  holdLoop(WINDOW_MS + 1_000);
  const error = await opening.catch((caught: unknown) => caught);
  expect(error).toMatchObject({ code: "MCP_START_FAILED" });
  expect((error as Error).message).toContain(`still starting after ${WINDOW_MS} ms (startupTimeoutMs)`);
  expect(processesWith(tag)).toEqual([]);
});
