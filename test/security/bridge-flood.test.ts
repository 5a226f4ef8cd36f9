/**
 * A script must not make the host buffer its calls without bound: 1,000 un-awaited calls with 1 MB
 * inputs stop the run with a clear error while the host's memory stays flat, and the request limit
 * counts bytes of UTF-8, not UTF-16 code units. Real engine workers, a real runtime whose operation
 * runs in-process (and takes a little while, as a real one would).
 */
import { afterAll, describe, expect, it } from "vitest";
import { codeModeLimits, runCodeMode, SandboxPool } from "../../runtime/sandbox/index.js";
import { bundleDir } from "../runtime/sandbox/support.js";
import { sinkRuntime } from "./support.js";

const { runtime, counted, stats } = sinkRuntime();
const pool = new SandboxPool({ size: 1 });
afterAll(async () => {
  await runtime.close();
  await pool.close();
});

const run = (code: string) =>
  runCodeMode(counted, { code, timeoutMs: 60_000 }, bundleDir, { pool, typecheck: false });

/** Runs `code` and samples the host's resident memory meanwhile: its result and the most RSS grew. */
async function measured(code: string) {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await run(code);
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, grownMb: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

const FLOOD = `const big = "x".repeat(1_000_000);
const sent = [];
for (let i = 0; i < 1000; i++) sent.push(units.sink.put({ body: big }));`;

describe("bridge flood", () => {
  it("stops a run that fires 1,000 un-awaited 1 MB calls, with bounded host memory", {
    timeout: 120_000,
  }, async () => {
    await run("return 1");
    stats.calls = 0;
    stats.delayMs = 500;
    stats.mostInFlight = 0;
    const { result, grownMb } = await measured(`${FLOOD}\nawait Promise.all(sent);\nreturn "done";`);
    const total = codeModeLimits.MAX_RUN_REQUEST_BYTES;
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: "CALL_LIMIT",
        message: `the script's calls sent more than ${total} bytes of input in all; the run was stopped`,
        hint: expect.any(String),
      },
    });
    expect(grownMb).toBeLessThan(300);
    expect(stats.mostInFlight).toBeLessThanOrEqual(codeModeLimits.MAX_CONCURRENT_CALLS);
    expect(stats.calls).toBeLessThanOrEqual(Math.ceil(total / 1_000_000));
  });

  it("sends no waiting call once the script has returned", { timeout: 120_000 }, async () => {
    stats.dispatched = 0;
    stats.delayMs = 500;
    const result = await run(
      'const body = "x".repeat(100_000);\nfor (let i = 0; i < 20; i++) units.sink.put({ body });\nreturn "fired";',
    );
    expect(result).toMatchObject({ ok: true, value: "fired" });
    // Give calls that leaked past the end of the run the time to arrive (after the first ones end).
    await new Promise((resolve) => setTimeout(resolve, stats.delayMs + 300));
    expect(stats.dispatched).toBeLessThanOrEqual(codeModeLimits.MAX_CONCURRENT_CALLS);
  });

  it("counts the request limit in bytes of UTF-8: 600 K euro signs are 1.8 MB", async () => {
    stats.calls = 0;
    stats.delayMs = 5;
    const result = await run('return await units.sink.put({ body: "€".repeat(600_000) })');
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: "REQUEST_TOO_LARGE",
        message: `a call's input may be at most ${codeModeLimits.MAX_REQUEST_BYTES} bytes of JSON; this one is 1800067 bytes`,
      },
    });
    expect(stats.calls).toBe(0);
    // Just under the limit in bytes goes through.
    const fits = await run('return await units.sink.put({ body: "€".repeat(340_000) })');
    expect(fits).toMatchObject({ ok: true, value: 340_000 });
  });

  it("stops a run at its 1,000th call, awaited or not", async () => {
    const result = await run(
      "for (let i = 0; i < 1001; i++) units.sink.put({ body: 'x' });\nawait units.sink.put({ body: 'last' });",
    );
    expect(result).toMatchObject({
      ok: false,
      error: { code: "CALL_LIMIT", message: "the script made more than 1000 calls; the run was stopped" },
    });
  });
});
