import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRuntime } from "../../../../runtime/index.js";
import { runCodeMode, SandboxPool } from "../../../../runtime/sandbox/index.js";
import { bundleDir, calcManifest, type ExampleBundle, startExample } from "../support.js";

// An engine worker makes its next context while it waits, with `units` already defined for the
// catalogue of its last run: a run of another bundle must never find those units.
const calcBundle = calcManifest();

const pool = new SandboxPool({ size: 1 });
const calc = createRuntime({
  manifest: calcBundle,
  baseDir: bundleDir,
  invokers: {
    "in-process": async (input) => ({ value: (input as { a: number; b: number }).a + 1, truncated: false }),
  },
});
let example: ExampleBundle;

beforeAll(async () => {
  example = await startExample(pool);
});
afterAll(async () => {
  await example.close();
  await calc.close();
  await pool.close();
});

const listed = "return Object.keys(units).sort()";

describe("the engine worker's prepared contexts", () => {
  it("give each run the units of its own bundle, whichever bundle ran before on the worker", async () => {
    const runCalc = (code: string) => runCodeMode(calc, { code }, bundleDir, { pool, typecheck: false });
    const exampleUnits = await example.run(listed);
    expect(exampleUnits).toMatchObject({ ok: true });
    for (let round = 0; round < 3; round++) {
      expect(await runCalc(listed)).toMatchObject({ ok: true, value: ["calc", "describe", "search"] });
      expect(await runCalc("return await units.calc.add({ a: 1, b: 2 })")).toMatchObject({
        ok: true,
        value: 2,
      });
      expect(await example.run(listed)).toMatchObject({
        ok: true,
        value: (exampleUnits as { value: unknown }).value,
      });
      expect(await example.run('return "calc" in units')).toMatchObject({ ok: true, value: false });
    }
  });

  it("start each run of the same bundle from a context no script has touched", async () => {
    expect(await example.run("globalThis.leftOver = 1; units.notes.extra = 2; return 1")).toMatchObject({
      ok: true,
    });
    expect(await example.run("return [typeof leftOver, typeof units.notes.extra]")).toMatchObject({
      ok: true,
      value: ["undefined", "undefined"],
    });
  });
});
