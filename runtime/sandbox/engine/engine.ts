/**
 * One Code Mode run inside an engine worker: a fresh QuickJS runtime and context (the prelude
 * already installed, see `fresh-context.ts`) given memory, stack and time limits and its `units`,
 * the script evaluated, and its jobs driven until its promise settles. Only strings leave the
 * context: bridge requests, log lines, the result's JSON.
 */
import type {
  QuickJSContext,
  QuickJSDeferredPromise,
  QuickJSHandle,
  QuickJSRuntime,
} from "quickjs-emscripten-core";
import type { EngineError, EngineOutcome, LogEntry, RunJob } from "../shared/protocol.js";
import { CallQueue } from "./call-queue.js";
import { capResult, LogBuffer } from "./capture.js";
import {
  classifyError,
  compileError,
  memoryLimit,
  neverSettled,
  timeout,
  unreadable,
} from "./engine-errors.js";
import type { FreshContext, PreludeApi } from "./fresh-context.js";
import { HeapWatch } from "./heap-watch.js";

export { type FreshContext, freshContext } from "./fresh-context.js";

/** How an engine reaches the host while a run waits on unit calls. */
export interface EngineChannel {
  send(callId: number, request: string): void;
  /** Blocks until the next reply from the host; `undefined` when `ms` pass first. */
  receive(ms: number): { callId: number; response: string } | undefined;
}

const LEVELS = new Set<string>(["log", "info", "warn", "error", "debug"]);
/** Jobs run between checks of the script's promise. */
const JOB_BATCH = 1_000;
/** What must still fit in a heap that is not out of memory (see `Session.outOfMemory`). */
const MEMORY_PROBE = "x".repeat(256 * 1024);

class Session {
  readonly runtime: QuickJSRuntime;
  readonly context: QuickJSContext;
  readonly logs: LogBuffer;
  private readonly api: PreludeApi;
  private readonly deadline: number;
  /** Why the run must end now (its deadline passed, a budget ran out); the interrupt handler acts on it. */
  private stopped: EngineError | undefined;
  /**
   * Set once the script's outcome is taken: serialising its value or reading its error may run its
   * getters, but nothing they call reaches the host.
   */
  private finished = false;
  private readonly pending = new Map<number, QuickJSDeferredPromise>();
  private readonly handles: QuickJSHandle[] = [];
  private readonly calls: CallQueue;
  private readonly heap: HeapWatch;
  /** When evaluation ended and when the script's promise settled (for stage timings). */
  evaluatedAt = 0;
  settledAt = 0;

  constructor(
    private readonly fresh: FreshContext,
    private readonly job: RunJob,
    private readonly channel: EngineChannel,
  ) {
    this.deadline = Date.now() + job.timeoutMs;
    this.logs = new LogBuffer(job.maxLogBytes);
    this.runtime = fresh.runtime;
    this.context = fresh.context;
    this.api = fresh.api;
    this.runtime.setMemoryLimit(job.memoryBytes);
    this.runtime.setMaxStackSize(job.stackBytes);
    this.heap = new HeapWatch(this.runtime);
    this.runtime.setInterruptHandler(() => {
      if (this.stopped) return true;
      const now = Date.now();
      this.heap.check(now);
      if (now <= this.deadline) return false;
      this.stopped = timeout(this.job);
      return true;
    });
    this.calls = new CallQueue(job, (callId, request) => channel.send(callId, request));
  }

  private keep(handle: QuickJSHandle): QuickJSHandle {
    this.handles.push(handle);
    return handle;
  }

  /** Takes the context's host functions and defines `units` for this run's catalogue (unless it was). */
  install(): void {
    this.fresh.attach({
      call: (request) => this.onCall(request),
      log: (level, text) => this.onLog(level, text),
    });
    if (this.fresh.catalog !== this.job.catalog) this.fresh.defineUnits(this.job.catalog);
  }

  private thrown(name: string, message: string) {
    return { error: this.context.newError({ name, message }) };
  }

  private onCall(request: QuickJSHandle | undefined) {
    const ctx = this.context;
    if (!request || ctx.typeof(request) !== "string")
      return this.thrown("TypeError", "a bridge request is a string");
    // Nothing (undefined) tells the prelude the run is ending: it makes no more requests.
    if (this.stopped || this.finished) return undefined;
    const accepted = this.calls.accept(ctx.getString(request));
    // A refused call fails as a failed unit call would: an answer the prelude turns into an error.
    if ("refuse" in accepted) return ctx.newString(JSON.stringify({ ok: false, error: accepted.refuse }));
    if ("stop" in accepted) {
      this.stopped = accepted.stop;
      return undefined;
    }
    const deferred = ctx.newPromise();
    this.pending.set(accepted.id, deferred);
    return deferred.handle;
  }

  private onLog(level: QuickJSHandle | undefined, text: QuickJSHandle | undefined): undefined {
    const ctx = this.context;
    if (!level || !text || ctx.typeof(level) !== "string" || ctx.typeof(text) !== "string") return undefined;
    const name = ctx.getString(level);
    if (LEVELS.has(name)) this.logs.add(name as LogEntry["level"], ctx.getString(text));
    return undefined;
  }

  private settle(callId: number, response: string): void {
    const deferred = this.pending.get(callId);
    if (!deferred) return;
    this.pending.delete(callId);
    this.calls.replied();
    const value = this.context.newString(response);
    deferred.resolve(value);
    value.dispose();
    deferred.dispose();
  }

  /** Evaluates the script and drives it to the end. */
  run(): EngineOutcome {
    const evaluated = this.context.evalCode(this.job.js, "agent.js");
    this.evaluatedAt = performance.now();
    if (evaluated.error) return this.fail(compileError(this.errorOf(evaluated.error)));
    return this.drive(this.keep(evaluated.value));
  }

  /**
   * Runs the script's jobs until its promise settles. With nothing left to run it waits for the
   * host's next reply, blocking this thread: there is nothing else for it to do meanwhile.
   */
  private drive(promise: QuickJSHandle): EngineOutcome {
    for (;;) {
      const jobs = this.runtime.executePendingJobs(JOB_BATCH);
      if (jobs.error) return this.fail(this.errorOf(jobs.error));
      if (this.stopped) return this.fail(this.stopped);
      const state = this.context.getPromiseState(promise);
      if (state.type === "fulfilled") return this.finish(state.value);
      if (state.type === "rejected") return this.fail(this.errorOf(state.error));
      // Fewer jobs than a batch means the queue ran dry.
      if (jobs.value === JOB_BATCH && this.runtime.hasPendingJob()) continue;
      if (this.pending.size === 0)
        return this.fail(this.outOfMemory() ? memoryLimit(this.job) : neverSettled());
      const reply = this.channel.receive(this.deadline - Date.now());
      if (!reply) return this.fail(timeout(this.job));
      this.settle(reply.callId, reply.response);
    }
  }

  private finish(value: QuickJSHandle): EngineOutcome {
    this.finished = true;
    this.settledAt = performance.now();
    const ctx = this.context;
    const result = ctx.callFunction(this.api.serialize, ctx.undefined, value);
    value.dispose();
    if (result.error) {
      const error = this.errorOf(result.error);
      if (error.code !== "SCRIPT_ERROR") return this.fail(error);
      return this.fail({
        code: "RESULT_NOT_JSON",
        message: `the returned value cannot be turned into JSON: ${error.message}`,
        hint: "return plain data: objects, arrays, strings, numbers, booleans and null, without cycles",
      });
    }
    const json = ctx.typeof(result.value) === "string" ? ctx.getString(result.value) : undefined;
    result.value.dispose();
    if (json === undefined) return { ok: true, truncated: false, logs: this.logs.result() };
    return { ok: true, ...capResult(json, this.job.maxResultBytes), logs: this.logs.result() };
  }

  private fail(error: EngineError): EngineOutcome {
    return { ok: false, error, logs: this.logs.result() };
  }

  /** What a thrown sandbox value says, read through the prelude; disposes `handle`. */
  private errorOf(handle: QuickJSHandle): EngineError {
    this.finished = true;
    const ctx = this.context;
    const nothing = ctx.sameValue(handle, ctx.null);
    if (this.stopped || (nothing && this.outOfMemory())) {
      handle.dispose();
      return this.stopped ?? memoryLimit(this.job);
    }
    const described = ctx.callFunction(this.api.describeError, ctx.undefined, handle);
    handle.dispose();
    if (described.error || ctx.typeof(described.value) !== "string") {
      (described.error ?? described.value).dispose();
      if (this.stopped) return this.stopped;
      return unreadable();
    }
    const text = ctx.getString(described.value);
    described.value.dispose();
    return classifyError(text, this.job);
  }

  /**
   * Whether the heap is or was full. Out of memory, QuickJS may fail to make even its own error: the
   * script then seems to throw null, or a promise it awaits is never settled. The heap watch saw it
   * fill while the script ran, or a fresh string that cannot be made now shows it is still full;
   * either tells those apart from a script that threw null or awaits nothing.
   */
  private outOfMemory(): boolean {
    if (this.heap.exhausted) return true;
    const probe = this.context.newString(MEMORY_PROBE);
    const full = this.context.typeof(probe) !== "string";
    probe.dispose();
    return full;
  }

  dispose(): void {
    for (const deferred of this.pending.values()) deferred.dispose();
    for (const handle of this.handles.reverse()) if (handle.alive) handle.dispose();
    this.fresh.dispose();
  }
}

/** A run's outcome, and the freeing of its context, left to the caller to do once it has sent the outcome. */
export interface FinishedRun {
  outcome: EngineOutcome;
  /** Frees the run's context; false when that failed (the engine may then be inconsistent). */
  dispose(): boolean;
}

/**
 * Runs `job` in `fresh`. `outcome.retire` is set when the engine itself failed; its context is then
 * not freed (nothing more runs in that worker). Freeing a runtime takes a tenth of a millisecond, so
 * the worker sends the outcome first and frees the context after.
 */
export function runJob(fresh: FreshContext, job: RunJob, channel: EngineChannel): FinishedRun {
  let session: Session | undefined;
  let outcome: EngineOutcome;
  try {
    const started = performance.now();
    session = new Session(fresh, job, channel);
    session.install();
    const installed = performance.now();
    outcome = session.run();
    if (job.timings) outcome.timings = stageTimings(session, started, installed);
  } catch (error) {
    // A host exception from inside the engine (a native stack overflow in wasm, a failed
    // allocation): the wasm heap may be inconsistent, so nothing more runs in this worker.
    const native = error instanceof RangeError;
    const message = native
      ? "the script exhausted the engine's native stack"
      : "the sandbox engine failed while running the script";
    const code = native ? "STACK_OVERFLOW" : "SANDBOX_FAILED";
    const logs = session?.logs.result() ?? [];
    return { outcome: { ok: false, error: { code, message }, logs, retire: true }, dispose: () => false };
  }
  const ran = session;
  return {
    outcome,
    dispose() {
      try {
        ran.dispose();
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** Where a run's time went inside the engine: defining `units`, evaluating, running, serialising. */
function stageTimings(session: Session, started: number, installed: number): Record<string, number> {
  const ended = performance.now();
  const evaluated = session.evaluatedAt || ended;
  const settled = session.settledAt || ended;
  return {
    install: installed - started,
    evaluate: evaluated - installed,
    drive: settled - evaluated,
    serialize: ended - settled,
  };
}
