/** Prints diagnostics as text (`file:line:col severity CODE message`, source line and caret, hint) or JSON. */

import { relative } from "node:path";
import {
  countDiagnostics,
  type Diagnostic,
  type FormatOptions,
  formatDiagnostics,
  sortDiagnostics,
} from "../compiler/codes/diagnostics.js";
import { terminalText } from "../runtime/shared/terminal-text.js";
import { counted } from "./compile-lines.js";
import { foldedLine, foldWarnings } from "./folded-warnings.js";
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
  if (diagnostics.length > 0) printDiagnostics(io, "stdout", diagnostics, rel, wantsColor(io));
}

/**
 * Writes diagnostics as text to one stream, long runs of one warning folded (see folded-warnings.ts;
 * `allHint` says where every one is found). In colour the text is made terminal-safe piece by piece
 * (messages, paths, source lines) and written with the colour codes through the unsanitised stream.
 */
export function printDiagnostics(
  io: CliIO,
  stream: "stdout" | "stderr",
  all: readonly Diagnostic[],
  rel: (file: string) => string,
  color: boolean,
  allHint = "--format json",
): void {
  const { shown: diagnostics, folded } = foldWarnings(all);
  const options: FormatOptions = { source: true, color };
  const foldedText = folded.map((run) => `\n${terminalText(foldedLine(run, rel, allHint))}`).join("");
  if (!color) {
    io[stream](`${formatDiagnostics(diagnostics, rel, options)}${foldedText}\n`);
    return;
  }
  const safe = (text: string | undefined) => (text === undefined ? undefined : terminalText(text));
  const shown = diagnostics.map((d) => ({
    ...d,
    message: terminalText(d.message),
    lineText: safe(d.lineText),
    hint: safe(d.hint),
    notes: d.notes?.map((note) => ({
      ...note,
      message: terminalText(note.message),
      lineText: safe(note.lineText),
    })),
  }));
  const text = formatDiagnostics(shown, (file) => terminalText(rel(file)), options);
  (io.styled ?? io)[stream](`${text}${foldedText}\n`);
}

/** One summary line: `3 units, 1 error, 2 warnings`. */
export function summaryLine(units: number, diagnostics: readonly Diagnostic[]): string {
  const counts = countDiagnostics(diagnostics);
  return `${counted(units, "unit")}, ${counted(counts.error, "error")}, ${counted(counts.warning, "warning")}`;
}
