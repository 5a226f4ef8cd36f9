/** Runtime codes of Code Mode runs: the code_mode tool, unitc run and runCodeMode. */
import { type ErrorCodeEntry, entry } from "./entry.js";

/** The codes of a Code Mode run. */
export const codeModeCodes = {
  ARGS_INVALID: entry(
    "the arguments of a Code Mode run, a script's units request or a progressive tool call are not what it takes",
    "pass the fields the message names: a run takes a non-empty code and an optional whole timeoutMs",
    'code_mode with {"code": "return 1", "timeoutMs": "5000"} → timeoutMs must be a whole number of milliseconds, at least 1',
  ),
  CODE_TOO_LARGE: entry(
    "a Code Mode script is longer than the byte cap",
    "send a shorter script; do the work in several runs",
    "a script with a 300 KB data literal → the script is longer than 262144 bytes",
  ),
  TOO_MANY_RUNS: entry(
    "this session already has a Code Mode run going and the most runs waiting behind it",
    "wait for a run to finish before starting another; one script can make many calls",
    "an agent sends five code_mode calls at once in one session; the last ones are refused",
  ),
  SYNTAX_ERROR: entry(
    "the script does not parse; nothing was run",
    "fix the script at the line the error names",
    "return units.notes.listNotes({ tag: 'work' ) → 1:39 ',' expected",
  ),
  UNBALANCED: entry(
    "the script closes a brace it never opened, so it would end the sandbox's wrapper early; nothing was run",
    "remove the extra closing brace at the line the diagnostic names",
    "return 1; } (async () => { → 1:11 this closing brace has no opening one",
  ),
  TYPECHECK_SKIPPED: entry(
    "a warning: the script ran without its type check (the checker was starting or busy)",
    "nothing to do; run it again to have it checked, or check types yourself before",
    "the first code_mode call after serve starts runs before the type checker is ready",
  ),
  SCRIPT_ERROR: entry(
    "the script threw an error, or a promise it awaited rejected",
    "read the error and the line; catch a failed unit call's error to handle it in the script",
    "const n = notes[0].title.length; with no notes → 2:19 TypeError: cannot read property 'title' of undefined",
  ),
  STACK_OVERFLOW: entry(
    "the script recursed deeper than the sandbox's stack",
    "replace deep recursion with a loop",
    "const f = (n) => f(n + 1); return f(0); → InternalError: stack overflow",
  ),
  MEMORY_LIMIT: entry(
    "the script used more memory than a run may",
    "work on smaller pieces of data",
    'return "x".repeat(1e6).split("").map((c) => [c, c]) → out of memory',
  ),
  NEVER_SETTLED: entry(
    "the script awaits a promise nothing can settle: no unit call is pending",
    "await unit calls (units.<unit>.<operation>) only; timers such as setTimeout do not exist here",
    "await new Promise(() => {}); → the script awaits a promise nothing can settle",
  ),
  RESULT_NOT_JSON: entry(
    "the value the script returned cannot be turned into JSON",
    "return plain data: objects, arrays, strings, numbers, booleans and null, without cycles",
    "const a = {}; a.self = a; return a; → the value has a cycle",
  ),
  CALL_LIMIT: entry(
    "the script made more unit calls, or had more in flight, or received more bytes, than a run allows; the run was stopped",
    "make fewer, smaller calls per run (await them a few at a time), or split the work over several runs",
    "for (const id of ids) await units.notes.getNote({ id }); over 5000 IDs → more than 1000 calls",
  ),
  REQUEST_TOO_LARGE: entry(
    "one unit call's input from a script is larger than a call may send",
    "send less per call: split the input over several calls",
    "units.files.write({ text: bigText }) with 20 MB of text → the call's input is larger than the cap",
  ),
  CALL_FAILED: entry(
    "a unit call from a script failed in a way that has no code of its own",
    "read the message; retry the call if it may pass",
    "units.notes.listNotes() failed: the host dropped the call while the run ended",
  ),
  SANDBOX_FAILED: entry(
    "the sandbox engine or its worker stopped during the run",
    "the script may have exhausted the worker's memory; work on smaller data",
    "the engine worker exited with code 134 during the run",
  ),
} satisfies Record<string, ErrorCodeEntry>;
