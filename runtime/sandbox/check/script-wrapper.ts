/**
 * How a Code Mode script is read, by TypeScript (`typecheck.ts`) and by the host's own JavaScript
 * reader (`plain-syntax.ts`): as the body of this async function, so top-level `await` and `return`
 * are valid. Offsets in the wrapped text are the script's own plus the prefix's length.
 */
export const SCRIPT_PREFIX = "async function __unitcScript() {\n";
const SCRIPT_SUFFIX = "\n}\n";

/** The script as the body of the wrapper function. */
export function wrapScript(code: string): string {
  return `${SCRIPT_PREFIX}${code}${SCRIPT_SUFFIX}`;
}

/** Where the wrapper function of `code` ends in the wrapped text: just after its closing brace. */
export function wrapperEnd(code: string): number {
  return SCRIPT_PREFIX.length + code.length + SCRIPT_SUFFIX.trimEnd().length;
}
