/**
 * The host's view of a type check: ask the checker worker (or a cache of recent answers), and turn
 * a missing or failed checker into one warning instead of a failed run.
 */
import { resolve } from "node:path";
import { plainSyntax } from "./check/plain-syntax.js";
import { type BundleDeclarations, DECLARATION_FILE } from "./declarations/declarations.js";
import type { CheckDiagnostic, SyntaxOutcome } from "./shared/protocol.js";
import type { SandboxPool } from "./workers/pool.js";

/** Answers kept for scripts run again unchanged (an agent retrying, a benchmark loop). */
const CACHE_SIZE = 64;
const cache = new Map<string, { syntax: SyntaxOutcome; types: CheckDiagnostic[] }>();

export interface ScriptCheck {
  /** Syntax errors (the run must not start) or where a final expression starts. Never rejects. */
  syntax: Promise<SyntaxOutcome>;
  /**
   * Type warnings, possibly after the run has started. Never rejects. When the type checker was
   * not ready for this bundle (starting, or loading its declarations: seconds), they are waited for
   * up to the check's `waitMs`; past it, one warning instead, and the check goes on in the background.
   */
  types: Promise<CheckDiagnostic[]>;
  /** The check itself, however long it takes (what getting ready waits for). Never rejects. */
  checked: Promise<CheckDiagnostic[]>;
}

function skipped(why: string): CheckDiagnostic {
  return {
    severity: "warning",
    code: "TYPECHECK_SKIPPED",
    message: `the script was not type-checked: ${why}`,
    line: 1,
    column: 1,
  };
}

/** Why a run that found the type checker starting was not checked. */
function notReady(waitMs: number): string {
  const waited = waitMs > 0 ? ` after ${waitMs} ms` : "";
  return `the type checker was still starting${waited} (it loads in the background when serving starts); later runs are checked`;
}

/** Why a scoped caller's first run was not checked: its units' own declarations were loading. */
function scopeLoading(waitMs: number): string {
  const waited = waitMs > 0 ? ` (waited ${waitMs} ms)` : "";
  return `the type checker was loading the declarations of the units this caller may use${waited}; later runs are checked`;
}

/** `answer`, or `late` once `waitMs` has passed (counted from this call) without it. */
function within<T>(answer: Promise<T>, waitMs: number, late: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late()), waitMs);
  });
  const settled = Promise.race([answer, waited]);
  void settled.finally(() => clearTimeout(timer));
  return settled;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The type checker's name for `declarations` of the bundle in `bundleDir`: a view of some units or
 * operations only has a checker of its own beside the bundle's (loaded once per scope).
 */
export function checkSlot(bundleDir: string, declarations: BundleDeclarations): string {
  const { scope } = declarations;
  return scope === undefined ? bundleDir : `${resolve(bundleDir)}\u0000${scope}`;
}

/** The answer kept for `key`, made the most recent one; undefined when there is none. */
function cachedCheck(key: string): ScriptCheck | undefined {
  const known = cache.get(key);
  if (!known) return undefined;
  cache.delete(key);
  cache.set(key, known);
  const types = Promise.resolve(known.types);
  return { syntax: Promise.resolve(known.syntax), types, checked: types };
}

/** Keeps an answer; past the cache's size, the least recent one is dropped. */
function remember(key: string, answer: { syntax: SyntaxOutcome; types: CheckDiagnostic[] }): void {
  cache.set(key, answer);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
}

/**
 * The script's syntax: plain JavaScript is read here, at once; anything else by TypeScript's syntax
 * reader (`parsed` false when that failed: the outcome is then a warning saying why).
 */
function readSyntax(pool: SandboxPool, code: string): Promise<{ outcome: SyntaxOutcome; parsed: boolean }> {
  const plain = plainSyntax(code);
  return plain
    ? Promise.resolve({ outcome: plain, parsed: true })
    : pool.checks.syntax(code).then(
        (outcome) => ({ outcome, parsed: true }),
        (error: unknown) => ({ outcome: { diagnostics: [skipped(reason(error))] }, parsed: false }),
      );
}

/**
 * Starts checking `code` against the bundle's declarations; a loaded checker is asked once `after`
 * settles (a run passes the moment its job is posted, so that the engine is woken first). `waitMs`
 * is how long `types` waits, from now, for a checker still starting (0: not at all).
 */
export function checkScript(
  pool: SandboxPool,
  bundleDir: string,
  declarations: BundleDeclarations | undefined,
  code: string,
  after: Promise<void> = Promise.resolve(),
  waitMs = 0,
): ScriptCheck {
  if (!declarations) {
    const types = Promise.resolve([skipped(`no ${DECLARATION_FILE} in ${bundleDir}`)]);
    return { syntax: Promise.resolve({ diagnostics: [] }), types, checked: types };
  }
  const { scope } = declarations;
  const slot = checkSlot(bundleDir, declarations);
  const key = `${resolve(bundleDir)}\u0000${scope ?? ""}\u0000${declarations.version}\u0000${code}`;
  const known = cachedCheck(key);
  if (known) return known;
  const { version, combined } = declarations;
  const ready = pool.checks.isLoaded(slot, version);
  const syntax = readSyntax(pool, code);
  // A loaded checker starts with the syntax read, on its own worker, so the run does not wait for one
  // and then the other; its answer counts only when the script parses (when its syntax could not be
  // read, that warning says why). One still to load starts after the read: two TypeScript loads at
  // once would slow the syntax reader's, which the run waits for.
  const input = { bundleDir: slot, version, declarations: combined, code };
  const checking = ready
    ? after.then(() => pool.checks.types(input))
    : syntax.then(() => pool.checks.types(input));
  const checked = checking.then(
    (found) => ({ found }),
    (error: unknown) => ({ error }),
  );
  const found = syntax.then(async ({ outcome, parsed }) => {
    const answer = await checked;
    if (!parsed || outcome.diagnostics.length > 0) return [];
    if ("error" in answer) return [skipped(reason(answer.error))];
    remember(key, { syntax: outcome, types: answer.found });
    return answer.found;
  });
  // A checker still starting takes seconds (TypeScript and the declarations load): the answer waits
  // for it a while, so a new serve's first script is checked too; past that it comes unchecked, and
  // the finished check is kept for the same text run again.
  const late = () => [skipped(scope === undefined ? notReady(waitMs) : scopeLoading(waitMs))];
  const waited = ready || waitMs <= 0 ? undefined : within(found, waitMs, late);
  const types = ready
    ? found
    : syntax.then(({ outcome, parsed }) =>
        !parsed || outcome.diagnostics.length > 0 ? [] : (waited ?? late()),
      );
  return { syntax: syntax.then(({ outcome }) => outcome), types, checked: found };
}
