/** Diagnostics: collected by every stage, never thrown; only `cli/` turns them into exit codes. */
import type { UnitErrorCode } from "../runtime/error-codes.js";
import type { CompilerCode } from "./diagnostic-codes.js";

/** A code from the compiler catalogue, or a runtime code that discovery passes on (an MCP server that fails to list). */
export type DiagnosticCode = CompilerCode | UnitErrorCode;

export type Severity = "error" | "warning" | "info";

/** Where a diagnostic points: a file, a 1-based line and column, and the JSON pointer of the value. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
  pointer?: string;
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
  hint?: string;
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

/** Formats `file:line:col severity CODE message` plus an indented hint line. */
export function formatDiagnostic(diagnostic: Diagnostic, relativeTo?: (file: string) => string): string {
  const file = diagnostic.file === undefined ? "unitc" : (relativeTo?.(diagnostic.file) ?? diagnostic.file);
  const where = diagnostic.line === undefined ? file : `${file}:${diagnostic.line}:${diagnostic.column ?? 1}`;
  const head = `${where} ${diagnostic.severity} ${diagnostic.code} ${diagnostic.message}`;
  return diagnostic.hint === undefined ? head : `${head}\n  hint: ${diagnostic.hint}`;
}

/** Formats a list of diagnostics, one block each, in stable order. */
export function formatDiagnostics(
  diagnostics: readonly Diagnostic[],
  relativeTo?: (file: string) => string,
): string {
  return sortDiagnostics(diagnostics)
    .map((d) => formatDiagnostic(d, relativeTo))
    .join("\n");
}

/** Counts by severity, for status lines. */
export function countDiagnostics(diagnostics: readonly Diagnostic[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) counts[d.severity] += 1;
  return counts;
}
