/**
 * Which engine worker a Code Mode run gets: idle engines reused, new ones started up to the pool's
 * size, and the rest queued. Runs are shared fairly between their owners (HTTP principals, see
 * `owner.ts`): a waiting run of the owner with the fewest runs going is served first, and an owner
 * with none going while others hold every engine gets an extra engine of its own, so no caller can
 * hold Code Mode for everyone else for a script's whole time limit.
 */
import type { EngineQueue } from "../../observe/stats.js";
import { MAX_RUNS_PER_WORKER, WORKER_HEAP_MB, WORKER_STACK_MB } from "../shared/limits.js";
import type { EngineMessage } from "../shared/protocol.js";
import { WorkerClient } from "./worker-client.js";

export type Engine = WorkerClient<EngineMessage>;
/** Engines past the pool's size, each started for an owner that had none going while others held all. */
const MAX_EXTRA_ENGINES = 2;

/** A run waiting for an engine, and whose it is. */
interface Waiter {
  owner: string | undefined;
  give: (engine: Promise<Engine>) => void;
}

/** The engine workers of one pool, and the runs waiting for one. */
export class EngineAllocator {
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
  private closed = false;

  constructor(readonly size: number) {}

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
  acquire(owner: string | undefined): Promise<Engine> {
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

  /** Gives `engine` back after a run of `owner`: to the next waiting run, to the idle list, or ended. */
  release(engine: Engine, healthy: boolean, owner: string | undefined): void {
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

  /** The queue now: runs waiting, engines started, engines idle (the operator status shows it). */
  queue(): EngineQueue {
    return { waiting: this.waiting.length, engines: this.engines, idle: this.idle.length };
  }

  /** Ends the idle engines and refuses further runs; engines running end when their runs do. */
  close(): Promise<void> {
    this.closed = true;
    const engines = this.idle.splice(0);
    this.engines -= engines.length;
    return Promise.all(engines.map((engine) => engine.terminate())).then(() => undefined);
  }
}
