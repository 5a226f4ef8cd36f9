/**
 * The suite's trust in its own projects: `test/support/setup-env.ts` sets `UNITC_TRUST=1`, and the
 * helpers that run the CLI pass it on explicitly with this (the CLI never reads the test process's
 * environment). The tests of trust itself run without it, to see the refusals.
 */

/** `{ UNITC_TRUST }` as the suite sets it, or nothing when a test took it out. */
export function suiteTrust(): Record<string, string> {
  const value = process.env.UNITC_TRUST;
  return value ? { UNITC_TRUST: value } : {};
}
