/**
 * Folds long runs of one warning in text output: a spec that repeats one flaw hundreds of times
 * (Stripe describes bodies on 230 GET operations) would otherwise bury the rest of the report. Past
 * five warnings of one code in one file, the first three print whole and one line counts
 * the rest; errors and infos always print whole, and `--format json` keeps every diagnostic.
 */
import { type Diagnostic, sortDiagnostics } from "../compiler/codes/diagnostics.js";

const FOLD_ABOVE = 5;
const KEEP = 3;

/** A run of warnings left out of the text: their code, their file and how many. */
export interface FoldedRun {
  code: string;
  file: string | undefined;
  more: number;
}

/** The diagnostics to print in text, in order, and the runs of warnings left out of them. */
export function foldWarnings(diagnostics: readonly Diagnostic[]): {
  shown: Diagnostic[];
  folded: FoldedRun[];
} {
  const sorted = sortDiagnostics(diagnostics);
  const key = (d: Diagnostic) => `${d.code}\u0000${d.file ?? ""}`;
  const totals = new Map<string, number>();
  for (const d of sorted) if (d.severity === "warning") totals.set(key(d), (totals.get(key(d)) ?? 0) + 1);
  const seen = new Map<string, number>();
  const shown: Diagnostic[] = [];
  const folded: FoldedRun[] = [];
  for (const d of sorted) {
    const total = d.severity === "warning" ? (totals.get(key(d)) ?? 0) : 0;
    if (total <= FOLD_ABOVE) {
      shown.push(d);
      continue;
    }
    const count = (seen.get(key(d)) ?? 0) + 1;
    seen.set(key(d), count);
    if (count <= KEEP) shown.push(d);
    if (count === KEEP) folded.push({ code: d.code, file: d.file, more: total - KEEP });
  }
  return { shown, folded };
}

/** The line that stands for a folded run. */
export function foldedLine(run: FoldedRun, rel: (file: string) => string, allHint: string): string {
  const where = run.file === undefined ? "" : `${rel(run.file)}: `;
  return `${where}${run.more} more ${run.code} warnings like the ${KEEP} above (every one: ${allHint})`;
}
