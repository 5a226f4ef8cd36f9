/**
 * A worker thread as the host sees it: started from its compiled script (or, when unitc runs from
 * its TypeScript sources, from a bundle built on the fly), asked one request at a time, ended when
 * a request outlives its time budget.
 */
import { existsSync } from "node:fs";
import { getCompileCacheDir } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";

export type WorkerEntry = "engine-worker" | "check-worker";

/** A request outlived its budget; the worker was ended. */
export class WorkerTimeoutError extends Error {}
/** The worker stopped (crashed, ran out of memory, or was ended) during a request. */
export class WorkerExitError extends Error {}

const bundled = new Map<WorkerEntry, Promise<URL>>();

/**
 * From sources (tests, benchmarks on `.ts`), the entry is bundled with esbuild into a `data:` URL;
 * packages are left external as absolute file URLs so QuickJS still finds its wasm file.
 */
async function bundleEntry(entry: WorkerEntry): Promise<URL> {
  const esbuild = await import("esbuild");
  const external: import("esbuild").Plugin = {
    name: "packages-as-file-urls",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === "inner" || args.path.startsWith("node:")) return undefined;
        const found = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          pluginData: "inner",
        });
        if (found.errors.length > 0) return { errors: found.errors };
        return { path: pathToFileURL(found.path).href, external: true };
      });
    },
  };
  const result = await esbuild.build({
    entryPoints: [fileURLToPath(new URL(`./${entry}.ts`, import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    write: false,
    logLevel: "silent",
    plugins: [external],
    // A data: URL is no base for relative paths: modules that look beside themselves (the templates
    // reader) look beside this file instead, in the same source tree.
    define: { "import.meta.url": JSON.stringify(import.meta.url) },
  });
  const text = result.outputFiles[0]?.text ?? "";
  return new URL(`data:text/javascript;base64,${Buffer.from(text).toString("base64")}`);
}

/**
 * The script a worker starts from: the compiled one at once (so the thread starts before its caller
 * goes on, see {@link WorkerClient.start}), else a bundle of the sources.
 */
function workerScript(entry: WorkerEntry): URL | Promise<URL> {
  const compiled = new URL(`./${entry}.js`, import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return compiled;
  let script = bundled.get(entry);
  if (!script) {
    script = bundleEntry(entry);
    bundled.set(entry, script);
  }
  return script;
}

export interface WorkerStartOptions {
  resourceLimits?: ResourceLimits;
  /**
   * Give the worker a shared counter (`workerData.replies`, see `EngineWorkerData`) that
   * {@link WorkerClient.post} bumps and notifies, so it can block waiting for a message.
   */
  wake?: boolean;
}

/**
 * A worker's environment: nothing, so secrets never reach a worker whatever runs inside it, but
 * for Node's compile cache when this process has one (the executable turns it on), which a worker
 * does not share otherwise: the checker's TypeScript loads in less than half the time from it.
 */
export function workerEnv(): Record<string, string> {
  const cache = getCompileCacheDir?.();
  return cache === undefined ? {} : { NODE_COMPILE_CACHE: cache };
}

/** One worker thread answering requests of type `Out` messages. */
export class WorkerClient<Out extends { type: string }> {
  /** False once the worker has exited or was ended. */
  alive = true;
  /** Requests served so far. */
  served = 0;
  private listener: ((message: Out) => void) | undefined;
  private onExit: ((error: Error) => void) | undefined;

  private constructor(
    private readonly worker: Worker,
    private readonly wake: Int32Array | undefined,
  ) {
    worker.on("message", (message: Out) => this.listener?.(message));
    worker.on("error", (error) => this.exited(`the worker failed: ${error.message}`));
    worker.on("exit", (code) => this.exited(`the worker stopped (exit code ${code})`));
    // A worker's own output never reaches the host's stdout (it may carry a protocol): the worker
    // writes to streams of its own (`stdout: true`), which are never read. Reading them would keep
    // the process alive after `unref()`, so `unitc serve` would not end when its client leaves.
  }

  /**
   * Starts a worker and waits until it says it is ready. From a compiled script the thread is made
   * before this returns: it boots while the caller's own work goes on.
   */
  static async start<Out extends { type: string }>(
    entry: WorkerEntry,
    options: WorkerStartOptions = {},
  ): Promise<WorkerClient<Out>> {
    const replies = options.wake ? new SharedArrayBuffer(4) : undefined;
    const script = workerScript(entry);
    const worker = new Worker(script instanceof URL ? script : await script, {
      env: workerEnv(),
      stdout: true,
      stderr: true,
      resourceLimits: options.resourceLimits ?? {},
      ...(replies ? { workerData: { replies } } : {}),
    });
    const client = new WorkerClient<Out>(worker, replies ? new Int32Array(replies) : undefined);
    await client.request(undefined, (message) => (message.type === "ready" ? true : undefined), 60_000);
    client.served = 0;
    return client;
  }

  private exited(reason: string): void {
    if (!this.alive) return;
    this.alive = false;
    this.onExit?.(new WorkerExitError(reason));
  }

  /** Sends a message outside of a request (a reply to a call the worker made). */
  post(message: unknown): void {
    if (!this.alive) return;
    this.worker.postMessage(message);
    if (this.wake) {
      Atomics.add(this.wake, 0, 1);
      Atomics.notify(this.wake, 0);
    }
  }

  /**
   * Posts `message` (none when undefined) and passes every message back to `handle` until it
   * returns a value. Past `timeoutMs` the worker is ended and the request fails.
   */
  request<T>(message: unknown, handle: (message: Out) => T | undefined, timeoutMs: number): Promise<T> {
    if (!this.alive) return Promise.reject(new WorkerExitError("the worker has stopped"));
    return new Promise<T>((resolve, reject) => {
      const settle = (finish: () => void) => {
        clearTimeout(timer);
        this.listener = undefined;
        this.onExit = undefined;
        this.worker.unref();
        finish();
      };
      const timer = setTimeout(() => {
        settle(() => reject(new WorkerTimeoutError(`no answer within ${timeoutMs} ms`)));
        void this.terminate();
      }, timeoutMs);
      this.listener = (reply) => {
        let value: T | undefined;
        try {
          value = handle(reply);
        } catch (error) {
          settle(() => reject(error));
          return;
        }
        if (value !== undefined) settle(() => resolve(value));
      };
      this.onExit = (error) => settle(() => reject(error));
      this.served += 1;
      this.worker.ref();
      if (message !== undefined) this.worker.postMessage(message);
    });
  }

  /** Ends the worker thread (a busy wasm loop included). */
  async terminate(): Promise<void> {
    this.alive = false;
    this.onExit?.(new WorkerExitError("the worker was ended"));
    await this.worker.terminate();
  }
}
