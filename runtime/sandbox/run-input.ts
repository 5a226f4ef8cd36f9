/**
 * The one check of a Code Mode run's input (`code`, `timeoutMs`), shared by the `code_mode` tool and
 * `runCodeMode` (`unitc run`, the library), so both refuse the same input with the same code,
 * `ARGS_INVALID` (or `CODE_TOO_LARGE`), and a `timeoutMs` that is not a number is refused, not ignored.
 */
import type { CataloguedCode } from "../contract/codes/index.js";
import { MAX_CODE_BYTES, resolveTimeout } from "./shared/limits.js";

/** The fields a run takes; the tool's input schema allows no others. */
const FIELDS = ["code", "timeoutMs"];

/** Why a run's input is refused. */
export interface RunInputProblem {
  code: CataloguedCode<"ARGS_INVALID" | "CODE_TOO_LARGE">;
  message: string;
  hint: string;
}

/** A run's input, checked: the script and the time limit to use. */
export interface CheckedRunInput {
  code: string;
  timeoutMs: number;
}

/** Checks a run's input as it came (from an MCP client, the CLI or a library caller). */
export function checkRunInput(input: unknown): CheckedRunInput | { problem: RunInputProblem } {
  const refuse = (message: string, hint: string) => ({
    problem: { code: "ARGS_INVALID" as const, message, hint },
  });
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return refuse(
      "the input must be an object",
      'pass {"code": "return await units.<unit>.<operation>({...})"}',
    );
  }
  const fields = input as Record<string, unknown>;
  const extra = Object.keys(fields).filter((key) => !FIELDS.includes(key));
  if (extra.length > 0) {
    return refuse(
      `unknown field(s) ${extra.map((key) => JSON.stringify(key)).join(", ")}`,
      `a run takes ${FIELDS.join(" and ")} only`,
    );
  }
  if (typeof fields.code !== "string" || fields.code.trim() === "") {
    return refuse("code must be a non-empty string", 'pass the script as code: {"code": "return 1"}');
  }
  if (Buffer.byteLength(fields.code) > MAX_CODE_BYTES) {
    const message = `the script is longer than ${MAX_CODE_BYTES} bytes`;
    return {
      problem: {
        code: "CODE_TOO_LARGE",
        message,
        hint: "send a shorter script; do the work in several runs",
      },
    };
  }
  const timeout = resolveTimeout(fields.timeoutMs);
  if (typeof timeout === "string") return refuse(timeout, "leave timeoutMs out for 10 s");
  return { code: fields.code, timeoutMs: timeout };
}
