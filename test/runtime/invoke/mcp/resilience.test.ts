/**
 * The runtime's MCP pool under stress, against the fixture server: a crash mid-session, 1 MiB of
 * stderr and a 1 MiB result, 20 parallel calls, call timeouts with `notifications/cancelled`, caller
 * cancellation, an HTTP server that forgets its session, a tool list that changes, a server that
 * fails to start until its environment is fixed, and close.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { RuntimeEvent, UnitRuntime } from "../../../../runtime/index.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import {
  compileBundle,
  FIXTURE,
  isRunning,
  mcpProject,
  type StartedServer,
  startFixtureHttp,
  stdioEntry,
  waitFor,
} from "./support.js";

const events: RuntimeEvent[] = [];
const env: Record<string, string | undefined> = { PATH: process.env.PATH, UNITC_TEST_EXIT: "1" };
let http: StartedServer;
// biome-ignore lint/suspicious/noExplicitAny: the bundle lives in a temp folder; calls.test.ts checks its types
let units: any;
let runtime: UnitRuntime;

beforeAll(async () => {
  vi.stubEnv("UNITC_CACHE_DIR", await writeProject({}));
  vi.stubEnv("UNITC_TEST_EXIT", "0");
  http = await startFixtureHttp();
  const compiled = await compileBundle(
    mcpProject({
      fixture: stdioEntry([FIXTURE]),
      flood: stdioEntry([FIXTURE, "--stderr-flood"], { maxResponseBytes: 2_000_000 }),
      // Long enough for a quick call on a loaded machine: the one that times out sleeps 10 s.
      slow: stdioEntry([FIXTURE], { callTimeoutMs: 3_000 }),
      drifty: stdioEntry([FIXTURE]),
      overHttp: { name: "Fixture", description: "HTTP.", url: http.url },
      flaky: stdioEntry([FIXTURE], { env: { FIXTURE_EXIT_AT_START: "${UNITC_TEST_EXIT}" } }),
    }),
  );
  vi.unstubAllEnvs();
  expect(compiled.text).toBe("");
  const bundle = await import(join(compiled.outDir, "index.ts"));
  units = bundle.createUnits({ env, onEvent: (event: RuntimeEvent) => events.push(event) });
  runtime = units.$runtime;
});

afterAll(async () => {
  await runtime?.close();
  await http?.close();
  await cleanupProjects();
});

describe("a downstream that crashes", () => {
  it("fails the call in flight with its stderr tail, and is restarted by the next call", async () => {
    const before = await units.fixture.stats();
    const crash = await units.fixture.crash().catch((error: unknown) => error);
    expect(crash).toMatchObject({
      code: "MCP_CRASHED",
      message: "the MCP server of unit fixture exited with code 3 during fixture.crash",
      details: { unit: "fixture", operation: "crash", excerpt: "fixture: crashing on purpose" },
    });
    expect(await waitFor(() => !isRunning(before.pid), 20_000)).toBe(true);
    expect(events).toContainEqual(expect.objectContaining({ type: "mcp.crashed", unit: "fixture" }));
    expect(await units.fixture.echo({ text: "again" })).toEqual({
      content: [{ type: "text", text: "echo: again" }],
    });
    const after = await units.fixture.stats();
    expect(after.pid).not.toBe(before.pid);
  });
});

describe("a downstream killed from outside", () => {
  it("fails the call in flight, and the next call succeeds on a new server", async () => {
    const { pid } = await units.fixture.stats();
    const call = units.fixture.sleep({ ms: 10_000, tag: "killed" }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    process.kill(pid, "SIGKILL");
    expect(await call).toMatchObject({
      code: "MCP_CRASHED",
      message: "the MCP server of unit fixture was killed by SIGKILL during fixture.sleep",
    });
    const next = await units.fixture.sleep({ ms: 1, tag: "after" });
    expect(next).toEqual({ tag: "after", ms: 1 });
    expect((await units.fixture.stats()).pid).not.toBe(pid);
  });
});

describe("big and noisy downstreams", () => {
  it("completes calls while the server writes 1 MiB to stderr and more on every call", async () => {
    for (let i = 0; i < 5; i++) expect(await units.flood.add({ a: i, b: 1 })).toEqual({ sum: i + 1 });
  });

  it("returns a 1 MiB result whole", async () => {
    const result = await units.flood.big({ bytes: 1024 * 1024 });
    expect(result.content[0].text).toHaveLength(1024 * 1024);
  });
});

describe("concurrent calls", () => {
  it("answers 20 parallel calls with mixed latency, each with its own result, over one connection", async () => {
    const delays = Array.from({ length: 20 }, (_, i) => (i * 37) % 200);
    const results = await Promise.all(delays.map((ms, i) => units.fixture.sleep({ ms, tag: `call-${i}` })));
    expect(results).toEqual(delays.map((ms, i) => ({ tag: `call-${i}`, ms })));
    const pids = await Promise.all([units.fixture.stats(), units.fixture.stats()]);
    expect(pids[0].pid).toBe(pids[1].pid);
  });
});

describe("timeouts and cancellation", () => {
  it("times out after callTimeoutMs and tells the server to cancel", async () => {
    // The message names the 3,000 ms limit; a call that waited out the sleep would resolve instead.
    await expect(units.slow.sleep({ ms: 10_000, tag: "slow" })).rejects.toMatchObject({
      code: "TIMEOUT",
      message: "slow.sleep did not finish within 3000 ms",
    });
    const cancelled = async () => (await units.slow.stats()).cancelled;
    expect(await cancelled()).toBe(1);
  });

  it("cancels on the caller's signal", async () => {
    const controller = new AbortController();
    const call = runtime.call("fixture", "sleep", { ms: 10_000, tag: "x" }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toMatchObject({ code: "CANCELLED" });
    expect((await units.fixture.stats()).cancelled).toBe(1);
  });
});

describe("an HTTP downstream that forgets the session", () => {
  it("re-initialises once and retries the call", async () => {
    expect(await units.overHttp.add({ a: 1, b: 1 })).toEqual({ sum: 2 });
    const forgotten = await (await fetch(new URL("/forget", http.url))).json();
    // One session for the build-time listing, one for the runtime.
    expect(forgotten).toEqual({ initializations: 2, notFound: 0 });
    expect(await units.overHttp.add({ a: 2, b: 2 })).toEqual({ sum: 4 });
    const after = await (await fetch(new URL("/forget", http.url))).json();
    expect(after).toEqual({ initializations: 3, notFound: 1 });
  });
});

describe("an HTTP downstream that is down", () => {
  it("fails the call with the reason, naming the connection error", async () => {
    await http.close();
    const error = await units.overHttp.add({ a: 1, b: 1 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: "MCP_PROTOCOL_ERROR",
      details: { unit: "overHttp", operation: "add" },
    });
    expect((error as Error).message).toMatch(/^overHttp\.add failed: .*ECONNREFUSED/);
  });
});

describe("a downstream whose tools change", () => {
  it("reports the drift and withholds the changed tool until recompiled", async () => {
    expect(await units.drifty.change_tools()).toEqual({ content: [{ type: "text", text: "changed" }] });
    const drift = () => events.find((e) => e.type === "mcp.drift" && e.unit === "drifty");
    expect(await waitFor(() => drift() !== undefined, 20_000)).toBe(true);
    expect(drift()?.tools).toEqual([{ operation: "echo", change: "description" }]);
    await expect(units.drifty.echo({ text: "x" })).rejects.toMatchObject({
      code: "MCP_SCHEMA_DRIFT",
      message:
        "MCP server of unit drifty changed since the bundle was compiled: echo (description changed); drifty.echo is withheld",
    });
    expect(await units.drifty.add({ a: 1, b: 2 })).toEqual({ sum: 3 });
  });
});

describe("a downstream that fails to start", () => {
  it("reports why with its stderr, keeps retrying with backoff, and serves once it can start", async () => {
    await expect(units.flaky.echo({ text: "x" })).rejects.toMatchObject({
      code: "MCP_START_FAILED",
      message: "the MCP server did not start: the server exited with code 7 before it answered initialize",
      details: { excerpt: "fixture: cannot start with token (none)" },
    });
    await expect(units.flaky.echo({ text: "x" })).rejects.toMatchObject({ code: "MCP_START_FAILED" });
    env.UNITC_TEST_EXIT = "0";
    expect(await units.flaky.echo({ text: "y" })).toEqual({ content: [{ type: "text", text: "echo: y" }] });
  });
});

describe("close", () => {
  it("ends every downstream, and later calls fail with RUNTIME_CLOSED", async () => {
    const pids = [(await units.fixture.stats()).pid, (await units.flood.stats()).pid];
    await runtime.close();
    expect(pids.filter(isRunning)).toEqual([]);
    await expect(units.fixture.echo({ text: "x" })).rejects.toMatchObject({ code: "RUNTIME_CLOSED" });
  });
});
