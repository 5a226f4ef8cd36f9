/**
 * The worker threads behind Code Mode: a small pool of engine workers (QuickJS, one run at a time
 * each) and the type-check workers (TypeScript, see `checker.ts`). A worker that overran its deadline, crashed or may
 * be in a bad state is ended and replaced; the host thread only passes messages, so it keeps
 * answering other requests while scripts run.
 */
import { availableParallelism } from "node:os";
import { CheckWorkers } from "./checker.js";
import { MAX_RUNS_PER_WORKER, TERMINATE_GRACE_MS, WORKER_HEAP_MB, WORKER_STACK_MB } from "./limits.js";
import type { EngineMessage, EngineOutcome, RunJob } from "./protocol.js";
import { WorkerClient, WorkerTimeoutError } from "./worker-client.js";

type Engine = WorkerClient<EngineMessage>;
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
  private readonly idle: Engine[] = [];
  private readonly waiting: Array<(engine: Promise<Engine>) => void> = [];
  private engines = 0;
  /** The type-check workers (syntax, and types against the bundle's declarations). */
  readonly checks = new CheckWorkers();
  private closed = false;

  constructor(options: SandboxPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? Math.min(2, availableParallelism()));
  }

  private startEngine(): Promise<Engine> {
    return WorkerClient.start<EngineMessage>("engine-worker", {
      resourceLimits: { stackSizeMb: WORKER_STACK_MB, maxOldGenerationSizeMb: WORKER_HEAP_MB },
      wake: true,
    });
  }

  private acquire(): Promise<Engine> {
    if (this.closed) return Promise.reject(new Error("the sandbox pool is closed"));
    // The engine idle longest first: it has had the most time to prepare its next context.
    let ready = this.idle.shift();
    // An idle worker that stopped on its own is dropped, not handed out.
    while (ready && !ready.alive) {
      this.engines -= 1;
      ready = this.idle.shift();
    }
    if (ready) return Promise.resolve(ready);
    if (this.engines < this.size) return this.spawn();
    return new Promise<Engine>((resolve, reject) =>
      this.waiting.push((engine) => engine.then(resolve, reject)),
    );
  }

  private release(engine: Engine, healthy: boolean): void {
    const next = this.waiting.shift();
    if (healthy && engine.alive && engine.served < MAX_RUNS_PER_WORKER && !this.closed) {
      if (next) next(Promise.resolve(engine));
      else this.idle.push(engine);
      return;
    }
    void engine.terminate();
    this.engines -= 1;
    if (next) next(this.spawn());
  }

  /** A new engine, counted while it lives (or until it fails to start). */
  private spawn(): Promise<Engine> {
    this.engines += 1;
    return this.startEngine().catch((error: unknown) => {
      this.engines -= 1;
      throw error;
    });
  }

  /** Engine workers running or starting. */
  get enginesStarted(): number {
    return this.engines;
  }

  /** Starts one engine worker ahead of the first run; resolves when it is ready. */
  async warm(): Promise<void> {
    this.release(await this.acquire(), true);
  }

  /** Starts every engine worker the pool may have, so runs in a row alternate between ready engines. */
  async warmAll(): Promise<void> {
    const engines = await Promise.all(Array.from({ length: this.size - this.engines }, () => this.spawn()));
    for (const engine of engines) this.release(engine, true);
  }

  /**
   * Runs `job` on an engine; `onCall` answers the script's bridge requests; `onPosted` is called
   * once the job is on its way to an engine. A worker that does not answer by the deadline plus a
   * grace period is ended and the run fails with `TIMEOUT`.
   */
  async run(
    job: RunJob,
    onCall: (request: string) => Promise<string>,
    onPosted?: () => void,
  ): Promise<EngineOutcome> {
    // An engine that declines (see `engine-worker.ts`) ran nothing: the job goes to another one.
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await this.runOnce(job, onCall, onPosted);
      if (outcome !== DECLINED) return outcome;
      if (attempt >= MAX_DECLINES) return lostRun(job, new Error("no engine could take the run"));
    }
  }

  private async runOnce(
    job: RunJob,
    onCall: (request: string) => Promise<string>,
    onPosted?: () => void,
  ): Promise<EngineOutcome | typeof DECLINED> {
    const engine = await this.acquire();
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
      this.release(engine, outcome !== undefined && outcome !== DECLINED && !outcome.retire);
    }
  }

  /** Ends every worker; runs in progress fail. */
  async close(): Promise<void> {
    this.closed = true;
    const engines = this.idle.splice(0);
    this.engines -= engines.length;
    await Promise.all([...engines.map((engine) => engine.terminate()), this.checks.close()]);
  }
}

/** The outcome of a run whose worker overran its deadline or stopped. */
function lostRun(job: RunJob, error: unknown): EngineOutcome {
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
  shared ??= new SandboxPool();
  return shared;
}

/** Ends the default pool's workers; the next run starts a new pool. */
export async function closeDefaultSandboxPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
