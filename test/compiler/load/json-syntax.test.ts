import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findJsonSyntaxError } from "../../../compiler/load/json-syntax.js";

describe("findJsonSyntaxError", () => {
  it.each([
    ['{"a": 1}', undefined],
    ['[1, -2.5e3, "x\\u00e9\\n", true, false, null, {}]', undefined],
    ['{"a": 1,}', { offset: 8, message: 'trailing comma before "}"' }],
    ["[1,]", { offset: 3, message: 'trailing comma before "]"' }],
    ["{a: 1}", { offset: 1, message: 'expected a property name in double quotes but found "a"' }],
    ['{"a" 1}', { offset: 5, message: 'expected ":" but found "1"' }],
    ['{"a": 01}', { offset: 7, message: 'expected "," or "}" but found "1"' }],
    ['{"a": 1 "b": 2}', { offset: 8, message: 'expected "," or "}" but found \'"\'' }],
    ["[1 2]", { offset: 3, message: 'expected "," or "]" but found "2"' }],
    ['"abc', { offset: 4, message: "unterminated string" }],
    ['"a\\x"', { offset: 3, message: "invalid escape \\x" }],
    ["{} {}", { offset: 3, message: 'unexpected "{" after the end of the document' }],
    ["", { offset: 0, message: "unexpected end of file" }],
    ["// comment\n{}", { offset: 0, message: "comments are not allowed" }],
    ['{\n  /* note */ "a": 1}', { offset: 4, message: "comments are not allowed" }],
  ])("%j", (text, want) => {
    expect(findJsonSyntaxError(text)).toEqual(want);
  });

  it("agrees with JSON.parse on random text", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.json(),
          fc.string(),
          fc.json().map((j) => j.slice(0, -1)),
        ),
        (text) => {
          let valid = true;
          try {
            JSON.parse(text);
          } catch {
            valid = false;
          }
          expect(findJsonSyntaxError(text) === undefined).toBe(valid);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
