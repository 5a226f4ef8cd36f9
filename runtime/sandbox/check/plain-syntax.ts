/**
 * The host's own reading of a script that is plain JavaScript, so most runs need not wait for the
 * syntax reader's thread (a hand-off that costs a run 0.3 ms, more when that thread sat idle).
 * TypeScript stays the judge: this answers only when its answer is certain to be TypeScript's
 * (`BundleChecker.syntax`: no syntax errors, nothing to strip or lower, the same final expression),
 * and leaves every other script, the ones with errors included, to TypeScript. The property test in
 * `test/runtime/sandbox/check/plain-syntax.test.ts` holds it to that.
 */
import { Parser, type Token } from "acorn";
import type { SyntaxOutcome } from "../shared/protocol.js";
import { SCRIPT_PREFIX, wrapperEnd, wrapScript } from "./script-wrapper.js";

/** Nodes as acorn gives them: the few fields read here. */
interface Node {
  type: string;
  start: number;
  end: number;
  body?: Node | Node[];
}

/** Acorn's token types whose text may start with `<` or `>`: comparisons, shifts, assignments. */
const ANGLED = new Set(["</>/<=/>=", "<</>>/>>>", "_="]);

/**
 * Whether TypeScript must read the script after all:
 * - where TypeScript and JavaScript can read the same text two ways: `f<T>(x)` is a call with a
 *   type argument to TypeScript and two comparisons to JavaScript, so a script with an operator
 *   starting with `<` and a later one starting with `>` goes to TypeScript;
 * - a private name (`#p`): TypeScript has the script lowered when it tests one with `in`.
 */
function leftToTypeScript(tokens: readonly Token[], text: string): boolean {
  let opened = false;
  for (const token of tokens) {
    if (token.type.label === "privateId") return true;
    if (!ANGLED.has(token.type.label)) continue;
    const first = text[token.start];
    if (first === "<") opened = true;
    else if (opened && first === ">") return true;
  }
  return false;
}

/**
 * The syntax outcome of `code` when it is plain JavaScript that TypeScript reads the same way;
 * undefined when TypeScript must read it (TypeScript syntax, an error, anything newer than ES2022).
 * Strict mode (a module) and ES2022 keep this reader at or below what TypeScript accepts as written.
 */
export function plainSyntax(code: string): SyntaxOutcome | undefined {
  const text = wrapScript(code);
  const tokens: Token[] = [];
  let program: Node;
  try {
    program = Parser.parse(text, { ecmaVersion: 2022, sourceType: "module", onToken: tokens }) as Node;
  } catch {
    return undefined;
  }
  const [wrapper, ...rest] = program.body as Node[];
  // A brace in the script that closed the wrapper early: TypeScript says where.
  if (!wrapper || rest.length > 0 || wrapper.type !== "FunctionDeclaration") return undefined;
  if (wrapper.end !== wrapperEnd(code) || leftToTypeScript(tokens, text)) return undefined;
  const last = ((wrapper.body as Node).body as Node[]).at(-1);
  if (last?.type !== "ExpressionStatement") return { diagnostics: [], plain: true };
  return { diagnostics: [], returnAt: last.start - SCRIPT_PREFIX.length, plain: true };
}
