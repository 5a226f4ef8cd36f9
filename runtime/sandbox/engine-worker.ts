/** Entry of an engine worker thread: loads QuickJS once, then runs one job at a time for the host. */
import { parentPort } from "node:worker_threads";
import { newQuickJSWASMModule, newVariant, RELEASE_SYNC } from "quickjs-emscripten";
import { type EngineChannel, type FreshContext, freshContext, runJob } from "./engine.js";
import { WASM_MEMORY_MB } from "./limits.js";
import type { EngineMessage, EngineRequest, RunJob } from "./protocol.js";

type Reply = { callId: number; response: string };

const port = parentPort;
if (!port) throw new Error("engine-worker runs as a worker thread");
// One module per worker, in a wasm memory with a hard maximum (64 KiB pages). The lib this
// project compiles against declares WebAssembly's types but not its global value.
type MemoryConstructor = new (descriptor: { initial: number; maximum: number }) => unknown;
const { Memory } = (globalThis as unknown as { WebAssembly: { Memory: MemoryConstructor } }).WebAssembly;
const wasmMemory = new Memory({ initial: 256, maximum: (WASM_MEMORY_MB * 1024) / 64 });
const quickjs = await newQuickJSWASMModule(newVariant(RELEASE_SYNC, { wasmMemory }));

const replies: Reply[] = [];
let waiter: ((reply: Reply) => void) | undefined;

const post = (message: EngineMessage) => port.postMessage(message);

const channel: EngineChannel = {
  send: (callId, request) => post({ type: "call", callId, request }),
  receive(ms) {
    const queued = replies.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          waiter = undefined;
          resolve(undefined);
        },
        Math.max(0, ms),
      );
      waiter = (reply) => {
        clearTimeout(timer);
        waiter = undefined;
        resolve(reply);
      };
    });
  },
};

let spare: FreshContext | undefined = freshContext(quickjs);

async function start(job: RunJob): Promise<void> {
  // Replies still queued belong to the previous run (the host sends them in order before a new job).
  replies.length = 0;
  const fresh = spare ?? freshContext(quickjs);
  spare = undefined;
  const outcome = await runJob(fresh, job, channel);
  post({ type: "result", outcome });
  // The next run's context is made while this worker waits; a retiring worker makes none.
  if (!outcome.retire) setImmediate(() => (spare ??= freshContext(quickjs)));
}

port.on("message", (message: EngineRequest) => {
  if (message.type === "run") {
    void start(message.job);
    return;
  }
  const reply = { callId: message.callId, response: message.response };
  if (waiter) waiter(reply);
  else replies.push(reply);
});
post({ type: "ready" });
