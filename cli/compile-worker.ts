/**
 * `unitc compile`'s build, run in a worker thread with the process's own heap limit. A compile that
 * runs out of memory in the main thread dies with V8's fatal error and a native stack trace, naming
 * nothing of the project. A worker that reaches its limit is ended by Node instead
 * (ERR_WORKER_OUT_OF_MEMORY) and this thread lives on: it knows from the worker's progress which
 * units were being discovered (or, past discovery, which unit is the largest), and builds again in a
 * fresh worker with those units left out with UNIT_OUT_OF_MEMORY, so the other units compile and are
 * reported (and with --partial written) as usual.
 *
 * The worker is this same file (as the OpenAPI types worker is). Only the executable builds in one
 * (`CliIO.buildInWorker`): from TypeScript sources, or for a caller running the CLI in process,
 * the build runs here.
 */
import { getHeapStatistics } from "node:v8";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { type BuildOptions, type BuildOutcome, build, outcome, recordedOutcome } from "../compiler/build.js";
import { createDiagnostic } from "../compiler/codes/diagnostics.js";
import type { UnitProgress } from "../compiler/discover/index.js";
import type { OutOfMemory } from "../compiler/discover/out-of-memory.js";
import type { PipelineProgress } from "../compiler/index.js";
import { compileCache } from "../runtime/shared/compile-cache.js";
import { loggedBuild } from "./compile-reads.js";
import type { CliIO } from "./io.js";

/** Marks the worker's data, so the file knows it was started as the worker. */
const WORKER_KEY = "unitcCompileWorker";

export { recordedOutcome } from "../compiler/build.js";

/** What the build needs besides its options: where to print, the progress line, the user config flag. */
export interface GuardedBuild {
  io: CliIO;
  userConfig: string | undefined;
  progress?: PipelineProgress;
}

/** The build's options as data (the worker gets a copy): no callbacks, no storage. */
export type BuildData = Omit<BuildOptions, "oauth" | "progress" | "memo" | "previous">;

type Message =
  | { kind: "stage"; name: string }
  | { kind: "started"; unit: string }
  | { kind: "unit"; progress: UnitProgress }
  | { kind: "stderr"; text: string }
  | { kind: "done"; outcome: BuildOutcome };

interface WorkerInput {
  options: BuildData;
  userConfig: string | undefined;
  outOfMemory?: OutOfMemory;
}

/** Builds `options` as `unitc compile` does: see the file comment. */
export async function guardedBuild(options: BuildData, given: GuardedBuild): Promise<BuildOutcome> {
  const self = new URL(import.meta.url);
  if (given.io.buildInWorker !== true || !self.pathname.endsWith(".js"))
    return inProcess({ options, userConfig: given.userConfig }, given);
  // Nothing changed since the last compile: the record answers here, without loading the compiler twice.
  const recorded = await recordedOutcome(options);
  if (recorded) return recorded;
  // V8's limit for this process (--max-old-space-size, or the default for this machine's memory).
  const heapMb = Math.floor(getHeapStatistics().heap_size_limit / 2 ** 20);
  const failed: string[] = [];
  // process.env is not plain data: the worker gets a copy.
  const data = { ...options, reuseRecord: false, ...(options.env ? { env: { ...options.env } } : {}) };
  for (;;) {
    const outOfMemory = failed.length > 0 ? { units: [...failed], heapMb } : undefined;
    const input = { options: data, userConfig: given.userConfig, ...(outOfMemory ? { outOfMemory } : {}) };
    const attempt = await inWorker(self, input, given, heapMb);
    if ("outcome" in attempt) return attempt.outcome;
    // Units left out already cannot be the cause again; none named means nothing else to leave out.
    const fresh = attempt.suspects.filter((unit) => !failed.includes(unit));
    if (fresh.length === 0) return outsideUnits(heapMb);
    failed.push(...fresh);
  }
}

/** A failed build whose worker ran out of memory before any unit was discovered. */
function outsideUnits(heapMb: number): BuildOutcome {
  const message = `the compile ran out of memory before any unit was discovered (the heap limit is ${heapMb.toLocaleString("en")} MiB)`;
  const hint = "give Node more memory: NODE_OPTIONS=--max-old-space-size=8192 unitc compile";
  const diagnostics = [createDiagnostic("error", "UNIT_OUT_OF_MEMORY", message, undefined, hint)];
  return outcome("failed", diagnostics, { failure: "errors" });
}

/** The build in this thread (sources run by a TypeScript loader cannot start a worker of themselves). */
async function inProcess(input: WorkerInput, given: GuardedBuild): Promise<BuildOutcome> {
  // Loaded on demand: it loads the runtime's server, which a compile with nothing changed never needs.
  const { lazyStorage } = await import("./storage-config.js");
  const storage = lazyStorage(given.io, input.userConfig);
  return build({
    ...input.options,
    oauth: storage.oauth,
    ...(given.progress ? { progress: given.progress } : {}),
    ...(input.outOfMemory ? { outOfMemory: input.outOfMemory } : {}),
  }).finally(() => storage.close());
}

/**
 * One attempt in a worker: its outcome, or the units it was on when it ran out of memory (those being
 * discovered; after discovery, the one with the most operations).
 */
function inWorker(
  self: URL,
  input: WorkerInput,
  given: GuardedBuild,
  heapMb: number,
): Promise<{ outcome: BuildOutcome } | { suspects: string[] }> {
  const running = new Set<string>();
  const sizes = new Map<string, number>();
  return new Promise((resolve, reject) => {
    const thread = new Worker(self, {
      workerData: { [WORKER_KEY]: input },
      // The young generation as the OpenAPI types worker's (see YOUNG_MB there): left to V8 it grows
      // as large as the main thread's, which only waits.
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 24 },
      // The worker prints through this thread (`stderr` messages), as the main thread would.
      stdout: false,
      stderr: false,
    });
    let settled = false;
    thread.on("message", (message: Message) => {
      if (message.kind === "stage") given.progress?.stage?.(message.name);
      else if (message.kind === "started") running.add(message.unit);
      else if (message.kind === "stderr") given.io.stderr(message.text);
      else if (message.kind === "unit") {
        const { unit, unitOperations } = message.progress;
        if (unit !== undefined) {
          running.delete(unit);
          sizes.set(unit, unitOperations ?? 0);
        }
        given.progress?.unit?.(message.progress);
      } else {
        settled = true;
        resolve({ outcome: message.outcome });
      }
    });
    thread.once("error", (error: Error & { code?: string }) => {
      settled = true;
      if (error.code !== "ERR_WORKER_OUT_OF_MEMORY") return reject(error);
      const largest = [...sizes].sort((a, b) => b[1] - a[1])[0]?.[0];
      resolve({ suspects: running.size > 0 ? [...running] : largest === undefined ? [] : [largest] });
    });
    thread.once("exit", (code) => {
      if (!settled) reject(new Error(`the compile worker stopped (exit code ${code})`));
    });
  });
}

/** The outcome without what only a caller in the worker could use (the files' text, the compile's context). */
function slim(outcome: BuildOutcome): BuildOutcome {
  const { files, result: _result, ...rest } = outcome;
  return { ...rest, ...(files ? { files: new Map() } : {}) };
}

async function runAsWorker(input: WorkerInput): Promise<void> {
  // A worker thread does not share its process's compile cache: the compiler would be compiled
  // from source in every compile.
  compileCache();
  const post = (message: Message) => parentPort?.postMessage(message);
  const io: CliIO = {
    stdout: (text) => post({ kind: "stderr", text }),
    stderr: (text) => post({ kind: "stderr", text }),
    cwd: process.cwd(),
    env: input.options.env ?? process.env,
  };
  const progress: PipelineProgress = {
    stage: (name) => post({ kind: "stage", name }),
    unitStarted: (unit) => post({ kind: "started", unit }),
    unit: (progress) => post({ kind: "unit", progress }),
  };
  // What it read is logged here, in the worker's thread: the caller's log cannot see this thread's reads.
  const outcome = await loggedBuild(() => inProcess(input, { io, userConfig: input.userConfig, progress }));
  post({ kind: "done", outcome: slim(outcome) });
}

const started = isMainThread ? undefined : (workerData as Record<string, unknown> | null)?.[WORKER_KEY];
if (typeof started === "object" && started !== null) await runAsWorker(started as WorkerInput);
