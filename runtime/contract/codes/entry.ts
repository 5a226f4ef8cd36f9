/** The shape of a runtime catalogue entry and its builder, shared by every file of this folder. */

/** One runtime catalogue entry. Runtime errors are always errors, so there is no severity. */
export interface ErrorCodeEntry {
  summary: string;
  hint: string;
  /** A short, realistic case: what was done and the message it got. */
  example: string;
}

/** An entry: what the code means, what to do next, and a case that produces it. */
export const entry = (summary: string, hint: string, example: string): ErrorCodeEntry => ({
  summary,
  hint,
  example,
});
