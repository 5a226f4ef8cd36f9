/**
 * A compile starts its MCP stdio servers before it reads other units' specs, so a server starts
 * while unitc does its CPU work, and the time that work holds the event loop is not counted against
 * the server's start-up window. The real fixture server beside an OpenAPI unit whose spec comes from
 * a real HTTP server in this process that holds the event loop, when asked, for longer than both the
 * server's startupTimeoutMs and options.exposureDiscoveryTimeoutMs. The spawn is seen on Node's
 * `child_process` diagnostics channel, the spec request by the server; both go to one event list.
 */
import type { ChildProcess } from "node:child_process";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { dirname } from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import {
  compileBundle,
  FIXTURE,
  marker,
  processesWith,
  stdioEntry,
} from "../../../runtime/invoke/mcp/support.js";
import { startHttpServer, type TestServer } from "../../../support/http-server.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";

const WINDOW_MS = 2_000;
/** What happened, in order: a process spawned (filled in by the time it is read) or the spec asked for. */
const events: (ChildProcess | "spec")[] = [];
let server: TestServer;

const SPEC = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "Big", version: "1" },
  paths: { "/x": { get: { operationId: "getX", responses: { "200": { description: "ok" } } } } },
});

/** Keeps this process's event loop busy for `ms`, as parsing a large spec does. */
function holdLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
}

const onSpawn = (message: unknown) => events.push((message as { process: ChildProcess }).process);

beforeAll(async () => {
  vi.stubEnv("UNITC_CACHE_DIR", await writeProject({}));
  server = await startHttpServer((_request, res) => {
    events.push("spec");
    holdLoop(WINDOW_MS + 1_500);
    res.writeHead(200, { "content-type": "application/json" }).end(SPEC);
  });
  subscribe("child_process", onSpawn);
});
afterAll(async () => {
  unsubscribe("child_process", onSpawn);
  vi.unstubAllEnvs();
  await server.close();
  await cleanupProjects();
});

it("spawns the MCP server before the spec is read, and does not count the held loop against it", async () => {
  const tag = marker();
  const config = {
    version: 1,
    options: { exposureDiscoveryTimeoutMs: WINDOW_MS },
    // Declared first: only the compile's own order puts the server ahead.
    openapiEndpoints: {
      big: {
        name: "Big",
        description: "A spec that takes long to read.",
        specUrl: `${server.url}/big.json`,
        operationCacheTtlMs: 0,
        auth: { type: "none" },
      },
    },
    mcpServers: {
      tools: stdioEntry([FIXTURE, tag], {
        cwd: dirname(FIXTURE),
        startupTimeoutMs: WINDOW_MS,
        toolCacheTtlMs: 0,
      }),
    },
  };
  const compiled = await compileBundle({ ".units/config.json": JSON.stringify(config) });
  expect(compiled.text).toBe("");
  expect(events.filter((e) => e === "spec")).toEqual(["spec"]);
  const spawned = events.findIndex((e) => e !== "spec" && e.spawnargs.includes(tag));
  expect(spawned).toBeGreaterThanOrEqual(0);
  expect(spawned).toBeLessThan(events.indexOf("spec"));
  expect(compiled.manifest.units.map((u) => u.id)).toEqual(["big", "tools"]);
  expect(compiled.manifest.units[1]?.operations.length).toBeGreaterThan(0);
  expect(processesWith(tag)).toEqual([]);
});
