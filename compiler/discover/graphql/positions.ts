/**
 * Positions inside an operation document → positions in the file a user edits. A `documentPath`
 * file maps one to one. An inline `document` is a string value inside a YAML or JSON file, so its
 * text is re-walked from where the value starts: a YAML literal block (`|`) maps line by line plus
 * its indentation, a folded block (`>`) rejoins folded lines, and a quoted or plain scalar (JSON
 * strings included) is decoded escape by escape, so a column after `\n` or `\"` still lands on the
 * right character.
 * https://yaml.org/spec/1.2.2/#chapter-8-block-style-productions
 */
import type { SourceLocation } from "../../codes/diagnostics.js";

/** Maps a 1-based line and column in a document to a location in the edited file. */
export type DocumentLocator = (line: number, column: number) => Partial<SourceLocation>;

interface Position {
  line: number;
  column: number;
}

/** For a document that is a file of its own. */
export function fileLocator(file: string): DocumentLocator {
  return (line, column) => ({ file, line, column });
}

/** For a document written inline in `fileText`, whose value starts at `value` (1-based). */
export function inlineLocator(fileText: string, file: string, value: Position): DocumentLocator {
  const lines = fileText.split("\n").map((l) => l.replace(/\r$/, ""));
  const first = lines[value.line - 1] ?? "";
  const indicator = first.charAt(value.column - 1);
  const map =
    indicator === "|" || indicator === ">"
      ? blockMapper(lines, value.line, indicator === ">")
      : flowMapper(lines, value, indicator);
  return (line, column) => ({ file, ...(map({ line, column }) ?? value) });
}

/** The content lines of a block scalar starting after line `header` (1-based): file line and indent. */
function blockLines(
  lines: string[],
  header: number,
): Array<{ fileLine: number; text: string; indent: number }> {
  let indent = -1;
  const out: Array<{ fileLine: number; text: string; indent: number }> = [];
  for (let index = header; index < lines.length; index++) {
    const text = lines[index] as string;
    const leading = text.length - text.trimStart().length;
    if (text.trim() === "") {
      out.push({ fileLine: index + 1, text: "", indent: Math.max(indent, 0) });
      continue;
    }
    if (indent < 0) indent = leading;
    if (leading < indent) break;
    out.push({ fileLine: index + 1, text: text.slice(indent), indent });
  }
  return out;
}

/**
 * Literal blocks keep every line break. Folded ones turn a single break between two lines of text
 * into a space, and a break followed by empty lines into that many newlines; more-indented lines keep
 * their breaks.
 */
function blockMapper(
  lines: string[],
  header: number,
  folded: boolean,
): (at: Position) => Position | undefined {
  const content = blockLines(lines, header);
  return (at) => {
    let docLine = 1;
    let docColumn = 1;
    let previous: "text" | "more" | undefined;
    let empty = 0;
    for (const entry of content) {
      if (entry.text === "") {
        if (previous === undefined) docLine += 1;
        else empty += 1;
        continue;
      }
      const kind = /^\s/.test(entry.text) ? "more" : "text";
      if (previous !== undefined) {
        const joins = folded && previous === "text" && kind === "text";
        if (joins && empty === 0) docColumn += 1;
        else {
          docLine += joins ? empty : empty + 1;
          docColumn = 1;
        }
      }
      empty = 0;
      previous = kind;
      if (docLine === at.line && at.column >= docColumn && at.column <= docColumn + entry.text.length) {
        return { line: entry.fileLine, column: entry.indent + (at.column - docColumn) + 1 };
      }
      docColumn += entry.text.length;
    }
    return undefined;
  };
}

/** Decodes a quoted or plain scalar character by character, tracking both positions. */
function flowMapper(lines: string[], value: Position, quote: string): (at: Position) => Position | undefined {
  const closing = quote === '"' || quote === "'" ? quote : undefined;
  return (at) => {
    let line = value.line - 1;
    let column = value.column - 1 + (closing ? 1 : 0);
    let doc = { line: 1, column: 1 };
    const reached = () => doc.line === at.line && doc.column === at.column;
    for (let steps = 0; steps < 1_000_000 && line < lines.length; steps++) {
      const text = lines[line] as string;
      if (column >= text.length) {
        // A raw line break inside a flow scalar folds into a space (YAML); skip the next indentation.
        line += 1;
        column = (lines[line] ?? "").length - (lines[line] ?? "").trimStart().length;
        doc = { line: doc.line, column: doc.column + 1 };
        continue;
      }
      if (reached()) return { line: line + 1, column: column + 1 };
      const char = text.charAt(column);
      if (char === closing && !(closing === "'" && text.charAt(column + 1) === "'")) return undefined;
      const step = decodeStep(text, column, closing);
      column += step.raw;
      doc = step.newline
        ? { line: doc.line + 1, column: 1 }
        : { line: doc.line, column: doc.column + step.decoded };
    }
    return undefined;
  };
}

const ESCAPE_LENGTH: Record<string, number> = { u: 5, U: 9, x: 3 };

/** How many raw characters one decoded character takes, and whether it is a line break. */
function decodeStep(
  text: string,
  column: number,
  closing: string | undefined,
): { raw: number; decoded: number; newline: boolean } {
  const char = text.charAt(column);
  if (closing === "'" && char === "'") return { raw: 2, decoded: 1, newline: false };
  if (closing !== '"' || char !== "\\") return { raw: 1, decoded: 1, newline: false };
  const next = text.charAt(column + 1);
  if (next === "n") return { raw: 2, decoded: 1, newline: true };
  return { raw: 1 + (ESCAPE_LENGTH[next] ?? 1), decoded: 1, newline: false };
}
