/**
 * Word splitting for search: the one-pass scanner gives the same words as the regular expressions
 * it replaced (which backtracked quadratically on runs of capitals), and long queries are refused.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_QUERY_LENGTH, queryProblem, splitWords, termsOf } from "../../runtime/search-terms.js";

/** The former implementation, fine on short text: the reference for the scanner. */
function regexSplitWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

const PIECES = [
  "A",
  "B",
  "a",
  "b",
  "0",
  "9",
  "-",
  "_",
  " ",
  "/",
  "é",
  "É",
  "ß",
  "\u{1F600}",
  "\u{10400}",
  "\u200B",
  "\ud800",
  "٣",
];

describe("splitWords", () => {
  it.each<[string, string[]]>([
    ["getUserById", ["get", "User", "By", "Id"]],
    ["get_user-by/id", ["get", "user", "by", "id"]],
    ["HTTPServer", ["HTTP", "Server"]],
    ["getHTTPServer2Go", ["get", "HTTP", "Server2", "Go"]],
    ["v2Api", ["v2", "Api"]],
    ["ÉtéCafé", ["ÉtéCafé"]],
    ["", []],
  ])("%s", (text, words) => {
    expect(splitWords(text)).toEqual(words);
  });

  it("splits like the regular expressions it replaced", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (pieces) => {
        const text = pieces.join("");
        expect(splitWords(text)).toEqual(regexSplitWords(text));
      }),
      { seed: 20_260_914, numRuns: 2_000 },
    );
  });

  it("gives one word for a long run of capitals, the same words as before", () => {
    expect(termsOf(`${"A".repeat(5_000)}b`)).toEqual(["a".repeat(4_999), "ab"]);
  });
});

describe("queryProblem", () => {
  it("accepts queries up to the maximum and refuses longer ones with a code and a hint", () => {
    expect(queryProblem("x".repeat(MAX_QUERY_LENGTH))).toBeUndefined();
    expect(queryProblem("x".repeat(MAX_QUERY_LENGTH + 1))).toEqual({
      code: "QUERY_TOO_LONG",
      message: `the query is ${MAX_QUERY_LENGTH + 1} characters long; at most ${MAX_QUERY_LENGTH} are searched`,
      hint: expect.stringContaining("in a few words"),
    });
  });
});
