/** A TypeScript diagnostic as the script's author reads it: placed in the script, its line clipped, a capped list. */
import type * as TS from "typescript";
import type { CheckDiagnostic } from "../shared/protocol.js";
import { SCRIPT_PREFIX } from "./script-wrapper.js";
import { typeScript } from "./typescript-module.js";

const ts = typeScript();
/** Diagnostics returned per check; the rest are counted in a last one. */
const MAX_DIAGNOSTICS = 20;
const FIELD = /^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/;

/** Turns TypeScript diagnostics into positions within the script itself (1-based line and column). */
export function positions(source: TS.SourceFile, code: string) {
  const lines = code.split(/\r?\n/);
  return (d: TS.Diagnostic, severity: CheckDiagnostic["severity"]): CheckDiagnostic => {
    const start = Math.min(
      Math.max(d.start ?? SCRIPT_PREFIX.length, SCRIPT_PREFIX.length),
      source.text.length,
    );
    const at = source.getLineAndCharacterOfPosition(start);
    const line = Math.min(Math.max(at.line, 1), lines.length);
    const column = at.line === line ? at.character + 1 : 1;
    let message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
    const spanned = d.length ? source.text.slice(start, start + d.length) : "";
    if (FIELD.test(spanned) && !message.includes(`'${spanned}'`)) message = `${spanned}: ${message}`;
    const notes = (d.relatedInformation ?? []).map((r) =>
      ts.flattenDiagnosticMessageText(r.messageText, "\n"),
    );
    return {
      severity,
      code: `TS${d.code}`,
      message,
      line,
      column,
      lineText: clip(lines[line - 1] ?? ""),
      ...(notes.length > 0 ? { notes } : {}),
    };
  };
}

/** A source line as shown beside a diagnostic: a script may be one line of 256 KiB. */
const MAX_LINE_TEXT = 400;

function clip(line: string): string {
  return line.length <= MAX_LINE_TEXT ? line : `${line.slice(0, MAX_LINE_TEXT)} …`;
}

export function limit(diagnostics: CheckDiagnostic[]): CheckDiagnostic[] {
  if (diagnostics.length <= MAX_DIAGNOSTICS) return diagnostics;
  const kept = diagnostics.slice(0, MAX_DIAGNOSTICS - 1);
  const last = diagnostics[MAX_DIAGNOSTICS - 1] as CheckDiagnostic;
  const more = diagnostics.length - kept.length - 1;
  return [...kept, { ...last, message: `${last.message} (and ${more} more problem(s) not shown)` }];
}
