/**
 * The errors a run ends with, as the engine worker reports them. A code comes only from the host:
 * a failed unit call (the prelude keeps its answer beside the error it made), a limit the engine
 * enforces, or the engine's own out-of-memory and stack errors. Whatever the script threw is
 * `SCRIPT_ERROR`, and every message is capped, with a marker, like a result.
 */

import type { EngineError, RunJob } from "../shared/protocol.js";
import { capMessage, cutUtf8 } from "./capture.js";

const ERROR_CODE = /^[A-Z][A-Z0-9_]{0,63}$/;
/** Of a stack, only its first frames are needed (to place the error in the script). */
const MAX_STACK_BYTES = 4 * 1024;

/** What the prelude's `describeError` says of a thrown value. */
interface Described {
  name: string;
  message: string;
  stack?: string;
  /** An InternalError of the engine's own kind (out of memory, stack overflow). */
  internal?: boolean;
  /** The host's answer, when the value is the error the prelude made for a failed call. */
  host?: { code: string; message: string; hint?: string; status?: number; excerpt?: string };
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** Reads the prelude's JSON description, trusting nothing about its shape. */
function described(json: string): Described | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { name, message, stack, internal, host } = value as Record<string, unknown>;
  const out: Described = { name: text(name) ?? "Error", message: text(message) ?? "" };
  const at = text(stack);
  if (at) out.stack = cutUtf8(at, MAX_STACK_BYTES);
  if (internal === true) out.internal = true;
  if (typeof host === "object" && host !== null) {
    const { code, message: said, hint, status, excerpt } = host as Record<string, unknown>;
    const known = text(code);
    if (known && ERROR_CODE.test(known)) {
      const shown = text(hint);
      const answer = text(excerpt);
      out.host = {
        code: known,
        message: text(said) ?? "",
        ...(shown ? { hint: shown } : {}),
        ...(typeof status === "number" && Number.isInteger(status) ? { status } : {}),
        ...(answer ? { excerpt: answer } : {}),
      };
    }
  }
  return out;
}

/** The error of a run whose script threw the value `json` describes. */
export function classifyError(json: string, job: RunJob): EngineError {
  const error = described(json);
  if (!error) return unreadable();
  const at = error.stack ? { stack: error.stack } : {};
  const cap = (message: string) => capMessage(message, job.maxErrorBytes);
  if (error.host) {
    const { code, message, hint, status, excerpt } = error.host;
    return {
      code,
      message: cap(message),
      ...(hint ? { hint: cap(hint) } : {}),
      ...(status !== undefined ? { status } : {}),
      ...(excerpt ? { excerpt: cap(excerpt) } : {}),
      ...at,
    };
  }
  if (error.internal && error.message === "out of memory") return { ...memoryLimit(job), ...at };
  if (error.internal && error.message === "stack overflow") {
    const message = `the script recursed too deeply (stack limit ${job.stackBytes / 1024} KiB)`;
    return { code: "STACK_OVERFLOW", message, hint: "replace deep recursion with a loop", ...at };
  }
  return { code: "SCRIPT_ERROR", message: cap(`${error.name}: ${error.message}`), ...at };
}

/** The script ran out of memory. */
export function memoryLimit(job: RunJob): EngineError {
  const limit = Math.round(job.memoryBytes / 1024 / 1024);
  return {
    code: "MEMORY_LIMIT",
    message: `the script used more than the memory limit of ${limit} MiB`,
    hint: "work on smaller pieces of data",
  };
}

export function unreadable(): EngineError {
  return { code: "SCRIPT_ERROR", message: "the script failed and its error could not be read" };
}

export function timeout(job: RunJob): EngineError {
  return {
    code: "TIMEOUT",
    message: `the script ran past its time limit of ${job.timeoutMs} ms`,
    hint: "do less in one run (fewer or smaller calls), or pass a larger timeoutMs (at most 120000)",
  };
}

/**
 * The script's body runs inside an async function, so what its evaluation throws at once is the
 * engine refusing to compile it: a syntax error, and nothing ran.
 */
export function compileError(error: EngineError): EngineError {
  const syntax = /^SyntaxError: /.exec(error.message);
  if (error.code !== "SCRIPT_ERROR" || !syntax) return error;
  return {
    ...error,
    code: "SYNTAX_ERROR",
    message: error.message.slice(syntax[0].length),
    hint: "fix the script at that line; nothing was run",
  };
}

export function neverSettled(): EngineError {
  return {
    code: "NEVER_SETTLED",
    message: "the script awaits a promise that nothing can settle: no unit call is pending",
    hint: "await unit calls (units.<unit>.<operation>) only; timers such as setTimeout do not exist here",
  };
}
