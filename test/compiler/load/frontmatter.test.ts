import { describe, expect, it } from "vitest";
import { formatDiagnostics } from "../../../compiler/codes/diagnostics.js";
import { splitFrontmatter } from "../../../compiler/load/frontmatter.js";

describe("splitFrontmatter", () => {
  it("splits YAML and body", () => {
    const split = splitFrontmatter("---\nname: A\n---\n# Title\nbody\n", "u.md");
    expect(split).toMatchObject({ yaml: "name: A", lineOffset: 1, body: "# Title\nbody\n", diagnostics: [] });
  });

  it("accepts CRLF, a BOM and a ... closing fence", () => {
    const split = splitFrontmatter("\uFEFF---\r\nname: A\r\n...\r\nbody", "u.md");
    expect(split.yaml).toBe("name: A");
    expect(split.body).toBe("body");
  });

  it.each([
    [
      "---js\nmodule.exports = {}\n---\n",
      'u.md:1:4 error FRONTMATTER_LANGUAGE frontmatter fence declares the language "js"',
    ],
    ["--- json5\n{}\n---\n", 'language "json5"'],
    ["---javascript\n---\n", 'language "javascript"'],
    ["# no frontmatter\n", "u.md:1:1 error FRONTMATTER_MISSING"],
    ["---\nname: A\n", "u.md:1:1 error FRONTMATTER_UNCLOSED"],
  ])("rejects %j", (text, want) => {
    const split = splitFrontmatter(text, "u.md");
    expect(split.yaml).toBeUndefined();
    expect(formatDiagnostics(split.diagnostics)).toContain(want);
  });
});
