/**
 * A serve warms one engine ahead of its first run; a run that arrives while that engine is still
 * starting takes it instead of starting a second one beside it (two QuickJS starts at once each slow
 * the other, and the type checker loading at the same time). Real engine worker threads.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SandboxPool } from "../../../../runtime/sandbox/index.js";
import { JOB_LIMITS } from "../../../../runtime/sandbox/shared/limits.js";
import type { RunJob } from "../../../../runtime/sandbox/shared/protocol.js";
import { prepareScript } from "../../../../runtime/sandbox/transform.js";

let pool: SandboxPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

/** The engine job of plain JavaScript `code` with no units. */
async function jobOf(code: string): Promise<RunJob> {
  const prepared = await prepareScript(code, undefined, true);
  if (!("js" in prepared)) throw new Error(prepared.message);
  return {
    js: prepared.js,
    catalog: "[]",
    timeoutMs: 10_000,
    ...JOB_LIMITS,
  };
}

const noCalls = async () => "{}";

describe("a run arriving while the pool warms its first engine", () => {
  it("runs on that engine: no second engine is started for it", async () => {
    pool = new SandboxPool({ size: 2 });
    const job = await jobOf("return 6 * 7");
    const warming = pool.warm();
    const outcome = await pool.run(job, noCalls);
    expect(outcome).toMatchObject({ ok: true, json: "42" });
    await warming;
    expect(pool.enginesStarted).toBe(1);
    expect(pool.queue()).toMatchObject({ waiting: 0, engines: 1, idle: 1 });
  });

  it("leaves a second run arriving meanwhile its own engine, and each run answers", async () => {
    pool = new SandboxPool({ size: 2 });
    const job = await jobOf("return 1 + 1");
    const warming = pool.warm();
    const outcomes = await Promise.all([pool.run(job, noCalls), pool.run(job, noCalls)]);
    expect(outcomes).toEqual([
      expect.objectContaining({ ok: true, json: "2" }),
      expect.objectContaining({ ok: true, json: "2" }),
    ]);
    await warming;
    expect(pool.enginesStarted).toBe(2);
  });
});
