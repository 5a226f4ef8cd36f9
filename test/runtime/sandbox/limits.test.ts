/**
 * The limits of a run: time, memory, stack, log and result caps; a worker that does not stop is
 * ended and replaced; the host keeps answering while a script spins.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRuntime } from "../../../runtime/index.js";
import { runCodeMode, SandboxPool } from "../../../runtime/sandbox/index.js";
import { bundleDir, calcManifest, type ExampleBundle, env, startExample } from "./support.js";

let example: ExampleBundle;
const pool = new SandboxPool({ size: 2 });
beforeAll(async () => {
  example = await startExample(pool);
  // Start the workers (and load TypeScript in the checker) before anything is timed.
  await example.run("return 1");
});
afterAll(async () => {
  await example.close();
  await pool.close();
});

describe("Code Mode limits", () => {
  // No wall-clock bound here: the outcome is the TIMEOUT, and a loop that never ended would hang
  // the test into its own timeout.
  it("ends a busy loop at the deadline", async () => {
    const result = await example.run("for (;;) {}", { timeoutMs: 300 });
    expect(result).toMatchObject({
      ok: false,
      error: { code: "TIMEOUT", message: "the script ran past its time limit of 300 ms" },
    });
  });

  it("ends loops in microtasks and async functions too", async () => {
    for (const code of [
      "Promise.resolve().then(() => { for (;;) {} }); await null; await null; return 1",
      "for (;;) await null;",
      "const spin = (): Promise<unknown> => Promise.resolve().then(spin); await spin();",
    ]) {
      const result = await example.run(code, { timeoutMs: 300 });
      expect(result, code).toMatchObject({ ok: false, error: { code: "TIMEOUT" } });
    }
  });

  it("keeps logs written before a timeout", async () => {
    const result = await example.run('console.log("started"); for (;;) {}', { timeoutMs: 200 });
    expect(result.logs).toEqual([{ level: "log", message: "started" }]);
  });

  it("stops a script at the memory limit", async () => {
    const repeat = await example.run("return 'x'.repeat(2 ** 29).length");
    expect(repeat).toMatchObject({ ok: false, error: { code: "MEMORY_LIMIT" } });
    const grow = await example.run("const a = new Array(2 ** 24).fill(0); return a.length");
    expect(grow).toMatchObject({
      ok: false,
      error: { code: "MEMORY_LIMIT", message: "the script used more than the memory limit of 64 MiB" },
    });
    // QuickJS lets many small ArrayBuffers past its count; the worker's wasm memory cap stops them.
    const buffers = await example.run(
      "const a = []; for (let i = 0; i < 1000; i++) a.push(new ArrayBuffer(2 ** 20)); return a.length",
    );
    expect(buffers).toMatchObject({ ok: false, error: { code: "MEMORY_LIMIT" } });
    const caught = await example.run("try { 'x'.repeat(2 ** 29) } catch (e) { return String(e) }");
    expect(caught).toMatchObject({ ok: true, value: "InternalError: out of memory" });
  });

  it("bounds the stack", async () => {
    const result = await example.run("const f = (n: number): number => f(n + 1) + 1;\nreturn f(0)");
    expect(result).toMatchObject({ ok: false, error: { code: "STACK_OVERFLOW", line: 1 } });
    const depth = await example.run(
      "let n = 0; const f = (): number => (n++, f()); try { f() } catch { } return n",
    );
    expect((depth as { value: number }).value).toBeGreaterThan(500);
  });

  it("caps logs at 12 KiB with a visible marker", async () => {
    const result = await example.run(
      'for (let i = 0; i < 5000; i++) console.log("line " + String(i).padStart(5, "0"));',
    );
    const bytes = result.logs.slice(0, -1).reduce((n, entry) => n + Buffer.byteLength(entry.message), 0);
    expect(bytes).toBe(12 * 1024);
    expect(result.logs.at(-1)).toEqual({
      level: "warn",
      message: "[logs truncated: 37712 more bytes in 3772 line(s) dropped; the cap is 12288 bytes]",
    });
  });

  it("caps the returned value at 64 KiB with a visible marker", async () => {
    const result = await example.run('return Array.from({ length: 20000 }, (_, i) => "item" + i)');
    expect(result).toMatchObject({ ok: true, truncated: true });
    const text = (result as { value: string }).value;
    expect(text.startsWith('["item0","item1"')).toBe(true);
    expect(text).toMatch(
      / … \[result truncated: it is 228891 bytes as JSON; the cap is 65536 bytes\. Return less, for example only the fields you need\]$/,
    );
    expect(Buffer.byteLength(text)).toBeLessThan(65_536 + 200);
  });

  // An ordering, not a duration: the host answers both requests before the spinning run ends.
  it("keeps the host answering while a script spins", async () => {
    const run = example.run("for (;;) {}", { timeoutMs: 3_000 });
    let settled = false;
    void run.then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const response = await fetch(`${example.url}/weather/current/lima`, {
      headers: { "x-api-key": env.WEATHER_KEY },
    });
    expect(await response.json()).toEqual({ city: "lima", temperature: 22, conditions: "clear" });
    expect(await example.runtime.call("weather__current", "now", { city: "oslo" })).toMatchObject({
      conditions: "snow",
    });
    expect(settled).toBe(false);
    expect(await run).toMatchObject({ ok: false, error: { code: "TIMEOUT" } });
  });

  it("ends and replaces a worker whose built-in ignores the interrupt", async () => {
    const result = await example.run("return Array.prototype.indexOf.call({ length: 4294967295 }, 1)", {
      timeoutMs: 300,
    });
    expect(result).toMatchObject({ ok: false, error: { code: "TIMEOUT" } });
    expect((result as { error: { message: string } }).error.message).toContain("its worker was ended");
    expect(await example.run("return 6 * 7")).toMatchObject({ ok: true, value: 42 });
  });

  // A meeting, not a stopwatch: each run spins, then calls an operation that answers only once both
  // runs have called it. On a pool running one script at a time the first run would wait forever.
  it("runs scripts side by side on the pool", async () => {
    let arrived = 0;
    let meet: () => void = () => {};
    const met = new Promise<void>((resolve) => {
      meet = resolve;
    });
    const runtime = createRuntime({
      manifest: calcManifest(),
      invokers: {
        "in-process": async (input) => {
          arrived += 1;
          if (arrived === 2) meet();
          await met;
          const { a, b } = input as { a: number; b: number };
          return { value: a + b, truncated: false };
        },
      },
    });
    const script = (name: string) =>
      `const t = Date.now(); while (Date.now() - t < 200) {}\nawait units.calc.add({ a: 1, b: 1 });\nreturn "${name}";`;
    try {
      const results = await Promise.all(
        ["a", "b"].map((name) =>
          runCodeMode(runtime, { code: script(name), timeoutMs: 20_000 }, bundleDir, {
            pool,
            typecheck: false,
          }),
        ),
      );
      expect(results.map((r) => r.ok && r.value)).toEqual(["a", "b"]);
      expect(arrived).toBe(2);
    } finally {
      await runtime.close();
    }
  });
});
