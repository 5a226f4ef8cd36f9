/**
 * Turns an agent's script into what the engine evaluates: an optional `return` before a final
 * expression, types stripped by esbuild, and the body wrapped in an async arrow function called at
 * once, so top-level `await` and `return` work and the script evaluates to a promise.
 */
import { type DecodedMappings, decodeMappings, originalPosition } from "./source-map.js";

const PREFIX = "(async () => {\n";
const SUFFIX = "\n})()";
const RETURN = "return ";
const FRAME = /\(?agent\.js:(\d+):(\d+)\)?/;

/** A script ready to run, and how to map engine positions back to the agent's lines. */
export interface PreparedScript {
  js: string;
  mappings: DecodedMappings;
  /** Where a `return` was inserted (0-based line and column in the script), if it was. */
  inserted?: { line: number; column: number };
}

export interface ScriptSyntaxError {
  message: string;
  line: number;
  column: number;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split("\n");
  return { line: before.length - 1, column: (before.at(-1) ?? "").length };
}

/** Strips types and wraps `code`; `returnAt` is the offset of a final expression statement. */
export async function prepareScript(
  code: string,
  returnAt?: number,
): Promise<PreparedScript | ScriptSyntaxError> {
  const source = returnAt === undefined ? code : `${code.slice(0, returnAt)}${RETURN}${code.slice(returnAt)}`;
  const { transform } = await import("esbuild");
  try {
    const result = await transform(`${PREFIX}${source}${SUFFIX}`, {
      loader: "ts",
      target: "es2022",
      sourcemap: "external",
      sourcefile: "agent.ts",
      logLevel: "silent",
    });
    const map = JSON.parse(result.map) as { mappings: string };
    return {
      js: result.code,
      mappings: decodeMappings(map.mappings),
      ...(returnAt === undefined ? {} : { inserted: lineAndColumn(code, returnAt) }),
    };
  } catch (error) {
    const first = (error as { errors?: Array<{ text: string; location?: { line: number; column: number } }> })
      .errors?.[0];
    if (!first) throw error;
    const line = Math.max(1, (first.location?.line ?? 2) - 1);
    return { message: first.text, line, column: (first.location?.column ?? 0) + 1 };
  }
}

/** The agent's line and column (1-based) of the first `agent.js` frame in an engine stack. */
export function scriptPosition(
  prepared: PreparedScript,
  stack: string | undefined,
): { line: number; column: number } | undefined {
  const frame = stack ? FRAME.exec(stack) : null;
  if (!frame) return undefined;
  const at = originalPosition(prepared.mappings, Number(frame[1]) - 1, Number(frame[2]) - 1);
  // Line 0 of the transformed input is the wrapper's own line.
  if (!at || at.line < 1) return undefined;
  const line = at.line - 1;
  const shifted = prepared.inserted?.line === line && at.column >= prepared.inserted.column + RETURN.length;
  return { line: line + 1, column: (shifted ? at.column - RETURN.length : at.column) + 1 };
}
