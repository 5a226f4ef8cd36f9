import { describe, expect, it } from "vitest";
import {
  docComment,
  identifierWithSuffix,
  objectKey,
  pascalCase,
  propertyKey,
  sanitizeIdentifier,
  sanitizeMemberName,
  stringLiteral,
} from "../../../compiler/emit/literal.js";

describe("stringLiteral", () => {
  it.each<[string, { text: string; want: string }]>([
    ["plain", { text: "notes", want: '"notes"' }],
    ["double quote", { text: 'say "hi"', want: '"say \\"hi\\""' }],
    ["backslash", { text: "a\\b", want: '"a\\\\b"' }],
    ["single quote and backtick stay", { text: "it's `x`", want: '"it\'s `x`"' }],
    ["template hole stays inert", { text: "${process.exit(1)}", want: '"${process.exit(1)}"' }],
    ["newline and tab", { text: "a\nb\tc\r", want: '"a\\nb\\tc\\r"' }],
    ["U+2028 and U+2029", { text: "a\u2028b\u2029c", want: '"a\\u2028b\\u2029c"' }],
    ["closing script tag", { text: "</script>", want: '"<\\/script>"' }],
    ["comment end", { text: "*/", want: '"*/"' }],
    ["NUL and lone surrogate", { text: "\u0000\ud800", want: '"\\u0000\\ud800"' }],
  ])("%s", (_name, { text, want }) => {
    expect(stringLiteral(text)).toBe(want);
    // Whatever it holds, the literal evaluates back to the text and spans one line.
    expect(JSON.parse(want.replace(/<\\\//g, "</"))).toBe(text);
    expect(want).not.toMatch(/[\n\r\u2028\u2029]/);
  });
});

describe("docComment", () => {
  it.each<[string, { text: string | undefined; indent?: string; want: string }]>([
    ["absent", { text: undefined, want: "" }],
    ["blank", { text: "  \n ", want: "" }],
    ["one line", { text: "List notes.", want: "/** List notes. */\n" }],
    ["indented", { text: "List notes.", indent: "  ", want: "  /** List notes. */\n" }],
    ["comment end escaped", { text: "a */ b", want: "/** a *\\/ b */\n" }],
    ["comment end twice", { text: "*/*/", want: "/** *\\/*\\/ */\n" }],
    [
      "several lines, blank kept, trailing spaces dropped",
      { text: "First.  \n\nSecond.\r\nThird.", want: "/**\n * First.\n *\n * Second.\n * Third.\n */\n" },
    ],
    ["U+2028 breaks the line", { text: "a\u2028b", want: "/**\n * a\n * b\n */\n" }],
    ["star and slash on separate lines", { text: "a*\n/b", want: "/**\n * a*\n * /b\n */\n" }],
    ["outer whitespace trimmed", { text: "\n  x  \n", want: "/** x */\n" }],
  ])("%s", (_name, { text, indent, want }) => {
    expect(docComment(text, indent)).toBe(want);
  });

  it("never lets the text end the comment", () => {
    for (const text of ["*/", "**/", "*\u2028/", "a*/\nb", "/*/"]) {
      const comment = docComment(text);
      expect(comment.indexOf("*/")).toBe(comment.length - 3);
    }
  });
});

describe("sanitizeIdentifier", () => {
  it.each<[string, string]>([
    ["listNotes", "listNotes"],
    ["get-item", "get_item"],
    ["GET /users/{id}", "GET_users_id"],
    ["list--all", "list_all"],
    ["weather__current", "weather__current"],
    ["_private", "_private"],
    ["$unit", "$unit"],
    ["2fa", "_2fa"],
    ["404", "_404"],
    ["delete", "delete_"],
    ["default", "default_"],
    ["await", "await_"],
    ["", "_"],
    ["---", "_"],
    ["héllo wörld", "h_llo_w_rld"],
    ['a"; process.exit(1); "', "a_process_exit_1"],
    ["__proto__", "__proto__"],
  ])("%j → %j", (name, want) => {
    expect(sanitizeIdentifier(name)).toBe(want);
    expect(want).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
  });
});

describe("sanitizeMemberName", () => {
  it.each<[string, string]>([
    ["listNotes", "listNotes"],
    ["get-item", "get_item"],
    ["delete", "delete"],
    ["default", "default"],
    ["constructor", "constructor"],
    ["2fa", "_2fa"],
    ["__proto__", "__proto___"],
    ["then", "then_"],
    ["", "_"],
  ])("%j → %j", (name, want) => {
    expect(sanitizeMemberName(name)).toBe(want);
  });
});

describe("pascalCase", () => {
  it.each<[string, string]>([
    ["list-notes", "ListNotes"],
    ["listNotes", "ListNotes"],
    ["get_item", "GetItem"],
    ["weather__current", "WeatherCurrent"],
    ["a_b_d44362", "ABD44362"],
    ["2fa-codes", "_2faCodes"],
    ["_404", "_404"],
    ["delete", "Delete"],
    ["", "Unit"],
    ["--", "Unit"],
  ])("%j → %j", (name, want) => {
    expect(pascalCase(name)).toBe(want);
  });
});

describe("identifierWithSuffix", () => {
  it.each<[string, string, string]>([
    ["FindOutput", "Contact", "FindOutput_Contact"],
    ["FindOutput", "a/b c", "FindOutput_a_b_c"],
    ["FindOutput", "2x", "FindOutput_2x"],
    ["FindOutput", "é", "FindOutput__"],
    ["FindOutput", "x".repeat(60), `FindOutput_${"x".repeat(48)}`],
  ])("%j + %j → %j", (base, suffix, want) => {
    expect(identifierWithSuffix(base, suffix)).toBe(want);
  });
});

describe("propertyKey and objectKey", () => {
  it.each<[string, { property: string; object: string }]>([
    ["id", { property: "id", object: "id" }],
    ["$runtime", { property: "$runtime", object: "$runtime" }],
    ["default", { property: "default", object: "default" }],
    ["2fa-codes", { property: '"2fa-codes"', object: '"2fa-codes"' }],
    ["a b", { property: '"a b"', object: '"a b"' }],
    ["", { property: '""', object: '""' }],
    ['x"y', { property: '"x\\"y"', object: '"x\\"y"' }],
    ["__proto__", { property: "__proto__", object: '["__proto__"]' }],
  ])("%j", (name, want) => {
    expect(propertyKey(name)).toBe(want.property);
    expect(objectKey(name)).toBe(want.object);
  });

  it("keeps __proto__ an own property of an object literal", () => {
    const built = new Function(`return { ${objectKey("__proto__")}: 1 };`)() as Record<string, unknown>;
    expect(Object.hasOwn(built, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(built)).toBe(Object.prototype);
  });
});
