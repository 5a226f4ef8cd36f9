/**
 * A run whose engine worker is lost ends as a failure with a code and a hint, never a thrown error:
 * `TIMEOUT` when the worker overran its deadline and was ended, `SANDBOX_FAILED` when it stopped.
 */
import { describe, expect, it } from "vitest";
import { lostRun } from "../../../runtime/sandbox/workers/pool.js";
import { WorkerExitError, WorkerTimeoutError } from "../../../runtime/sandbox/workers/worker-client.js";

describe("a run whose worker is lost", () => {
  it("fails with SANDBOX_FAILED when the worker stopped", () => {
    expect(lostRun({ timeoutMs: 1000 }, new WorkerExitError("the worker stopped (exit code 1)"))).toEqual({
      ok: false,
      error: {
        code: "SANDBOX_FAILED",
        message: "the sandbox worker stopped during the run (the worker stopped (exit code 1))",
        hint: "the script may have exhausted the worker's memory; work on smaller data",
      },
      logs: [],
    });
  });

  it("fails with TIMEOUT when the worker overran its deadline", () => {
    const outcome = lostRun({ timeoutMs: 1000 }, new WorkerTimeoutError("late"));
    expect(outcome).toMatchObject({ ok: false, error: { code: "TIMEOUT" } });
    expect(JSON.stringify(outcome)).toContain("time limit of 1000 ms");
  });
});
