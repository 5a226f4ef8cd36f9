/**
 * The worker threads behind Code Mode: a small pool of engine workers (QuickJS, one run at a time
 * each) and the type-check workers (TypeScript, see `checker.ts`). A worker that overran its deadline, crashed or may
 * be in a bad state is ended and replaced; the host thread only passes messages, so it keeps
 * answering other requests while scripts run. Which engine a run gets, shared fairly between the
 * runs' owners, is `engine-allocator.ts`'s to decide.
 */
import { availableParallelism } from "node:os";
import { countedRun, recordEngineWait } from "../../observe/metrics.js";
import { type EngineQueue, watchEngineQueue } from "../../observe/stats.js";
import { TERMINATE_GRACE_MS } from "../shared/limits.js";
import { runOwner } from "../shared/owner.js";
import type { EngineOutcome, RunJob } from "../shared/protocol.js";
import { CheckWorkers } from "./checker.js";
import { EngineAllocator } from "./engine-allocator.js";
import { WorkerTimeoutError } from "./worker-client.js";

/** A worker's answer that it ran nothing of the job. */
const DECLINED = Symbol("declined");
/** Engines asked in turn before a run fails: each one that declines is replaced. */
const MAX_DECLINES = 3;
const CALL_FAILED = JSON.stringify({ ok: false, error: { code: "CALL_FAILED", message: "the call failed" } });

export interface SandboxPoolOptions {
  /** Engine workers (default: 2, or 1 on a single CPU). */
  size?: number;
}

export class SandboxPool {
  readonly size: number;
  /** The type-check workers (syntax, and types against the bundle's declarations). */
  readonly checks = new CheckWorkers();
  private readonly allocator: EngineAllocator;

  constructor(options: SandboxPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? Math.min(2, availableParallelism()));
    this.allocator = new EngineAllocator(this.size);
  }

  /** Engine workers running or starting. */
  get enginesStarted(): number {
    return this.allocator.enginesStarted;
  }

  /** Starts one engine worker ahead of the first run (a run arriving meanwhile gets it); resolves when it is ready. */
  warm(): Promise<void> {
    return this.allocator.warm();
  }

  /** Starts every engine worker the pool may have, so runs in a row alternate between ready engines. */
  warmAll(): Promise<void> {
    return this.allocator.warmAll();
  }

  /**
   * Runs `job` on an engine, for the owner {@link runOwner} names; `onCall` answers the script's
   * bridge requests; `onPosted` is called once the job is on its way to an engine. A worker that does not answer by the deadline plus a
   * grace period is ended and the run fails with `TIMEOUT`.
   */
  async run(
    job: RunJob,
    onCall: (request: string) => Promise<string>,
    onPosted?: () => void,
  ): Promise<EngineOutcome> {
    const owner = runOwner.getStore();
    // An engine that declines (see `engine-worker.ts`) ran nothing: the job goes to another one.
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await this.runOnce(job, owner, onCall, onPosted);
      if (outcome !== DECLINED) return countedRun(outcome);
      if (attempt >= MAX_DECLINES) return countedRun(lostRun(job, new Error("no engine could take the run")));
    }
  }

  private async runOnce(
    job: RunJob,
    owner: string | undefined,
    onCall: (request: string) => Promise<string>,
    onPosted?: () => void,
  ): Promise<EngineOutcome | typeof DECLINED> {
    const asked = performance.now();
    const engine = await this.allocator.acquire(owner);
    recordEngineWait((performance.now() - asked) / 1000);
    let active = true;
    let outcome: EngineOutcome | typeof DECLINED | undefined;
    try {
      const answer = engine.request<EngineOutcome | typeof DECLINED>(
        { type: "run", job },
        (message) => {
          if (message.type === "result") return message.outcome;
          if (message.type === "declined") return DECLINED;
          if (message.type === "call") {
            const reply = (response: string) => {
              if (active) engine.post({ type: "reply", callId: message.callId, response });
            };
            void onCall(message.request).then(reply, () => reply(CALL_FAILED));
          }
          return undefined;
        },
        job.timeoutMs + TERMINATE_GRACE_MS,
      );
      onPosted?.();
      outcome = await answer;
      return outcome;
    } catch (error) {
      return lostRun(job, error);
    } finally {
      active = false;
      this.allocator.release(engine, outcome !== undefined && outcome !== DECLINED && !outcome.retire, owner);
    }
  }

  /** The queue now: runs waiting, engines started, engines idle (the operator status shows it). */
  queue(): EngineQueue {
    return this.allocator.queue();
  }

  /** Ends every worker; runs in progress fail. */
  async close(): Promise<void> {
    await Promise.all([this.allocator.close(), this.checks.close()]);
  }
}

/** The outcome of a run whose worker overran its deadline or stopped. */
export function lostRun(job: Pick<RunJob, "timeoutMs">, error: unknown): EngineOutcome {
  if (error instanceof WorkerTimeoutError) {
    return {
      ok: false,
      error: {
        code: "TIMEOUT",
        message: `the script ran past its time limit of ${job.timeoutMs} ms inside an engine built-in that cannot be interrupted; its worker was ended (its logs are lost)`,
        hint: "avoid huge loops inside built-ins (giant arrays, strings or regular expressions), or pass a larger timeoutMs",
      },
      logs: [],
    };
  }
  const reason = error instanceof Error ? error.message : String(error);
  return {
    ok: false,
    error: {
      code: "SANDBOX_FAILED",
      message: `the sandbox worker stopped during the run (${reason})`,
      hint: "the script may have exhausted the worker's memory; work on smaller data",
    },
    logs: [],
  };
}

let shared: SandboxPool | undefined;

/** The pool runs use unless given their own; its idle workers never keep the process alive. */
export function defaultSandboxPool(): SandboxPool {
  if (!shared) {
    const pool = new SandboxPool();
    watchEngineQueue(() => pool.queue());
    shared = pool;
  }
  return shared;
}

/** Ends the default pool's workers; the next run starts a new pool. */
export async function closeDefaultSandboxPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
