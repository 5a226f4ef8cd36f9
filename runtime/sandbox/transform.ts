/**
 * Turns an agent's script into what the engine evaluates: an optional `return` before a final
 * expression, types stripped by TypeScript's transpiler (unless the type check found plain JavaScript), and the
 * body wrapped in an async arrow function called at once, so top-level `await` and `return` work
 * and the script evaluates to a promise.
 */
import { type DecodedMappings, decodeMappings, originalPosition } from "./source-map.js";

const PREFIX = "(async () => {\n";
const SUFFIX = "\n})()";
const RETURN = "return ";
const FRAME = /\(?agent\.js:(\d+):(\d+)\)?/;

/** A script ready to run, and how to map engine positions back to the agent's lines. */
export interface PreparedScript {
  js: string;
  /** Where the transpiler put each part of the wrapped script; absent when the script runs as written. */
  mappings?: DecodedMappings;
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

/** Scripts prepared lately, for scripts run again unchanged (an agent retrying, a loop of runs). */
const CACHE_SIZE = 64;
const cache = new Map<string, PreparedScript>();

/**
 * Strips types and wraps `code`; `returnAt` is the offset of a final expression statement. `plain`
 * (the type check's finding: no TypeScript syntax) skips the transpiler: the script runs as written.
 */
export async function prepareScript(
  code: string,
  returnAt?: number,
  plain = false,
): Promise<PreparedScript | ScriptSyntaxError> {
  if (plain) {
    return {
      js: `${PREFIX}${withReturn(code, returnAt)}${SUFFIX}`,
      ...(returnAt === undefined ? {} : { inserted: lineAndColumn(code, returnAt) }),
    };
  }
  const key = `${returnAt ?? ""}\u0000${code}`;
  const known = cache.get(key);
  if (known) {
    cache.delete(key);
    cache.set(key, known);
    return known;
  }
  const prepared = await transformScript(code, returnAt);
  if ("js" in prepared) {
    cache.set(key, prepared);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }
  return prepared;
}

function withReturn(code: string, returnAt: number | undefined): string {
  return returnAt === undefined ? code : `${code.slice(0, returnAt)}${RETURN}${code.slice(returnAt)}`;
}

async function transformScript(code: string, returnAt?: number): Promise<PreparedScript | ScriptSyntaxError> {
  const source = withReturn(code, returnAt);
  // TypeScript (a dependency already, for the type checks), loaded on the first script that needs it.
  // It is CommonJS: an ES module import finds it as the default export.
  const { default: ts } = (await import("typescript")) as unknown as { default: typeof import("typescript") };
  const wrapped = `${PREFIX}${source}${SUFFIX}`;
  const result = ts.transpileModule(wrapped, {
    fileName: "agent.ts",
    reportDiagnostics: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      sourceMap: true,
      removeComments: false,
    },
  });
  const first = result.diagnostics?.find((d) => d.category === ts.DiagnosticCategory.Error);
  if (first) {
    const at = lineAndColumn(wrapped, first.start ?? 0);
    // Line 0 of the wrapped text is the wrapper's own line.
    return {
      message: ts.flattenDiagnosticMessageText(first.messageText, "\n"),
      line: Math.max(1, at.line),
      column: at.column + 1,
    };
  }
  const map = JSON.parse(result.sourceMapText ?? "{}") as { mappings?: string };
  return {
    // The map travels beside the code, not as a comment naming a file that does not exist.
    js: result.outputText.replace(/\n\/\/# sourceMappingURL=\S*\s*$/, "\n"),
    mappings: decodeMappings(map.mappings ?? ""),
    ...(returnAt === undefined ? {} : { inserted: lineAndColumn(code, returnAt) }),
  };
}

/** The agent's line and column (1-based) of the first `agent.js` frame in an engine stack. */
export function scriptPosition(
  prepared: PreparedScript,
  stack: string | undefined,
): { line: number; column: number } | undefined {
  const frame = stack ? FRAME.exec(stack) : null;
  if (!frame) return undefined;
  const generated = { line: Number(frame[1]) - 1, column: Number(frame[2]) - 1 };
  const at = prepared.mappings
    ? originalPosition(prepared.mappings, generated.line, generated.column)
    : generated;
  // Line 0 of the transformed input is the wrapper's own line.
  if (!at || at.line < 1) return undefined;
  const line = at.line - 1;
  const shifted = prepared.inserted?.line === line && at.column >= prepared.inserted.column + RETURN.length;
  return { line: line + 1, column: (shifted ? at.column - RETURN.length : at.column) + 1 };
}
