/**
 * Entry of an engine worker thread: loads QuickJS once, then runs one job at a time for the host.
 * While a run waits on unit calls, the thread watches a shared counter the host bumps after each
 * reply (briefly, then asleep on it) and takes the reply straight off its port: no event-loop turn,
 * timer or promise per call.
 */
import { parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
// Only the release build with the synchronous API: the other builds quickjs-emscripten ships go unused.
// A namespace import: the package's declarations are CommonJS ones, its ES module default is the variant.
import * as releaseSync from "@jitl/quickjs-wasmfile-release-sync";
import { newQuickJSWASMModuleFromVariant, newVariant } from "quickjs-emscripten-core";
import { type EngineChannel, type FreshContext, freshContext, runJob } from "../engine/engine.js";
import { WASM_MEMORY_MB } from "../shared/limits.js";
import type { EngineMessage, EngineRequest, EngineWorkerData, RunJob } from "../shared/protocol.js";

const port = parentPort;
if (!port) throw new Error("engine-worker runs as a worker thread");
const replies = new Int32Array((workerData as EngineWorkerData).replies);
// One module per worker, in a wasm memory with a hard maximum (64 KiB pages). The lib this
// project compiles against declares WebAssembly's types but not its global value.
type MemoryConstructor = new (descriptor: { initial: number; maximum: number }) => unknown;
const { Memory } = (globalThis as unknown as { WebAssembly: { Memory: MemoryConstructor } }).WebAssembly;
const wasmMemory = new Memory({ initial: 256, maximum: (WASM_MEMORY_MB * 1024) / 64 });
const quickjs = await newQuickJSWASMModuleFromVariant(newVariant(releaseSync.default, { wasmMemory }));

const post = (message: EngineMessage) => port.postMessage(message);

/**
 * How long a run waiting on a reply checks for it before it sleeps. An in-process call is answered
 * within this, and putting the thread to sleep and waking it again costs more than the wait.
 */
const SPIN_MS = 0.05;

/**
 * How long the run's last reply took to come. Once replies take longer than a spin (a call over the
 * network), the wait goes straight to sleep: spinning would only take a CPU from the host and the
 * API answering it. One quick reply starts the spinning again.
 */
let lastWaitMs = 0;

/** Whether the reply counter moved on from `seen` within {@link SPIN_MS}. */
function spin(seen: number): boolean {
  const until = performance.now() + SPIN_MS;
  while (performance.now() < until) if (Atomics.load(replies, 0) !== seen) return true;
  return false;
}

const channel: EngineChannel = {
  send: (callId, request) => post({ type: "call", callId, request }),
  receive(ms) {
    const started = performance.now();
    const deadline = Date.now() + ms;
    const spinning = lastWaitMs <= 2 * SPIN_MS;
    for (;;) {
      // Read the counter first: a reply posted after the check below changes it, so the wait
      // returns at once instead of missing it.
      const seen = Atomics.load(replies, 0);
      const message = receiveMessageOnPort(port)?.message as EngineRequest | undefined;
      // Only replies arrive during a run (a new job is sent once this one has answered).
      if (message?.type === "reply") {
        lastWaitMs = performance.now() - started;
        return { callId: message.callId, response: message.response };
      }
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      if (message === undefined && !(spinning && spin(seen))) Atomics.wait(replies, 0, seen, left);
    }
  },
};

/** The next run's context, prepared while the worker waits (the first one right after "ready"). */
let spare: FreshContext | undefined;
/** The last run's catalogue: most runs call the same bundle, so the spare context gets its `units` too. */
let lastCatalog: string | undefined;
/** Set when freeing a run's context failed: the wasm heap may be inconsistent, so nothing more runs here. */
let broken = false;

/** Makes the spare context, with `units` for the last catalogue when there was a run. */
function prepareSpare(): void {
  if (spare || broken) return;
  const fresh = freshContext(quickjs);
  if (lastCatalog !== undefined) {
    try {
      fresh.defineUnits(lastCatalog);
    } catch {
      // The run defines them itself, and reports what goes wrong then.
      fresh.dispose();
      spare = freshContext(quickjs);
      return;
    }
  }
  spare = fresh;
}

function start(job: RunJob): void {
  // The host runs the job on another engine; this worker is ended.
  if (broken) {
    post({ type: "declined" });
    return;
  }
  const started = performance.now();
  lastWaitMs = 0;
  // A spare made for another bundle's units cannot serve this run: units are defined once.
  if (spare?.catalog !== undefined && spare.catalog !== job.catalog) {
    spare.dispose();
    spare = undefined;
  }
  const ready = spare !== undefined;
  const fresh = spare ?? freshContext(quickjs);
  spare = undefined;
  const context = performance.now() - started;
  const { outcome, dispose } = runJob(fresh, job, channel);
  if (outcome.timings) outcome.timings = { context, contextReady: ready ? 1 : 0, ...outcome.timings };
  post({ type: "result", outcome });
  // A retiring worker is ended by the host; one whose context could not be freed declines what comes next.
  if (outcome.retire) return;
  if (!dispose()) {
    broken = true;
    return;
  }
  lastCatalog = job.catalog;
  // The next run's context is made while this worker waits.
  setImmediate(prepareSpare);
}

// Replies to calls of a run that has ended may still arrive here; they are dropped.
port.on("message", (message: EngineRequest) => {
  if (message.type === "run") start(message.job);
});
post({ type: "ready" });
setImmediate(prepareSpare);
