/**
 * Splits a unit file into YAML frontmatter and the Markdown body. Only a bare `---` fence is
 * accepted: a fence with a language (`---js`, `---json5`, …) is rejected before anything is parsed,
 * so no frontmatter engine ever evaluates code.
 */
import { createDiagnostic, type Diagnostic, type DiagnosticCode } from "../codes/diagnostics.js";

export interface SplitUnitFile {
  /** The YAML text between the fences, or undefined when the file is unusable. */
  yaml?: string;
  /** Lines before the YAML text (the opening fence), for positions. */
  lineOffset: number;
  /** The Markdown body: documentation for humans, never a runtime input. */
  body: string;
  /** The 1-based line of the file the body starts on. */
  bodyLine?: number;
  diagnostics: Diagnostic[];
}

const FENCE = /^---[ \t]*$/;
const CLOSING_FENCE = /^(---|\.\.\.)[ \t]*$/;

/** Splits `text` (one unit file) at its frontmatter fences. */
export function splitFrontmatter(text: string, file: string): SplitUnitFile {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const lines = source.split(/\r?\n/);
  const first = lines[0] ?? "";
  const fail = (
    code: DiagnosticCode,
    message: string,
    line: number,
    column: number,
    hint: string,
  ): SplitUnitFile => ({
    lineOffset: 1,
    body: "",
    diagnostics: [createDiagnostic("error", code, message, { file, line, column }, hint)],
  });

  if (!FENCE.test(first)) {
    const language = /^---\s*(\S+)/.exec(first)?.[1];
    if (language !== undefined) {
      return fail(
        "FRONTMATTER_LANGUAGE",
        `frontmatter fence declares the language "${language}"; only YAML frontmatter is accepted`,
        1,
        4,
        "start the file with a line holding only --- and write the frontmatter in YAML",
      );
    }
    return fail(
      "FRONTMATTER_MISSING",
      "a unit file must start with YAML frontmatter between --- lines",
      1,
      1,
      "add a first line ---, the unit's name and description in YAML, and a closing --- line",
    );
  }
  const close = lines.findIndex((line, index) => index > 0 && CLOSING_FENCE.test(line));
  if (close === -1) {
    return fail(
      "FRONTMATTER_UNCLOSED",
      "the frontmatter is never closed",
      1,
      1,
      "add a line holding only --- after the frontmatter",
    );
  }
  return {
    yaml: lines.slice(1, close).join("\n"),
    lineOffset: 1,
    body: lines.slice(close + 1).join("\n"),
    bodyLine: close + 2,
    diagnostics: [],
  };
}
