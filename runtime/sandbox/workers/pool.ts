/**
 * The worker threads behind Code Mode: a small pool of engine workers (QuickJS, one run at a time
 * each) and the type-check workers (TypeScript, see `checker.ts`). A worker that overran its deadline, crashed or may
 * be in a bad state is ended and replaced; the host thread only passes messages, so it keeps
 * answering other requests while scripts run. Runs are shared fairly between their owners (HTTP
 * principals, see `owner.ts`): a waiting run of the owner with the fewest runs going is served first,
 * and an owner with none going while others hold every engine gets an extra engine of its own, so no
 * caller can hold Code Mode for everyone else for a script's whole time limit.
 */
import { availableParallelism } from "node:os";
import { countedRun, recordEngineWait } from "../../observe/metrics.js";
import { type EngineQueue, watchEngineQueue } from "../../observe/stats.js";
import {
  MAX_RUNS_PER_WORKER,
  TERMINATE_GRACE_MS,
  WORKER_HEAP_MB,
  WORKER_STACK_MB,
} from "../shared/limits.js";
import { runOwner } from "../shared/owner.js";
import type { EngineMessage, EngineOutcome, RunJob } from "../shared/protocol.js";
import { CheckWorkers } from "./checker.js";
import { WorkerClient, WorkerTimeoutError } from "./worker-client.js";

type Engine = WorkerClient<EngineMessage>;
/** A worker's answer that it ran nothing of the job. */
const DECLINED = Symbol("declined");
/** Engines asked in turn before a run fails: each one that declines is replaced. */
const MAX_DECLINES = 3;
const CALL_FAILED = JSON.stringify({ ok: false, error: { code: "CALL_FAILED", message: "the call failed" } });
/** Engines past the pool's size, each started for an owner that had none going while others held all. */
const MAX_EXTRA_ENGINES = 2;

/** A run waiting for an engine, and whose it is. */
interface Waiter {
  owner: string | undefined;
  give: (engine: Promise<Engine>) => void;
}

export interface SandboxPoolOptions {
  /** Engine workers (default: 2, or 1 on a single CPU). */
  size?: number;
}

export class SandboxPool {
  readonly size: number;
  private readonly idle: Engine[] = [];
  private readonly waiting: Waiter[] = [];
  /** Runs on an engine, by owner. */
  private readonly going = new Map<string, number>();
  private engines = 0;
  /**
   * Engines {@link warm} is starting for no run: a run arriving meanwhile waits for one of them rather
   * than starting another (two engines starting at once each take the CPU the other needs).
   */
  private warming = 0;
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

  private goingOf(owner: string | undefined): number {
    return owner === undefined ? 0 : (this.going.get(owner) ?? 0);
  }

  private count(owner: string | undefined, delta: number): void {
    if (owner === undefined) return;
    const next = this.goingOf(owner) + delta;
    if (next > 0) this.going.set(owner, next);
    else this.going.delete(owner);
  }

  /** An engine for a run of `owner`, whose run counts (waiting included) until {@link release}. */
  private acquire(owner: string | undefined): Promise<Engine> {
    const engine = this.acquireEngine(owner);
    this.count(owner, 1);
    return engine.catch((error: unknown) => {
      this.count(owner, -1);
      throw error;
    });
  }

  private acquireEngine(owner: string | undefined): Promise<Engine> {
    if (this.closed) return Promise.reject(new Error("the sandbox pool is closed"));
    // The engine idle longest first: it has had the most time to prepare its next context.
    let ready = this.idle.shift();
    // An idle worker that stopped on its own is dropped, not handed out.
    while (ready && !ready.alive) {
      this.engines -= 1;
      ready = this.idle.shift();
    }
    if (ready) return Promise.resolve(ready);
    // An engine {@link warm} is starting that no waiting run has claimed yet: this run takes it.
    if (this.warming > this.waiting.length) return this.wait(owner);
    if (this.engines < this.size) return this.spawn();
    if (this.mayStartExtra(owner)) return this.spawn();
    return this.wait(owner);
  }

  /** A place in the queue of runs waiting for an engine. */
  private wait(owner: string | undefined): Promise<Engine> {
    return new Promise<Engine>((resolve, reject) =>
      this.waiting.push({ owner, give: (engine) => engine.then(resolve, reject) }),
    );
  }

  /**
   * True when every engine is taken, by other owners' runs only (this owner has none), and an extra
   * engine may still be started for it.
   */
  private mayStartExtra(owner: string | undefined): boolean {
    return owner !== undefined && this.goingOf(owner) === 0 && this.engines < this.size + MAX_EXTRA_ENGINES;
  }

  /** The index of the next waiting run: of the owner with the fewest runs, first come among equals. */
  private nextWaiter(): number {
    let best = -1;
    for (let i = 0; i < this.waiting.length; i += 1) {
      const owner = this.waiting[i]?.owner;
      if (best < 0 || this.goingOf(owner) < this.goingOf(this.waiting[best]?.owner)) best = i;
    }
    return best;
  }

  private release(engine: Engine, healthy: boolean, owner: string | undefined): void {
    this.count(owner, -1);
    // An extra engine is ended once its run is done: the pool goes back to its size.
    const extra = this.engines > this.size;
    if (healthy && !extra && engine.alive && engine.served < MAX_RUNS_PER_WORKER && !this.closed) {
      const next = this.nextWaiter();
      if (next >= 0) this.waiting.splice(next, 1)[0]?.give(Promise.resolve(engine));
      else this.idle.push(engine);
      return;
    }
    void engine.terminate();
    this.engines -= 1;
    const next = this.nextWaiter();
    const waiter = this.waiting[next];
    // A waiting run of an owner that has no other run counts as its own: it counts 1 here.
    const startsExtra = waiter?.owner !== undefined && this.goingOf(waiter.owner) === 1;
    if (
      waiter &&
      (this.engines < this.size || (startsExtra && this.engines < this.size + MAX_EXTRA_ENGINES))
    ) {
      this.waiting.splice(next, 1);
      waiter.give(this.spawn());
    }
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

  /** Starts one engine worker ahead of the first run (a run arriving meanwhile gets it); resolves when it is ready. */
  async warm(): Promise<void> {
    const starting = this.acquire(undefined);
    this.warming += 1;
    let engine: Engine;
    try {
      engine = await starting;
    } catch (error) {
      this.warming -= 1;
      // A run that waited for this engine gets one of its own.
      const next = this.nextWaiter();
      if (next >= 0 && this.engines < this.size) this.waiting.splice(next, 1)[0]?.give(this.spawn());
      throw error;
    }
    this.warming -= 1;
    this.release(engine, true, undefined);
  }

  /** Starts every engine worker the pool may have, so runs in a row alternate between ready engines. */
  async warmAll(): Promise<void> {
    const engines = await Promise.all(Array.from({ length: this.size - this.engines }, () => this.spawn()));
    for (const engine of engines) this.release(engine, true, undefined);
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
    const engine = await this.acquire(owner);
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
      this.release(engine, outcome !== undefined && outcome !== DECLINED && !outcome.retire, owner);
    }
  }

  /** The queue now: runs waiting, engines started, engines idle (the operator status shows it). */
  queue(): EngineQueue {
    return { waiting: this.waiting.length, engines: this.engines, idle: this.idle.length };
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
