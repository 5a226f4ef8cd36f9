/** Diagnostics: collected by every stage, never thrown; only `cli/` turns them into exit codes. */
import type { UnitErrorCode } from "../../runtime/contract/codes/index.js";
import { type CompilerCode, compilerCodes } from "./diagnostic-codes.js";

/** A code from the compiler catalogue, or a runtime code that discovery passes on (an MCP server that fails to list). */
export type DiagnosticCode = CompilerCode | UnitErrorCode;

export type Severity = "error" | "warning" | "info";

/** Where a diagnostic points: a file, a 1-based line and column, and the JSON pointer of the value. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
  pointer?: string;
  /** The whole source line, for printing under the diagnostic (esbuild's `Location.lineText`). */
  lineText?: string;
  /** How many characters from `column` the caret underlines (at least 1). */
  length?: number;
}

/** A second place a diagnostic points to (esbuild's `notes`): the earlier declaration of a duplicate, say. */
export interface DiagnosticNote extends Partial<SourceLocation> {
  message: string;
}

/** One finding, shaped after esbuild's messages: a stable code, what is wrong, and what to do next. */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  pointer?: string;
  /** The source line at `line` and the span the caret marks, where the loader knows them. */
  lineText?: string;
  length?: number;
  hint?: string;
  notes?: DiagnosticNote[];
}

/** Builds a diagnostic at a location; `undefined` fields are left out so output stays compact. */
export function createDiagnostic(
  severity: Severity,
  code: DiagnosticCode,
  message: string,
  location?: Partial<SourceLocation>,
  hint?: string,
): Diagnostic {
  const diagnostic: Diagnostic = { code, severity, message };
  if (location?.file !== undefined) diagnostic.file = location.file;
  if (location?.line !== undefined) diagnostic.line = location.line;
  if (location?.column !== undefined) diagnostic.column = location.column;
  if (location?.pointer !== undefined) diagnostic.pointer = location.pointer;
  const hidesSource = Object.hasOwn(compilerCodes, code) && compilerCodes[code as CompilerCode].hidesSource;
  if (location?.lineText !== undefined && !hidesSource) {
    diagnostic.lineText = location.lineText;
    diagnostic.length = location.length ?? 1;
  }
  if (hint !== undefined) diagnostic.hint = hint;
  return diagnostic;
}

/** True when any diagnostic is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

const severityRank: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/** Stable order: by file, then position, then severity and code, so output diffs cleanly. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      (a.file ?? "").localeCompare(b.file ?? "") ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      severityRank[a.severity] - severityRank[b.severity] ||
      a.code.localeCompare(b.code) ||
      a.message.localeCompare(b.message),
  );
}

/** How a diagnostic is printed: with its source line and caret (the CLI), in colour (a terminal). */
export interface FormatOptions {
  source?: boolean;
  color?: boolean;
}

const CARET_COLOURS: Record<Severity, string> = { error: "31", warning: "33", info: "36" };
const MAX_SHOWN_LINE = 200;

/** The source line and a `^~~~` caret under the span, the way esbuild and `tsc --pretty` print them. */
export function sourceLines(diagnostic: Diagnostic, color = false): string[] {
  const { line, lineText } = diagnostic;
  if (line === undefined || lineText === undefined) return [];
  const shown = lineText.length > MAX_SHOWN_LINE ? `${lineText.slice(0, MAX_SHOWN_LINE)}…` : lineText;
  const column = Math.min(diagnostic.column ?? 1, shown.length + 1);
  const length = Math.max(1, Math.min(diagnostic.length ?? 1, shown.length - column + 1));
  // Tabs before the caret stay tabs, so the caret lines up however wide the terminal draws them.
  const pad = shown.slice(0, column - 1).replace(/[^\t]/g, " ");
  const caret = `^${"~".repeat(length - 1)}`;
  const paint = (code: string, text: string) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const gutter = " ".repeat(String(line).length);
  return [
    `${paint("2", ` ${line} |`)} ${shown}`,
    `${paint("2", ` ${gutter} |`)} ${pad}${paint(CARET_COLOURS[diagnostic.severity], caret)}`,
  ];
}

/** Formats `file:line:col severity CODE message`, the source line and caret when asked, and the hint. */
export function formatDiagnostic(
  diagnostic: Diagnostic,
  relativeTo?: (file: string) => string,
  options: FormatOptions = {},
): string {
  const file = diagnostic.file === undefined ? "unitc" : (relativeTo?.(diagnostic.file) ?? diagnostic.file);
  const where = diagnostic.line === undefined ? file : `${file}:${diagnostic.line}:${diagnostic.column ?? 1}`;
  const lines = [`${where} ${diagnostic.severity} ${diagnostic.code} ${diagnostic.message}`];
  if (options.source) lines.push(...sourceLines(diagnostic, options.color));
  if (diagnostic.hint !== undefined) lines.push(`  hint: ${diagnostic.hint}`);
  // Notes belong to the CLI's fuller output; the plain form (and the goldens) stay one place each.
  for (const note of options.source ? (diagnostic.notes ?? []) : []) {
    const file = note.file === undefined ? undefined : (relativeTo?.(note.file) ?? note.file);
    const at =
      file === undefined || note.line === undefined ? "" : `${file}:${note.line}:${note.column ?? 1}: `;
    lines.push(`  note: ${at}${note.message}`);
    const { severity, code, message } = diagnostic;
    const shown = sourceLines({ ...note, severity, code, message }, options.color);
    lines.push(...shown.map((line) => `  ${line}`));
  }
  return lines.join("\n");
}

/** Formats a list of diagnostics, one block each, in stable order. */
export function formatDiagnostics(
  diagnostics: readonly Diagnostic[],
  relativeTo?: (file: string) => string,
  options: FormatOptions = {},
): string {
  return sortDiagnostics(diagnostics)
    .map((d) => formatDiagnostic(d, relativeTo, options))
    .join("\n");
}

/** Counts by severity, for status lines. */
export function countDiagnostics(diagnostics: readonly Diagnostic[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) counts[d.severity] += 1;
  return counts;
}
