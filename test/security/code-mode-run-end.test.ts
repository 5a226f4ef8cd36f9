/**
 * How a run ends, whatever the script did to get there: a polluted `Object.prototype.toJSON` does
 * not break the host's reading of the outcome (nor cost the worker), getters and `toJSON` that run
 * while the result or the error is read cannot reach the host, and a promise flood that exhausts
 * the heap (or one built-in call that does) is reported as MEMORY_LIMIT. Real engine workers, the in-process sink unit.
 */
import { afterAll, describe, expect, it } from "vitest";
import { runCodeMode, SandboxPool } from "../../runtime/sandbox/index.js";
import { bundleDir } from "../runtime/sandbox/support.js";
import { sinkRuntime } from "./support.js";

const { runtime, counted, stats } = sinkRuntime();
const pool = new SandboxPool({ size: 1 });
afterAll(async () => {
  await runtime.close();
  await pool.close();
});

const run = (code: string) =>
  runCodeMode(counted, { code, timeoutMs: 20_000 }, bundleDir, { pool, typecheck: false });

const POLLUTE = "Object.prototype.toJSON = function () { return null };\n";

describe("the end of a run", () => {
  it("reads a failure right after the script polluted Object.prototype.toJSON, three times in a row", async () => {
    for (let i = 0; i < 3; i++) {
      const result = await run(`${POLLUTE}throw new Error("boom ${i}")`);
      expect(result).toMatchObject({
        ok: false,
        error: { code: "SCRIPT_ERROR", message: `Error: boom ${i}` },
      });
    }
    const failed = await run(`${POLLUTE}await units.sink.put({ body: 7 })`);
    expect(failed).toMatchObject({ ok: false, error: { code: "INPUT_INVALID" } });
    // The script's own toJSON still decides its own value.
    expect(await run(`${POLLUTE}return { a: 1 }`)).toMatchObject({ ok: true, value: null });
    expect(await run("return 6 * 7")).toMatchObject({ ok: true, value: 42 });
  });

  it.each([
    [
      "a getter of the returned value",
      'return { get late() { units.sink.put({ body: "late" }); return "x" } }',
      { ok: true, value: { late: "x" } },
    ],
    [
      "the returned value's toJSON",
      'return { toJSON() { units.sink.put({ body: "late" }); return 1 } }',
      { ok: true, value: 1 },
    ],
    [
      "a getter of the thrown value",
      'throw { get message() { units.sink.put({ body: "late" }); return "m" } }',
      { ok: false, error: { code: "SCRIPT_ERROR", message: "Thrown: m" } },
    ],
  ])("sends no call that %s makes once the script is done", async (_name, code, want) => {
    stats.dispatched = 0;
    for (let i = 0; i < 3; i++) expect(await run(code)).toMatchObject(want);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stats.dispatched).toBe(0);
  });

  it.each([
    ["a flood of queued reactions", "for (;;) Promise.resolve().then(() => {});"],
    ["an endless chain of reactions", "let p = Promise.resolve(); for (;;) p = p.then(() => {});"],
    // Out of memory QuickJS may fail to make its own error and throw null; unwinding frees the heap
    // before the run ends, so only a watch kept while the script runs can tell.
    ["an array of pending promises", "const a: unknown[] = []; for (;;) a.push(new Promise(() => {}));"],
    ["an array of small objects", "const a: unknown[] = []; for (;;) a.push({});"],
    // One call of a built-in that fills the heap at once: the watch between jobs never sees it full.
    ["a built-in's huge result", 'return "x".repeat(1 << 24).split("").length;'],
    ["a built-in's huge result, awaited first", 'await null; return "x".repeat(1 << 24).split("").length;'],
    [
      "async self-recursion across awaits",
      "const f = async (): Promise<unknown> => { await null; return f(); }; await f();",
    ],
  ])("reports %s that exhausts the heap as MEMORY_LIMIT", async (_name, code) => {
    const result = await run(code);
    expect(result).toMatchObject({
      ok: false,
      error: { code: "MEMORY_LIMIT", message: "the script used more than the memory limit of 64 MiB" },
    });
    // A script that throws null itself still says so.
    expect(await run("throw null")).toMatchObject({
      ok: false,
      error: { code: "SCRIPT_ERROR", message: "Thrown: null" },
    });
  });
});
