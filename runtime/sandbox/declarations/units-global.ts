/**
 * The declaration of the Code Mode `units` global around its unit members: what the compiler writes
 * to `.code-mode/units.d.ts` and what serving writes for units it declares itself (user and upstream
 * units), so the two never drift apart.
 */

/** `Units.SearchHit` and `declare const units` holding `members` (each line indented, ending in a newline). */
export function unitsGlobalDeclaration(members: string): string {
  return `
declare namespace Units {
  /** One operation found by \`units.search\`. */
  interface SearchHit {
    unit: string;
    operation: string;
    /** How to call it, e.g. \`units.notes.listNotes(input: { limit?: number }): Promise<unknown>\`. */
    signature: string;
    description: string;
  }
}

/** The units this sandbox can call. Every call returns a promise: \`await\` it. */
declare const units: {
${members}  /** Finds operations by keywords, best first. */
  search(query: string, options?: { unit?: string; limit?: number }): Promise<Units.SearchHit[]>;
  /** The TypeScript declaration of a unit, or of one of its operations. */
  describe(unit: string, operation?: string): Promise<string>;
};
`;
}
