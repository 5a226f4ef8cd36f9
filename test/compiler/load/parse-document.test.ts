import { describe, expect, it } from "vitest";
import { formatDiagnostics } from "../../../compiler/codes/diagnostics.js";
import { MAX_YAML_ALIASES, parseDocument } from "../../../compiler/load/parse-document.js";

const parse = (text: string, json = false) => parseDocument(text, { file: "f.yaml", json });

describe("parseDocument", () => {
  it("records the position of every key and value", () => {
    const { value, sourceMap, diagnostics } = parse(
      "name: A\nhttpApi:\n  baseUrl: http://x\n  actions:\n    - one\n    - two\n",
    );
    expect(diagnostics).toEqual([]);
    expect(value).toEqual({ name: "A", httpApi: { baseUrl: "http://x", actions: ["one", "two"] } });
    expect(sourceMap.locateKey("/httpApi/baseUrl")).toMatchObject({ line: 3, column: 3 });
    expect(sourceMap.locate("/httpApi/baseUrl")).toMatchObject({ line: 3, column: 12 });
    expect(sourceMap.locate("/httpApi/actions/1")).toMatchObject({ line: 6, column: 7 });
    // Unknown pointers fall back to the nearest recorded ancestor.
    expect(sourceMap.locate("/httpApi/nope/deeper")).toMatchObject({ line: 3, column: 3 });
  });

  it("refuses a key that is not a plain scalar", () => {
    const { value, diagnostics } = parse("a: 1\n? [b, c]\n: 2\n");
    expect(value).toBeUndefined();
    expect(diagnostics).toMatchObject([{ code: "YAML_COMPLEX_KEY", line: 2, column: 3 }]);
  });

  it("shifts lines by the frontmatter offset", () => {
    const parsed = parseDocument("a: 1\nb: 2\n", { file: "u.md", lineOffset: 1 });
    expect(parsed.sourceMap.locateKey("/b")).toMatchObject({ line: 3, column: 1 });
  });

  it("keeps __proto__ as plain data and pollutes no prototype", () => {
    const { value } = parse("__proto__:\n  polluted: yes\nconstructor: 1\n");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(value)).toBeNull();
    expect(Object.keys(value as object)).toEqual(["__proto__", "constructor"]);
    const protoKey = "__proto__";
    expect((value as Record<string, { polluted: string }>)[protoKey]?.polluted).toBe("yes");
  });

  it("does not apply merge keys", () => {
    const { value } = parse("base: &b {x: 1}\nthing:\n  <<: *b\n");
    expect((value as Record<string, Record<string, unknown>>).thing).toEqual({ "<<": { x: 1 } });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it.each([
    ["duplicate keys", "a: 1\nb: 2\na: 3\n", "f.yaml:3:1 error DUPLICATE_KEY Map keys must be unique"],
    ["custom tags", "a: !!js/function 'return 1'\n", "f.yaml:1:4 error YAML_TAG"],
    ["bad indentation", "a:\n  b: 1\n c: 2\n", "f.yaml:3:1 error YAML_SYNTAX"],
  ])("reports %s with a position", (_name, text, want) => {
    const { value, diagnostics } = parse(text);
    expect(value).toBeUndefined();
    expect(formatDiagnostics(diagnostics)).toContain(want);
  });

  it("stops alias expansion bombs", () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i += 1) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      lines.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(",")}]`);
    }
    const { value, diagnostics } = parse(`${lines.join("\n")}\n`);
    expect(value).toBeUndefined();
    expect(diagnostics.map((d) => d.code)).toEqual(["YAML_TOO_LARGE"]);
  });

  it("resolves each alias to the last node with its anchor before it", () => {
    const { value, diagnostics } = parse("a: &x {b: &y 1}\nc: &y 2\nd: *x\ne: *y\n");
    expect(diagnostics).toEqual([]);
    expect(value).toEqual({ a: { b: 1 }, c: 2, d: { b: 1 }, e: 2 });
  });

  it("reports an alias without an anchor before it", () => {
    const { value, diagnostics } = parse("a: *nope\nb: &nope 1\n");
    expect(value).toBeUndefined();
    expect(formatDiagnostics(diagnostics)).toBe(
      "f.yaml:1:4 error YAML_UNKNOWN_ALIAS alias *nope has no anchor &nope before it\n" +
        "  hint: define the anchor before the alias, or write the value out",
    );
  });

  it(`caps the number of aliases at ${MAX_YAML_ALIASES}`, () => {
    const list = (n: number) => `a: &a 1\nb: [${Array(n).fill("*a").join(", ")}]\n`;
    expect(parse(list(MAX_YAML_ALIASES)).diagnostics).toEqual([]);
    const { value, diagnostics } = parse(list(MAX_YAML_ALIASES + 1));
    expect(value).toBeUndefined();
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ["YAML_TOO_MANY_ALIASES", 2, 5 + MAX_YAML_ALIASES * 4],
    ]);
  });

  it("caps nesting depth", () => {
    const { diagnostics } = parse(`${"[".repeat(80)}${"]".repeat(80)}\n`);
    expect(diagnostics.map((d) => d.code)).toEqual(["YAML_TOO_DEEP"]);
  });

  it("parses strict JSON and reports JSON syntax errors with line and column", () => {
    expect(parse('{"a": [1, 2]}', true).value).toEqual({ a: [1, 2] });
    const bad = parse('{\n  "a": 1,\n  "b": ,\n}', true);
    expect(formatDiagnostics(bad.diagnostics)).toBe(
      'f.yaml:3:8 error JSON_SYNTAX invalid JSON: unexpected ","\n  hint: fix the JSON syntax at this position',
    );
  });

  it("rejects YAML-only syntax in JSON files", () => {
    expect(parse("a: 1", true).diagnostics[0]?.code).toBe("JSON_SYNTAX");
  });
});
