/**
 * The `code_mode` tool: agent TypeScript run in the QuickJS sandbox against the served bundle. The
 * sandbox is loaded on the first run, so serving without Code Mode never pays for it.
 */
import type { CallToolResult, Tool } from "@modelcontextprotocol/server";
import type { Manifest } from "../../contract/manifest.js";
import { CODE_MODE_INPUT_SCHEMA, codeModeDescription } from "../../sandbox/description.js";
import type { CodeModeError } from "../../sandbox/run.js";
import { checkRunInput } from "../../sandbox/run-input.js";
import { MAX_QUEUED_RUNS_PER_SESSION, MAX_RUNS_PER_SESSION } from "../../sandbox/shared/limits.js";
import { runOwner } from "../../sandbox/shared/owner.js";
import type { CheckDiagnostic, LogEntry } from "../../sandbox/shared/protocol.js";
import type { CodeModeConfirm } from "../confirm/gate.js";
import { CODE_MODE_TOOL } from "./names.js";
import { failureResult } from "./results.js";

/**
 * Prepares the sandbox for `bundleDir` in the background once serving has started: the first run
 * then finds its engine and checker ready instead of starting them (a second or more). Returns what
 * cancels it, for a serve closed before it began.
 */
export function prepareCodeModeSoon(bundleDir: string): () => void {
  const timer = setTimeout(() => {
    import("../../sandbox/prepare.js")
      .then(({ prepareCodeMode }) => prepareCodeMode(bundleDir))
      .catch(() => undefined);
  }, PREPARE_DELAY_MS);
  timer.unref();
  return () => clearTimeout(timer);
}

/** Lets the client's initialize and first tools/list be answered before the engine takes the CPU. */
const PREPARE_DELAY_MS = 50;

/**
 * Starts the Code Mode type checker before the host reads the bundle in `bundleDir`, when the
 * bundle declares Code Mode units: TypeScript and its lib (most of a new serve's first check) load
 * on a thread of their own while the bundle is read. Resolves with what ends the checker again,
 * for a serve whose units turn out to have no Code Mode (the user's exposure laid over them).
 */
export async function startTypeCheckerEarly(bundleDir: string): Promise<(() => void) | undefined> {
  try {
    const { startTypeChecker } = await import("../../sandbox/prepare.js");
    return startTypeChecker(bundleDir);
  } catch {
    return undefined;
  }
}

/** What the description needs of a unit. */
export type CodeModeUnit = Pick<
  Manifest["units"][number],
  "id" | "name" | "description" | "exposure" | "operations"
>;

/** The `code_mode` tool over the units the sandbox can call (this bundle's Code Mode units). */
export function codeModeTool(units: readonly CodeModeUnit[]): Tool {
  const manifest = { units } as unknown as Manifest;
  return {
    name: CODE_MODE_TOOL,
    description: codeModeDescription(manifest),
    inputSchema: CODE_MODE_INPUT_SCHEMA as unknown as Tool["inputSchema"],
  };
}

/** A `code_mode` call's script, time limit, and whether its answer may wait for a starting type checker. */
export interface CodeModeRequest {
  code: string;
  timeoutMs?: number;
  /** False for a caller that reads no type warnings (a stacked instance's one-line call). */
  waitForCheck?: boolean;
  /** Asks the person before the script's calls that need confirming (see `../confirm/`). */
  confirm?: CodeModeConfirm;
}

/** What a Code Mode run needs from the host. */
export interface CodeModeHost {
  runCode(input: CodeModeRequest): Promise<{ ok: boolean; [field: string]: unknown }>;
}

/** What a failed run brings besides its error. */
interface FailedRun {
  error: CodeModeError;
  logs?: LogEntry[];
  diagnostics?: CheckDiagnostic[];
}

/**
 * A failed run as an error result: the error as text (code, message, where, hint), then the logs
 * and the type-check findings, so an agent sees what the script printed before it failed.
 */
function failedRun({ error, logs = [], diagnostics = [] }: FailedRun): CallToolResult {
  const sections: string[] = [];
  if (logs.length > 0) {
    sections.push(`logs:\n${logs.map((entry) => `[${entry.level}] ${entry.message}`).join("\n")}`);
  }
  if (diagnostics.length > 0) {
    const lines = diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}`);
    sections.push(`diagnostics:\n${lines.join("\n")}`);
  }
  const details = {
    ...(logs.length > 0 ? { logs } : {}),
    ...(diagnostics.length > 0 ? { diagnostics } : {}),
  };
  return failureResult({ ...error, ...details }, sections);
}

/**
 * Who asks for a run: the MCP session (any object that lives as long as it), the HTTP principal it
 * acts for (engines are shared fairly between principals) and the request's signal.
 */
export interface CodeModeCaller {
  session: object;
  principal?: string;
  signal?: AbortSignal;
  /** The request's `_meta`: {@link NO_CHECK_WAIT_META} there lets its answer skip the checker's start. */
  meta?: Record<string, unknown>;
}

/** The runs of one session: how many hold a turn, and the runs waiting for one, first come first. */
interface SessionRuns {
  going: number;
  waiting: Array<(go: boolean) => void>;
}

const sessions = new WeakMap<object, SessionRuns>();

/**
 * Waits for a turn of the caller's session, so one session's scripts queue behind each other, not in
 * front of other sessions' (whose time limits start only when they run). Resolves `false` when the
 * request was cancelled while waiting; `undefined` when the session already has too many waiting.
 */
function turn(runs: SessionRuns, signal: AbortSignal | undefined): Promise<boolean> | undefined {
  if (runs.going < MAX_RUNS_PER_SESSION) {
    runs.going += 1;
    return Promise.resolve(true);
  }
  if (runs.waiting.length >= MAX_QUEUED_RUNS_PER_SESSION) return undefined;
  return new Promise<boolean>((resolve) => {
    const cancel = () => {
      runs.waiting.splice(runs.waiting.indexOf(go), 1);
      resolve(false);
    };
    const go = (going: boolean) => {
      signal?.removeEventListener("abort", cancel);
      resolve(going);
    };
    runs.waiting.push(go);
    signal?.addEventListener("abort", cancel, { once: true });
  });
}

/** Hands the finished run's turn to the session's next waiting run. */
function release(runs: SessionRuns): void {
  const next = runs.waiting.shift();
  if (next) next(true);
  else runs.going -= 1;
}

/** Runs the script in its session's turn; refuses it when the session already has too many queued. */
async function inTurn<T>(
  caller: CodeModeCaller | undefined,
  run: () => Promise<T>,
): Promise<T | CallToolResult> {
  if (!caller) return run();
  let runs = sessions.get(caller.session);
  if (!runs) {
    runs = { going: 0, waiting: [] };
    sessions.set(caller.session, runs);
  }
  const waited = turn(runs, caller.signal);
  if (!waited) {
    return failureResult({
      code: "TOO_MANY_RUNS",
      message: `this session already has ${MAX_RUNS_PER_SESSION} Code Mode run(s) going and ${MAX_QUEUED_RUNS_PER_SESSION} waiting`,
      hint: "wait for a run to finish before starting another; one script can make many calls",
    });
  }
  if (!(await waited)) {
    return failureResult({ code: "CANCELLED", message: "the run was cancelled before it started" });
  }
  try {
    return await (caller.principal === undefined ? run() : runOwner.run(caller.principal, run));
  } finally {
    release(runs);
  }
}

/**
 * Runs the script; a failed run is an `isError` result whose text carries its logs and diagnostics. A
 * `caller` puts the run in its session's turn (see {@link MAX_RUNS_PER_SESSION}).
 */
export async function callCodeMode(
  host: CodeModeHost,
  args: unknown,
  caller?: CodeModeCaller,
): Promise<CallToolResult> {
  // Refused here, before the run queues for a turn; the run itself takes the checked values.
  const input = checkRunInput(args ?? {});
  if ("problem" in input) return failedRun({ error: input.problem });
  const noWait = caller?.meta?.[NO_CHECK_WAIT_META] === true;
  const result = await inTurn(caller, () => host.runCode(noWait ? { ...input, waitForCheck: false } : input));
  if (!("ok" in result)) return result;
  const { timings, ...run } = result;
  if (!run.ok) return withTimings(failedRun(run as unknown as FailedRun), timings);
  const serializing = performance.now();
  const text = JSON.stringify(run, null, 2);
  const answer = { content: [{ type: "text" as const, text }], structuredContent: run };
  if (timings) (timings as Record<string, number>).resultText = performance.now() - serializing;
  return withTimings(answer, timings);
}

/** Stage timings (`UNITC_TIMINGS=1` only) go in `_meta`, beside what the agent reads. */
function withTimings(result: CallToolResult, timings: unknown): CallToolResult {
  if (timings === undefined) return result;
  return { ...result, _meta: { ...result._meta, [TIMINGS_META]: timings } };
}

/** Where a run's stage timings go in a result's `_meta`. */
export const TIMINGS_META = "unitc/timings";

/**
 * Set true in a `code_mode` request's `_meta` by a caller that reads no type warnings (a stacked
 * instance calling a unit through this one's sandbox): its answer does not wait for a type checker
 * still starting, which only a script's author needs.
 */
export const NO_CHECK_WAIT_META = "unitc/no-check-wait";
