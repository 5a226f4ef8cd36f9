/**
 * `runCodeMode`: type-check an agent's script against the bundle's declarations, strip its types,
 * run it in a fresh QuickJS context on a worker thread, and answer its unit calls on the host.
 * This is what the MCP `code_mode` tool and `unitc run` call.
 */
import type { UnitRuntime } from "../calls/create-runtime.js";
import { Bridge, inCodeMode } from "./bridge.js";
import { checkScript } from "./check.js";
import { type BundleDeclarations, loadDeclarations } from "./declarations/declarations.js";
import { narrowDeclarations } from "./declarations/narrow-declarations.js";
import { allowedIn, narrowFromFiles } from "./declarations/narrow-from-files.js";
import { declarationsFor } from "./declarations/scoped-declarations.js";
import { checkRunInput } from "./run-input.js";
import { JOB_LIMITS } from "./shared/limits.js";
import type { CheckDiagnostic, EngineOutcome, LogEntry, RunJob, StageTimings } from "./shared/protocol.js";
import { type PreparedScript, prepareScript, scriptPosition } from "./transform.js";
import { defaultSandboxPool, type SandboxPool } from "./workers/pool.js";

export interface CodeModeInput {
  /** TypeScript or JavaScript; top-level `await` and `return` work. */
  code: string;
  /** Default 10000, at most 120000. */
  timeoutMs?: number;
}

export interface CodeModeError {
  /** Stable: `SYNTAX_ERROR`, `TIMEOUT`, `MEMORY_LIMIT`, `SCRIPT_ERROR`, a unit call's code, … */
  code: string;
  message: string;
  /** Where in the script, 1-based, when known. */
  line?: number;
  column?: number;
  hint?: string;
  /** A failed unit call's HTTP status, and a bounded excerpt of the answer, secrets redacted. */
  status?: number;
  excerpt?: string;
}

/** Whether the run succeeded, with its value or its error. */
export type CodeModeOutcome =
  | {
      ok: true /** The returned value; a string ending in a marker when `truncated`. */;
      value?: unknown;
      truncated?: true;
    }
  | { ok: false; error: CodeModeError };

export type CodeModeResult = CodeModeOutcome & {
  logs: LogEntry[];
  /** Type-check findings: syntax errors block the run, type errors are warnings. */
  diagnostics: CheckDiagnostic[];
  durationMs: number;
  /** Milliseconds per stage, only with `UNITC_TIMINGS=1` in the environment (for benchmarks). */
  timings?: StageTimings;
};

export interface RunCodeModeOptions {
  /** The workers to run on (default: the shared pool). */
  pool?: SandboxPool;
  /** Set false to skip the type check (a final expression's value is then not returned). */
  typecheck?: boolean;
  /**
   * How long the answer may wait for a type checker still starting (`unitc serve`, which loads it in
   * the background, waits `STARTING_CHECK_WAIT_MS` of limits.ts); past it the answer comes unchecked, with a
   * warning. Unset: as long as the check takes (a one-off run, `unitc run`).
   */
  startingCheckWaitMs?: number;
  /** The declarations of the runtime's units, when they are not the bundle's own (a host serving more). */
  declarations?: BundleDeclarations;
}

type Settled = CodeModeOutcome & { logs?: LogEntry[] };

/** The stubs `units` gets, as JSON, by manifest (a large bundle's would be rebuilt on every run). */
const catalogs = new WeakMap<UnitRuntime["manifest"], string>();

/** A Code Mode unit's stubs: its operations, and those a caller's rules withhold (asked of the host). */
function stubsOf(runtime: UnitRuntime, unit: UnitRuntime["manifest"]["units"][number]) {
  const withheld = runtime.withheld?.(unit.id) ?? [];
  const operations = unit.operations.map((op) => op.tsName);
  return withheld.length > 0 ? { id: unit.id, operations, withheld } : { id: unit.id, operations };
}

function catalogOf(runtime: UnitRuntime): string {
  const manifest = runtime.manifest;
  let catalog = catalogs.get(manifest);
  if (catalog === undefined) {
    // Units served another way are named with their exposure only, so reading one says why it is missing.
    const units = manifest.units.map((unit) =>
      inCodeMode(unit) ? stubsOf(runtime, unit) : { id: unit.id, exposure: unit.exposure },
    );
    catalog = JSON.stringify(units);
    catalogs.set(manifest, catalog);
  }
  return catalog;
}

function job(runtime: UnitRuntime, js: string, timeoutMs: number, timings: boolean): RunJob {
  return {
    ...(timings ? { timings } : {}),
    js,
    catalog: catalogOf(runtime),
    timeoutMs,
    ...JOB_LIMITS,
  };
}

/** The run's result in the caller's terms: a parsed value, or an error placed in the script. */
function settle(outcome: EngineOutcome, prepared: PreparedScript): Settled {
  if (outcome.ok) {
    if (outcome.json === undefined) return { ok: true, logs: outcome.logs };
    if (outcome.truncated) return { ok: true, value: outcome.json, truncated: true, logs: outcome.logs };
    return { ok: true, value: JSON.parse(outcome.json), logs: outcome.logs };
  }
  const { stack, ...error } = outcome.error;
  const at = scriptPosition(prepared, stack);
  return { ok: false, error: { ...error, ...at }, logs: outcome.logs };
}

/** The result as returned: the run's outcome with its logs, the check's findings and how long it took. */
function finish(
  result: Settled,
  diagnostics: CheckDiagnostic[],
  started: number,
  timings: Stages | undefined,
): CodeModeResult {
  return {
    ...result,
    logs: result.logs ?? [],
    diagnostics,
    durationMs: Math.round((performance.now() - started) * 100) / 100,
    ...(timings ? { timings: timings.done() } : {}),
  } as CodeModeResult;
}

/** The declarations, loaded on first use: a runtime limited to some units (a scoped caller) sees those. */
function lazyDeclarations(
  runtime: UnitRuntime,
  bundleDir: string,
  options: RunCodeModeOptions,
): () => BundleDeclarations | undefined {
  let loaded: { declarations: BundleDeclarations | undefined } | undefined;
  return () => {
    loaded ??= {
      declarations: declarationsFor(options.declarations ?? loadDeclarations(bundleDir), runtime.manifest),
    };
    return loaded.declarations;
  };
}

/**
 * What `code` is checked against: the operations it names only, when its text says which
 * (narrow-declarations.ts), read from the bundle's recorded texts when it can be, else cut from the whole.
 */
function checkedAgainst(
  runtime: UnitRuntime,
  bundleDir: string,
  code: string,
  options: RunCodeModeOptions,
  declarations: () => BundleDeclarations | undefined,
): BundleDeclarations | undefined {
  const fromFiles = options.declarations
    ? undefined
    : narrowFromFiles(bundleDir, code, allowedIn(runtime.manifest));
  const whole = fromFiles ? undefined : declarations();
  return fromFiles ?? (whole && narrowDeclarations(whole, code));
}

/** Runs the prepared script on one of the pool's engines, answering its unit calls through a bridge. */
async function runOnEngine(
  pool: SandboxPool,
  request: RunJob,
  bridge: Bridge,
  timings: Stages | undefined,
  posted: () => void,
): Promise<EngineOutcome> {
  try {
    return await pool.run(
      request,
      timings ? timings.timed((call) => bridge.handle(call)) : (call) => bridge.handle(call),
      posted,
    );
  } finally {
    bridge.close();
  }
}

/**
 * Runs an agent's script against the bundle in `bundleDir` (the folder of its `manifest.json` and
 * `.code-mode/` declarations), calling units through `runtime`.
 */
export async function runCodeMode(
  runtime: UnitRuntime,
  input: CodeModeInput,
  bundleDir: string,
  options: RunCodeModeOptions = {},
): Promise<CodeModeResult> {
  const started = performance.now();
  const timings = process.env.UNITC_TIMINGS === "1" ? new Stages(started) : undefined;
  const diagnostics: CheckDiagnostic[] = [];
  const done = (result: Settled) => finish(result, diagnostics, started, timings);
  const checked = checkRunInput(input);
  if ("problem" in checked) return done({ ok: false, error: checked.problem });
  const { code, timeoutMs } = checked;
  const pool = options.pool ?? defaultSandboxPool();
  const declarations = lazyDeclarations(runtime, bundleDir, options);
  // A loaded checker is asked once the job is on its way: the engine, which the run waits for, is
  // woken first, and the check, which finishes within the run, second. A script that never runs
  // (its syntax is wrong) is not type-checked.
  let posted = () => {};
  const jobPosted = new Promise<void>((resolve) => {
    posted = resolve;
  });
  const against = checkedAgainst(runtime, bundleDir, code, options, declarations);
  const check =
    options.typecheck === false
      ? undefined
      : checkScript(pool, bundleDir, against, code, jobPosted, options.startingCheckWaitMs);
  timings?.lap("declarations");
  const syntax = check ? await check.syntax : { diagnostics: [] };
  timings?.lap("syntax");
  diagnostics.push(...syntax.diagnostics);
  const blocking = diagnostics.find((d) => d.severity === "error");
  if (blocking)
    return done({ ok: false, error: syntaxError(blocking.message, blocking.line, blocking.column) });
  const prepared = await prepareScript(code, syntax.returnAt, syntax.plain);
  timings?.lap("transform");
  if (!("js" in prepared)) {
    return done({ ok: false, error: syntaxError(prepared.message, prepared.line, prepared.column) });
  }
  const request = job(runtime, prepared.js, timeoutMs, timings !== undefined);
  const bridge = new Bridge(runtime, declarations);
  const outcome = await runOnEngine(pool, request, bridge, timings, posted);
  timings?.lap("engine", outcome.timings);
  // The type check ran alongside; its warnings belong to this result.
  const bounded = options.startingCheckWaitMs !== undefined;
  diagnostics.push(...(check ? await (bounded ? check.types : check.checked) : []));
  timings?.lap("typesWait");
  // The pool's other engines, which an idle serve did not start: runs in a row then alternate. Started
  // once the check is in, not beside it: a first run's check may still be loading its declarations.
  if (pool.enginesStarted < pool.size) void pool.warmAll().catch(() => undefined);
  return done(settle(outcome, prepared));
}

/** Stage durations of one run: each lap is the time since the previous one. */
class Stages {
  private readonly times: StageTimings = {};
  private last: number;

  constructor(private readonly started: number) {
    this.last = started;
  }

  lap(name: string, inner?: StageTimings): void {
    const now = performance.now();
    this.times[name] = now - this.last;
    this.last = now;
    if (!inner) return;
    let measured = 0;
    for (const [stage, ms] of Object.entries(inner)) {
      this.times[`${name}.${stage}`] = ms;
      if (stage !== "contextReady") measured += ms;
    }
    // What the worker did not measure: the job's and the outcome's way between the threads.
    this.times[`${name}.hops`] = Math.max(0, this.times[name] - measured);
  }

  /**
   * `handle`, adding the time its answers take to `bridge` (the host's part of the unit calls: input
   * checks, the call itself, serialisation); the rest of the engine stage is the engine and the hops.
   */
  timed(handle: (call: string) => Promise<string>): (call: string) => Promise<string> {
    return async (call) => {
      const started = performance.now();
      try {
        return await handle(call);
      } finally {
        this.times.bridge = (this.times.bridge ?? 0) + performance.now() - started;
        this.times.calls = (this.times.calls ?? 0) + 1;
      }
    };
  }

  done(): StageTimings {
    this.times.total = performance.now() - this.started;
    return this.times;
  }
}

function syntaxError(message: string, line: number, column: number): CodeModeError {
  return {
    code: "SYNTAX_ERROR",
    message,
    line,
    column,
    hint: "fix the script at that line; nothing was run",
  };
}
