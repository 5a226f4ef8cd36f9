/** What the parse of a script tells before any type check: its wrapper's body, and whether it is plain JavaScript. */
import type * as TS from "typescript";
import { SCRIPT_PREFIX, wrapperEnd } from "./script-wrapper.js";
import { typeScript } from "./typescript-module.js";

const ts = typeScript();

/** What TypeScript's emitter would have to rewrite before QuickJS could run a script. */
const REWRITTEN = ["ContainsTypeScript", "ContainsJsx", "ContainsDecorators", "ContainsESNext"] as const;

/**
 * True when the script is JavaScript QuickJS runs as written: no types to strip and nothing newer
 * than ES2022 to lower. The parser marks every node with what it contains (`transformFlags`, which
 * TypeScript's own emitter relies on); when this TypeScript does not, the answer is false and the
 * script goes through esbuild as any other.
 */
export function isPlainJavaScript(source: TS.SourceFile): boolean {
  const names = (ts as unknown as { TransformFlags?: Record<string, number> }).TransformFlags;
  const flags = (source as unknown as { transformFlags?: number }).transformFlags;
  if (!names || typeof flags !== "number") return false;
  let rewritten = 0;
  for (const name of REWRITTEN) {
    const flag = names[name];
    if (typeof flag !== "number") return false;
    rewritten |= flag;
  }
  return (flags & rewritten) === 0;
}

/** The wrapper function's body, or the offset of a brace that closed it early. */
export function scriptBody(source: TS.SourceFile, code: string): TS.Block | number {
  const [first] = source.statements;
  const body = first && ts.isFunctionDeclaration(first) ? first.body : undefined;
  const end = wrapperEnd(code);
  if (body && source.statements.length === 1 && body.end === end) return body;
  return Math.max(SCRIPT_PREFIX.length, (body?.end ?? end) - 1);
}
