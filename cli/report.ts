/** Prints diagnostics as text (`file:line:col severity CODE message`, source line and caret, hint) or JSON. */

import { relative } from "node:path";
import {
  countDiagnostics,
  type Diagnostic,
  formatDiagnostics,
  sortDiagnostics,
} from "../compiler/diagnostics.js";
import { counted } from "./compile-lines.js";
import { type CliIO, wantsColor } from "./io.js";

export type ReportFormat = "text" | "json";

/** Writes diagnostics to stdout in the chosen format, paths relative to the working directory. */
export function reportDiagnostics(
  io: CliIO,
  diagnostics: readonly Diagnostic[],
  format: ReportFormat,
  extra: Record<string, unknown> = {},
): void {
  const rel = (file: string) => relative(io.cwd, file) || file;
  if (format === "json") {
    const shown = sortDiagnostics(diagnostics).map((d) => (d.file ? { ...d, file: rel(d.file) } : d));
    io.stdout(`${JSON.stringify({ ...extra, diagnostics: shown }, null, 2)}\n`);
    return;
  }
  const options = { source: true, color: wantsColor(io) };
  if (diagnostics.length > 0) io.stdout(`${formatDiagnostics(diagnostics, rel, options)}\n`);
}

/** One summary line: `3 units, 1 error, 2 warnings`. */
export function summaryLine(units: number, diagnostics: readonly Diagnostic[]): string {
  const counts = countDiagnostics(diagnostics);
  return `${counted(units, "unit")}, ${counted(counts.error, "error")}, ${counted(counts.warning, "warning")}`;
}
