/**
 * Messages between the host and its worker threads. Everything the sandbox produced crosses as a
 * string (a bridge request, a serialised result, a log line) and is parsed on the host as data.
 */

/** One captured `console.*` line. */
export interface LogEntry {
  level: "log" | "info" | "warn" | "error" | "debug";
  message: string;
}

/** What an engine worker needs for one run. */
export interface RunJob {
  /** The script, already stripped of types and wrapped so it evaluates to a promise. */
  js: string;
  /** JSON of `[{ id, operations: [tsName…] }]`: the stubs `units` gets. */
  catalog: string;
  timeoutMs: number;
  memoryBytes: number;
  stackBytes: number;
  maxLogBytes: number;
  maxResultBytes: number;
  maxErrorBytes: number;
  maxRequestBytes: number;
  maxRunRequestBytes: number;
  maxCalls: number;
  maxCallsInFlight: number;
  /** Record how long each stage of the run took (`UNITC_TIMINGS=1`), returned in the outcome. */
  timings?: boolean;
}

/** Milliseconds per stage of a run, by stage name. */
export type StageTimings = Record<string, number>;

/** An error raised by the script or the engine, as plain strings. */
export interface EngineError {
  code: string;
  message: string;
  /** The sandbox's own stack text (`at f (agent.js:3:7)`), for mapping back to the script. */
  stack?: string;
  hint?: string;
  /** A failed unit call's HTTP status and bounded, redacted excerpt of the answer (the API's error body). */
  status?: number;
  excerpt?: string;
}

export type EngineOutcome = (
  | {
      ok: true;
      /** JSON text of the value (absent for `undefined`); when `truncated`, its cut start plus a marker. */
      json?: string;
      truncated: boolean;
    }
  | { ok: false; error: EngineError }
) & {
  logs: LogEntry[];
  /** Set when the engine may be in a bad state: the host replaces the worker. */
  retire?: boolean;
  /** Stage durations inside the engine, when the job asked for them. */
  timings?: StageTimings;
};

/** What an engine worker starts with. */
export interface EngineWorkerData {
  /** An `Int32Array` counter the host bumps (and notifies) after posting each reply. */
  replies: SharedArrayBuffer;
}

/** Host → engine worker. */
export type EngineRequest =
  | { type: "run"; job: RunJob }
  | { type: "reply"; callId: number; response: string };

/** Engine worker → host. */
export type EngineMessage =
  | { type: "ready" }
  | { type: "call"; callId: number; request: string }
  | { type: "result"; outcome: EngineOutcome }
  /** The worker cannot run the job (its engine may be inconsistent); nothing of it ran. */
  | { type: "declined" };

/** A problem the type check found, positioned in the agent's own code (1-based). */
export interface CheckDiagnostic {
  severity: "error" | "warning";
  code: string;
  message: string;
  line: number;
  column: number;
  /** The source line, for showing where. */
  lineText?: string;
  /** Related information, such as where the expected type was declared. */
  notes?: string[];
}

/**
 * Host → checker worker. `syntax` parses a script on its own; `lib` parses and binds the ECMAScript
 * lib every bundle's checks share (a serve's preparation, before it knows what a script names);
 * `load` gives the worker a bundle's declarations (parsed and bound once, ahead of the checks);
 * `types` checks a script against them.
 */
export type CheckRequest =
  | { type: "syntax"; code: string }
  | { type: "lib" }
  | {
      type: "load";
      bundleDir: string;
      /** Changes whenever the bundle's declarations change. */
      version: string;
      declarations: string;
    }
  | { type: "types"; bundleDir: string; version: string; code: string };

/** Syntax errors (which block the run), or where a final expression starts. */
export interface SyntaxOutcome {
  diagnostics: CheckDiagnostic[];
  /** Offset in the code of a final expression statement, so its value can be returned. */
  returnAt?: number;
  /** The script is JavaScript QuickJS runs as written: no types to strip, so no esbuild pass. */
  plain?: boolean;
}

/** Checker worker → host, one answer per request; `stale`: the worker lacks that bundle version (load it). */
export type CheckMessage =
  | { type: "ready" }
  | { type: "syntax"; outcome: SyntaxOutcome }
  | { type: "loaded" }
  | { type: "lib" }
  | { type: "types"; diagnostics: CheckDiagnostic[] }
  | { type: "stale" };
