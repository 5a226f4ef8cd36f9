/** The limits of a Code Mode run. Each is a constant here so the description, the docs and tests agree. */

/** Time a script may run when the caller sets none. */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** The most time a caller may grant a script. */
export const MAX_TIMEOUT_MS = 120_000;
/** What the QuickJS heap of one run may allocate. */
export const MEMORY_LIMIT_BYTES = 64 * 1024 * 1024;
/**
 * The QuickJS stack of one run (about 1,500 plain frames). Kept well below the worker's native
 * stack ({@link WORKER_STACK_MB}): some engine built-ins recurse in C and use far more native stack
 * per level than QuickJS counts, and the QuickJS limit must trip first.
 */
export const STACK_LIMIT_BYTES = 256 * 1024;
/**
 * The whole wasm memory of an engine worker. QuickJS does not count every allocation against
 * {@link MEMORY_LIMIT_BYTES} (many small ArrayBuffers slip past it), so this hard cap keeps a
 * script from growing the process by gigabytes: past it, allocations fail with "out of memory".
 */
export const WASM_MEMORY_MB = 128;
/** Native stack of each engine worker thread. */
export const WORKER_STACK_MB = 8;
/** V8 heap of each engine worker (the QuickJS heap lives outside it, in wasm memory). */
export const WORKER_HEAP_MB = 256;
/** Captured console output per run; the rest is dropped behind a marker entry. */
export const MAX_LOG_BYTES = 12 * 1024;
/** The returned value as JSON; a longer one comes back as cut text with a marker. */
export const MAX_RESULT_BYTES = 64 * 1024;
/** An error message (and hint) a run reports; a longer one is cut with a marker. */
export const MAX_ERROR_BYTES = 8 * 1024;
/** The longest script accepted. */
export const MAX_CODE_BYTES = 256 * 1024;
/** The longest single bridge request (a call's JSON input, in bytes of UTF-8) the sandbox may send. */
export const MAX_REQUEST_BYTES = 1024 * 1024;
/** All bridge requests of one run together, in bytes of UTF-8; past it the run is stopped. */
export const MAX_RUN_REQUEST_BYTES = 32 * 1024 * 1024;
/** Bridge requests (unit calls, search, describe) one run may make; past it the run is stopped. */
export const MAX_CALLS = 1_000;
/**
 * Bridge requests of one run in flight on the host at once; the rest wait in the engine worker
 * (bounded by {@link MAX_RUN_REQUEST_BYTES}), never in the host.
 */
export const MAX_CONCURRENT_CALLS = 8;
/** How long past its deadline a run may take before its worker is ended. */
export const TERMINATE_GRACE_MS = 1_000;
/** V8 heap of the type-check worker (TypeScript, the lib and each bundle's declarations). */
export const CHECKER_HEAP_MB = 1024;
/** V8 heap of the worker that reads scripts' syntax (TypeScript's parser, one script at a time). */
export const SYNTAX_HEAP_MB = 256;
/** The most time reading a script's syntax may take; past it the run goes ahead unchecked. */
export const SYNTAX_BUDGET_MS = 5_000;
/** The most time the type check of one script may take; past it the check is stopped with a warning. */
export const TYPECHECK_BUDGET_MS = 5_000;
/** The most time loading a bundle's declarations into the type checker may take (large APIs take seconds). */
export const CHECK_LOAD_BUDGET_MS = 30_000;
/** How long a type check waits behind other scripts' checks before it is skipped with a warning. */
export const TYPECHECK_WAIT_MS = 500;
/**
 * How long a served run's answer waits for a type checker still starting (TypeScript and the
 * declarations load in the background when serving starts), so a new serve's first script is
 * checked too; past it the answer comes unchecked, with a warning, and later runs are checked.
 */
export const STARTING_CHECK_WAIT_MS = 15_000;
/** Code Mode runs one MCP session may have going at once (queueing for an engine included). */
export const MAX_RUNS_PER_SESSION = 1;
/** Runs of one session that may wait for its running one; past that, runs are refused. */
export const MAX_QUEUED_RUNS_PER_SESSION = 4;
/** Runs an engine worker serves before it is replaced (bounds wasm heap fragmentation). */
export const MAX_RUNS_PER_WORKER = 1_000;

/** The timeout to use: the default when unset, otherwise a whole number within 1..{@link MAX_TIMEOUT_MS}. */
export function resolveTimeout(timeoutMs: unknown): number | string {
  if (timeoutMs === undefined) return DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== "number" || !Number.isInteger(timeoutMs) || timeoutMs < 1) {
    return "timeoutMs must be a whole number of milliseconds, at least 1";
  }
  if (timeoutMs > MAX_TIMEOUT_MS) return `timeoutMs ${timeoutMs} is above the maximum of ${MAX_TIMEOUT_MS}`;
  return timeoutMs;
}

/** The limits every engine job carries, as a job's fields (see `RunJob`). */
export const JOB_LIMITS = {
  memoryBytes: MEMORY_LIMIT_BYTES,
  stackBytes: STACK_LIMIT_BYTES,
  maxLogBytes: MAX_LOG_BYTES,
  maxResultBytes: MAX_RESULT_BYTES,
  maxErrorBytes: MAX_ERROR_BYTES,
  maxRequestBytes: MAX_REQUEST_BYTES,
  maxRunRequestBytes: MAX_RUN_REQUEST_BYTES,
  maxCalls: MAX_CALLS,
  maxCallsInFlight: MAX_CONCURRENT_CALLS,
} as const;
