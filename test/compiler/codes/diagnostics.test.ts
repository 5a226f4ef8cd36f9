/** Printing a diagnostic's source line and caret. */
import { describe, expect, it } from "vitest";
import { createDiagnostic, formatDiagnostic, sourceLines } from "../../../compiler/codes/diagnostics.js";
import { parseDocument } from "../../../compiler/load/parse-document.js";

describe("source line and caret", () => {
  it("underlines the span of a key or value the source map located", () => {
    const { sourceMap } = parseDocument("name: x\nhttpApi:\n  baseUrl: https://a.test # c\n", {
      file: "f.md",
      lineOffset: 1,
    });
    expect(sourceMap.locate("/httpApi/baseUrl")).toMatchObject({
      line: 4,
      column: 12,
      lineText: "  baseUrl: https://a.test # c",
      length: 14,
    });
    const d = createDiagnostic("error", "WRONG_TYPE", "m", sourceMap.locateKey("/httpApi/baseUrl"), "h");
    expect(formatDiagnostic(d, undefined, { source: true })).toBe(
      [
        "f.md:4:3 error WRONG_TYPE m",
        " 4 |   baseUrl: https://a.test # c",
        "   |   ^~~~~~~",
        "  hint: h",
      ].join("\n"),
    );
    expect(formatDiagnostic(d)).toBe("f.md:4:3 error WRONG_TYPE m\n  hint: h");
  });

  it("keeps tabs before the caret and cuts the caret at the end of the line", () => {
    const d = createDiagnostic("warning", "UNUSED_AUTH", "m", {
      file: "f",
      line: 12,
      column: 3,
      lineText: "\t\tab",
      length: 10,
    });
    expect(sourceLines(d)).toEqual([" 12 | \t\tab", "    | \t\t^~"]);
  });

  it("prints nothing for a diagnostic without a source line", () => {
    expect(sourceLines(createDiagnostic("error", "WRITE_FAILED", "m", { file: "out" }))).toEqual([]);
  });

  it("prints a note with its own place and source line, in the CLI's form only", () => {
    const d = createDiagnostic("error", "DUPLICATE_ID", "m", {
      file: "/p/c.yaml",
      line: 5,
      column: 3,
      lineText: "  x: 2",
      length: 1,
    });
    d.notes = [
      { message: "first here", file: "/p/c.yaml", line: 2, column: 3, lineText: "  x: 1", length: 1 },
    ];
    const rel = (file: string) => file.replace("/p/", "");
    expect(formatDiagnostic(d, rel, { source: true }).split("\n")).toEqual([
      "c.yaml:5:3 error DUPLICATE_ID m",
      " 5 |   x: 2",
      "   |   ^",
      "  note: c.yaml:2:3: first here",
      "   2 |   x: 1",
      "     |   ^",
    ]);
    expect(formatDiagnostic(d, rel)).toBe("c.yaml:5:3 error DUPLICATE_ID m");
  });
});
