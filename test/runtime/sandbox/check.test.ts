/**
 * A run never waits long for a type checker that is still starting (TypeScript and the bundle's
 * declarations take seconds to load): past its bound it goes ahead with a warning while the check
 * finishes in the background, and once the checker is loaded every run's type errors are reported. Real
 * worker threads and the real TypeScript checker over the committed example bundle.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createRuntime } from "../../../runtime/index.js";
import { checkScript } from "../../../runtime/sandbox/check.js";
import { loadDeclarations, SandboxPool } from "../../../runtime/sandbox/index.js";
import { prepareCodeMode } from "../../../runtime/sandbox/prepare.js";
import { runCodeMode } from "../../../runtime/sandbox/run.js";
import { bundleDir } from "./support.js";

const pools: SandboxPool[] = [];
afterAll(() => Promise.all(pools.map((pool) => pool.close())));

function newPool(): SandboxPool {
  const pool = new SandboxPool({ size: 1 });
  pools.push(pool);
  return pool;
}

const WRONG = (n: number) => `const n: number = "text ${n}";\nreturn n`;

describe("the type check of a Code Mode script", () => {
  it("does not hold a run while the type checker is starting; the check still finishes", async () => {
    const pool = newPool();
    const declarations = loadDeclarations(bundleDir);
    const check = checkScript(pool, bundleDir, declarations, WRONG(1));
    expect(await check.syntax).toMatchObject({ diagnostics: [] });
    let checked = false;
    void check.checked.then(() => {
      checked = true;
    });
    const types = await check.types;
    // The run's answer came while the checker was still loading TypeScript and the declarations.
    expect(checked).toBe(false);
    expect(types).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "TYPECHECK_SKIPPED",
        message: expect.stringContaining("still starting"),
      }),
    ]);
    // The check went on in the background and found the error.
    expect(await check.checked).toEqual([expect.objectContaining({ code: "TS2322", line: 1 })]);
    // From now on the checker is ready: a new script's type error is part of its run's answer.
    const next = checkScript(pool, bundleDir, declarations, WRONG(2));
    expect(await next.types).toEqual([expect.objectContaining({ code: "TS2322", line: 1 })]);
  });

  it("waits a bounded while for a starting checker: its answer within the bound, a warning past it", async () => {
    const pool = newPool();
    const declarations = loadDeclarations(bundleDir);
    // A millisecond is far less than TypeScript takes to load: the answer is the warning, saying so.
    const hurried = checkScript(pool, bundleDir, declarations, WRONG(8), Promise.resolve(), 1);
    expect(await hurried.types).toEqual([
      expect.objectContaining({ code: "TYPECHECK_SKIPPED", message: expect.stringContaining("after 1 ms") }),
    ]);
    // Waiting long enough, a check that found the checker starting answers with the type error.
    const fresh = newPool();
    const patient = checkScript(fresh, bundleDir, declarations, WRONG(9), Promise.resolve(), 120_000);
    expect(await patient.types).toEqual([expect.objectContaining({ code: "TS2322", line: 1 })]);
  }, 150_000);

  it("starts the engines at once when preparing, not behind the syntax reader's TypeScript load", async () => {
    const pool = newPool();
    const preparing = prepareCodeMode(bundleDir, pool);
    // The engines (QuickJS, a fraction of a second) are what a first run needs most; the syntax
    // reader and the type checker load TypeScript for seconds on a busy machine.
    expect(pool.enginesStarted).toBe(1);
    // That the checker it then loads reports a first run's type error is the next test's.
    await preparing;
  });

  it("reports a type error in the first run after Code Mode was prepared", async () => {
    const pool = newPool();
    await prepareCodeMode(bundleDir, pool);
    const runtime = createRuntime({ manifestPath: `${bundleDir}/manifest.json` });
    try {
      const result = await runCodeMode(runtime, { code: WRONG(3) }, bundleDir, { pool });
      expect(result).toMatchObject({ ok: true, value: "text 3" });
      expect(result.diagnostics).toEqual([
        expect.objectContaining({ severity: "warning", code: "TS2322", line: 1 }),
      ]);
    } finally {
      await runtime.close();
    }
  });

  it("checks a one-off run (as unitc run makes) even while the checker is starting; serve's runs do not wait", async () => {
    const runtime = createRuntime({ manifestPath: `${bundleDir}/manifest.json` });
    try {
      const oneOff = await runCodeMode(runtime, { code: WRONG(4) }, bundleDir, { pool: newPool() });
      expect(oneOff).toMatchObject({ ok: true, value: "text 4" });
      expect(oneOff.diagnostics).toEqual([expect.objectContaining({ code: "TS2322", line: 1 })]);
      const served = await runCodeMode(runtime, { code: WRONG(5) }, bundleDir, {
        pool: newPool(),
        startingCheckWaitMs: 0,
      });
      expect(served).toMatchObject({ ok: true, value: "text 5" });
      expect(served.diagnostics.map((d) => d.code)).toEqual(["TYPECHECK_SKIPPED"]);
    } finally {
      await runtime.close();
    }
  });

  it("asks a loaded checker only once the run's job is on its way, so that the engine is woken first", async () => {
    const pool = newPool();
    const declarations = loadDeclarations(bundleDir);
    // The first check loads the checker (the run does not wait for that); the next finds it loaded.
    await checkScript(pool, bundleDir, declarations, WRONG(5)).checked;
    let post = () => {};
    const posted = new Promise<void>((resolve) => {
      post = resolve;
    });
    const check = checkScript(pool, bundleDir, declarations, WRONG(6), posted);
    let checked = false;
    void check.checked.then(() => {
      checked = true;
    });
    // A loaded checker answers a one-line script within milliseconds; this one was not asked yet.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(checked).toBe(false);
    post();
    expect(await check.checked).toEqual([expect.objectContaining({ code: "TS2322", line: 1 })]);
    // A run gives the signal itself: its check is part of its answer.
    const runtime = createRuntime({ manifestPath: `${bundleDir}/manifest.json` });
    try {
      const result = await runCodeMode(runtime, { code: WRONG(7) }, bundleDir, { pool });
      expect(result.diagnostics).toEqual([expect.objectContaining({ code: "TS2322", line: 1 })]);
    } finally {
      await runtime.close();
    }
  });

  it("reports a syntax error in a run whose type checker is still starting, and runs nothing", async () => {
    const pool = newPool();
    const runtime = createRuntime({ manifestPath: `${bundleDir}/manifest.json` });
    try {
      const result = await runCodeMode(runtime, { code: "return (1 +;" }, bundleDir, { pool });
      expect(result).toMatchObject({ ok: false, error: { code: "SYNTAX_ERROR", line: 1 } });
      expect(result.diagnostics.map((d) => d.code)).not.toContain("TYPECHECK_SKIPPED");
    } finally {
      await runtime.close();
    }
  });
});
