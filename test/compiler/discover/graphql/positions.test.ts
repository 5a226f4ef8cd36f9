import { describe, expect, it } from "vitest";
import { fileLocator, inlineLocator } from "../../../../compiler/discover/graphql/positions.js";
import { parseDocument } from "../../../../compiler/load/parse-document.js";

const DOC = 'query Q($id: ID!) {\n  pet(id: $id) {\n    name\n    note(text: "say \\"hi\\"")\n  }\n}';

/** Each case: how a file holds DOC at /op/document. */
const CASES: Array<[string, string, boolean]> = [
  ["a YAML literal block", `op:\n  document: |\n${indent(DOC, "    ")}\n  other: 1\n`, false],
  [
    "a YAML literal block with a chomping indicator, in frontmatter",
    `---\nop:\n  document: |-\n${indent(DOC, "      ")}\n---\nbody\n`,
    false,
  ],
  ["a JSON string", `{\n  "op": { "document": ${JSON.stringify(DOC)} }\n}\n`, true],
  ["a YAML double-quoted string", `op:\n  document: ${JSON.stringify(DOC)}\n`, true],
];

function indent(text: string, by: string): string {
  return text
    .split("\n")
    .map((l) => (l === "" ? "" : by + l))
    .join("\n");
}

/** Every 1-based position of a non-blank character in `text`. */
function positions(text: string): Array<{ line: number; column: number; char: string }> {
  return text
    .split("\n")
    .flatMap((line, i) =>
      [...line].flatMap((char, j) => (char.trim() === "" ? [] : [{ line: i + 1, column: j + 1, char }])),
    );
}

describe("inlineLocator", () => {
  it.each(CASES)("maps every character of the document in %s back to itself", (_name, text, escaped) => {
    const frontmatter = text.startsWith("---\n");
    const body = frontmatter ? text.slice(4, text.indexOf("\n---\n") + 1) : text;
    const parsed = parseDocument(body, {
      file: "f",
      lineOffset: frontmatter ? 1 : 0,
      json: text.startsWith("{"),
    });
    expect((parsed.value as { op: { document: string } }).op.document.trimEnd()).toBe(DOC);
    const locate = inlineLocator(text, "f", parsed.sourceMap.locate("/op/document"));
    const lines = text.split("\n");
    for (const at of positions(DOC)) {
      const found = locate(at.line, at.column);
      const char = lines[(found.line ?? 0) - 1]?.charAt((found.column ?? 0) - 1);
      const want = escaped && (at.char === '"' || at.char === "\\") ? "\\" : at.char;
      expect(char, `${at.line}:${at.column} ${at.char}`).toBe(want);
    }
  });

  it("maps a folded block by rejoining its lines", () => {
    const text = "op:\n  document: >\n    query {\n      a\n    }\n";
    // Folded: "query {\n  a\n}\n" keeps the more-indented line's breaks.
    const locate = inlineLocator(text, "f", { line: 2, column: 13 });
    expect(locate(2, 3)).toEqual({ file: "f", line: 4, column: 7 });
    const joined = "op:\n  document: >\n    query\n    Q { a }\n";
    expect(inlineLocator(joined, "f", { line: 2, column: 13 })(1, 7)).toEqual({
      file: "f",
      line: 4,
      column: 5,
    });
  });

  it("maps a plain and a single-quoted scalar on one line", () => {
    expect(inlineLocator("op: { document: '{ it''s }' }\n", "f", { line: 1, column: 17 })(1, 6)).toEqual({
      file: "f",
      line: 1,
      column: 24,
    });
    expect(inlineLocator("document: { a b }\n", "f", { line: 1, column: 11 })(1, 5)).toEqual({
      file: "f",
      line: 1,
      column: 15,
    });
  });

  it("falls back to the value's position for a position past the end", () => {
    expect(inlineLocator("document: '{ a }'\n", "f", { line: 1, column: 11 })(9, 9)).toEqual({
      file: "f",
      line: 1,
      column: 11,
    });
  });
});

describe("fileLocator", () => {
  it("maps one to one", () => {
    expect(fileLocator("/x/op.graphql")(3, 4)).toEqual({ file: "/x/op.graphql", line: 3, column: 4 });
  });
});
