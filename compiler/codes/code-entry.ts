/** The shape of a diagnostic catalogue entry, and one builder per severity. */
import type { Severity } from "./diagnostics.js";

/** One catalogue entry; `example` is a small input that produces the code, where one is cheap. */
export interface CodeEntry {
  severity: Severity;
  summary: string;
  hint: string;
  example?: string;
  /** The source line may hold a secret (a credential written out): it is never printed back. */
  hidesSource?: true;
}

/** An error entry. */
export const error = (summary: string, hint: string, example?: string): CodeEntry =>
  example === undefined
    ? { severity: "error", summary, hint }
    : { severity: "error", summary, hint, example };
/** A warning entry. */
export const warning = (summary: string, hint: string, example?: string): CodeEntry =>
  example === undefined
    ? { severity: "warning", summary, hint }
    : { severity: "warning", summary, hint, example };

/** An info entry. */
export const info = (summary: string, hint: string): CodeEntry => ({ severity: "info", summary, hint });
