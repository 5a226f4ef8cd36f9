/** The shape of a diagnostic catalogue entry, and one builder per severity. */
import type { Severity } from "./diagnostics.js";

/** One catalogue entry; `example` is a small input (or, where none is, the situation) that produces the code. */
export interface CodeEntry {
  severity: Severity;
  summary: string;
  hint: string;
  example: string;
  /** The source line may hold a secret (a credential written out): it is never printed back. */
  hidesSource?: true;
}

/** An error entry. */
export const error = (summary: string, hint: string, example: string): CodeEntry => ({
  severity: "error",
  summary,
  hint,
  example,
});
/** A warning entry. */
export const warning = (summary: string, hint: string, example: string): CodeEntry => ({
  severity: "warning",
  summary,
  hint,
  example,
});

/** An info entry. */
export const info = (summary: string, hint: string, example: string): CodeEntry => ({
  severity: "info",
  summary,
  hint,
  example,
});
