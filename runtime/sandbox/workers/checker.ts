/**
 * The type-check workers as the host drives them. A script's syntax gates its run, so it is read by
 * a worker of its own that only parses (quick). Type checks, which a script can make take TypeScript
 * minutes, run one at a time on a second worker, each within a budget: past it the worker is ended
 * (and started again for the next check) and the script runs unchecked, with a warning. A check that
 * would wait long behind another script's check is skipped the same way, so no run waits on another
 * run's check.
 */
import {
  CHECK_LOAD_BUDGET_MS,
  CHECKER_HEAP_MB,
  SYNTAX_BUDGET_MS,
  SYNTAX_HEAP_MB,
  TYPECHECK_BUDGET_MS,
  TYPECHECK_WAIT_MS,
} from "../shared/limits.js";
import type { CheckDiagnostic, CheckMessage, CheckRequest, SyntaxOutcome } from "../shared/protocol.js";
import { WorkerClient, WorkerTimeoutError } from "./worker-client.js";

type Checker = WorkerClient<CheckMessage>;
/** V8's young generation of a type-check worker (its default is larger, and an idle serve keeps it). */
const YOUNG_HEAP_MB = 16;
type Answer = Exclude<CheckMessage, { type: "ready" }>;

/** What a type check needs from the bundle. */
export interface CheckInput {
  bundleDir: string;
  version: string;
  declarations: string;
  code: string;
}

/** A check that gave no answer; the message says why, for the agent's warning. */
export class CheckSkipped extends Error {}

/** One worker, started when first asked and again after it was ended, asked one request at a time. */
class CheckWorker {
  private worker: Promise<Checker> | undefined;

  constructor(private readonly heapMb: number) {}

  /** Whether the worker is running or starting. */
  get started(): boolean {
    return this.worker !== undefined;
  }

  /** The running worker, started if need be. */
  ready(): Promise<Checker> {
    if (!this.worker) {
      // Its own heap limit: a script that makes TypeScript run out of memory ends this worker only.
      const started = WorkerClient.start<CheckMessage>("check-worker", {
        // A small young generation: TypeScript's parse garbage is collected sooner, not held idle.
        resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: YOUNG_HEAP_MB },
      });
      this.worker = started;
      started.catch(() => this.forget(started));
    }
    return this.worker;
  }

  private forget(worker: Promise<Checker>): void {
    if (this.worker === worker) this.worker = undefined;
  }

  /** Sends `request`; past `budgetMs`, or when the worker fails, the worker is ended. */
  async ask(request: CheckRequest, budgetMs: number, why: string): Promise<Answer> {
    const started = this.ready();
    const worker = await started;
    try {
      return await worker.request(request, (m) => (m.type === "ready" ? undefined : m), budgetMs);
    } catch (error) {
      this.forget(started);
      void worker.terminate();
      if (error instanceof WorkerTimeoutError) throw new CheckSkipped(`${why} took over ${budgetMs} ms`);
      throw new CheckSkipped(`the type checker stopped (${error instanceof Error ? error.message : error})`);
    }
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.then((c) => c.terminate()).catch(() => undefined);
  }
}

interface Waiter {
  go(): void;
  /** Starts the wait's clock: it runs while another script's check does. */
  arm(): void;
  /** Stops the clock (it starts anew when armed again): the holder is loading declarations. */
  disarm(): void;
  fail(error: Error): void;
}

/** The syntax reader and the type checker of one sandbox pool. */
export class CheckWorkers {
  private readonly parser = new CheckWorker(SYNTAX_HEAP_MB);
  private readonly checker = new CheckWorker(CHECKER_HEAP_MB);
  private parses: Promise<unknown> = Promise.resolve();
  /** A check holds the type checker (loading declarations or checking). */
  private held = false;
  /** The holder is checking a script (not starting the worker or loading declarations). */
  private checking = false;
  private readonly waiting: Waiter[] = [];
  private closed = false;
  /** Bundle versions the running type checker has loaded: a check of theirs answers in milliseconds. */
  private readonly loaded = new Set<string>();
  /** The type checker's preparation ({@link prepareTypes}), once asked. */
  private preparing: Promise<void> | undefined;

  /** Whether the type checker is running or starting. */
  get typesStarted(): boolean {
    return this.checker.started;
  }

  /**
   * Starts the type checker now, before any script (from a compiled build its thread exists when
   * this returns), and has it load TypeScript and parse the lib every check needs; a script checked
   * meanwhile waits its turn behind it. Asked again, the same preparation. Rejects with
   * {@link CheckSkipped} when it failed (a later check starts the checker again).
   */
  prepareTypes(): Promise<void> {
    if (this.closed) return Promise.reject(new CheckSkipped("the sandbox pool is closed"));
    if (!this.preparing) {
      const preparing = this.prepareLib();
      this.preparing = preparing;
      preparing.catch(() => {
        if (this.preparing === preparing) this.preparing = undefined;
      });
    }
    return this.preparing;
  }

  private async prepareLib(): Promise<void> {
    void this.checker.ready().catch(() => undefined);
    await this.turn();
    try {
      // Ended meanwhile ({@link stopTypes}): asking now would start it again.
      if (!this.checker.started) return;
      const why = "loading TypeScript and its lib into the type checker";
      await this.checker.ask({ type: "lib" }, CHECK_LOAD_BUDGET_MS, why);
    } catch (error) {
      this.loaded.clear();
      throw error;
    } finally {
      this.release();
    }
  }

  /** Ends the type checker (a serve with no Code Mode unit after all); the next check starts it again. */
  async stopTypes(): Promise<void> {
    this.preparing = undefined;
    this.loaded.clear();
    await this.checker.close();
  }

  /** Whether the type checker is running with this bundle version's declarations loaded. */
  isLoaded(bundleDir: string, version: string): boolean {
    return this.loaded.has(`${bundleDir}\u0000${version}`);
  }

  /**
   * Starts the syntax reader now and reads a small script, so the first script finds TypeScript
   * loaded and its parser already compiled (a cold first parse takes tens of milliseconds).
   */
  async startParser(): Promise<void> {
    await this.syntax("return 0");
  }

  /** Syntax errors of `code`, or where its final expression starts; rejects with {@link CheckSkipped}. */
  syntax(code: string): Promise<SyntaxOutcome> {
    if (this.closed) return Promise.reject(new CheckSkipped("the sandbox pool is closed"));
    const answer = this.parses.then(() =>
      this.parser.ask({ type: "syntax", code }, SYNTAX_BUDGET_MS, "reading the script's syntax"),
    );
    this.parses = answer.catch(() => undefined);
    return answer.then((message) => {
      if (message.type !== "syntax") throw new CheckSkipped(`the syntax reader answered ${message.type}`);
      return message.outcome;
    });
  }

  /** Type warnings of `input.code`; rejects with {@link CheckSkipped} when the check was given up. */
  async types(input: CheckInput): Promise<CheckDiagnostic[]> {
    if (this.closed) throw new CheckSkipped("the sandbox pool is closed");
    await this.turn();
    try {
      return await this.check(input);
    } finally {
      this.release();
    }
  }

  private async check(input: CheckInput): Promise<CheckDiagnostic[]> {
    try {
      return await this.checkLoaded(input);
    } catch (error) {
      // The worker was ended or stopped: a new one has nothing loaded.
      this.loaded.clear();
      throw error;
    }
  }

  private async checkLoaded(input: CheckInput): Promise<CheckDiagnostic[]> {
    const { bundleDir, version, declarations, code } = input;
    for (let attempt = 0; ; attempt += 1) {
      await this.checker.ready();
      this.startChecking();
      const answer = await this.checker
        .ask({ type: "types", bundleDir, version, code }, TYPECHECK_BUDGET_MS, "the type check")
        .finally(() => {
          this.checking = false;
        });
      if (answer.type === "types") {
        this.loaded.add(`${bundleDir}\u0000${version}`);
        return answer.diagnostics;
      }
      // The worker lacks these declarations (new, recompiled, or started again): load them once.
      if (answer.type !== "stale" || attempt > 0)
        throw new CheckSkipped("the type checker lost the declarations");
      // Loading declarations is not a script's check: a waiting run's clock stops while it goes.
      for (const waiter of this.waiting) waiter.disarm();
      const why = "loading the bundle's declarations into the type checker";
      await this.checker.ask({ type: "load", bundleDir, version, declarations }, CHECK_LOAD_BUDGET_MS, why);
    }
  }

  /** Waits for the type checker; gives up after {@link TYPECHECK_WAIT_MS} behind another script's check. */
  private turn(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const waiter: Waiter = {
        go: () => {
          clearTimeout(timer);
          resolve();
        },
        disarm: () => {
          clearTimeout(timer);
          timer = undefined;
        },
        arm: () => {
          timer ??= setTimeout(() => {
            this.waiting.splice(this.waiting.indexOf(waiter), 1);
            reject(
              new CheckSkipped(
                `the type checker was busy with another script for over ${TYPECHECK_WAIT_MS} ms`,
              ),
            );
          }, TYPECHECK_WAIT_MS);
        },
        fail: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.waiting.push(waiter);
      if (this.checking) waiter.arm();
    });
  }

  private startChecking(): void {
    this.checking = true;
    for (const waiter of this.waiting) waiter.arm();
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next.go();
    else this.held = false;
  }

  /** Ends both workers; checks waiting for the checker are skipped. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.fail(new CheckSkipped("the sandbox pool is closed"));
    await Promise.all([this.parser.close(), this.checker.close()]);
  }
}
