import { describe, expect, it } from "vitest";
import type { OpenapiParameter } from "../../../../runtime/contract/manifest.js";
import {
  headerValue,
  pathTemplateProblem,
  serializeCookies,
  serializePath,
  serializeQuery,
} from "../../../../runtime/invoke/openapi/serialize.js";

const param = (p: Partial<OpenapiParameter> & Pick<OpenapiParameter, "in" | "style">): OpenapiParameter => ({
  name: "v",
  explode: false,
  required: false,
  ...p,
});

describe("serializePath", () => {
  const array = ["a b", "c/d"];
  const object = { x: 1, y: "z" };
  it.each([
    ["simple scalar", param({ in: "path", style: "simple" }), "a b?#", "/r/a%20b%3F%23"],
    ["simple array", param({ in: "path", style: "simple" }), array, "/r/a%20b,c%2Fd"],
    ["simple object", param({ in: "path", style: "simple" }), object, "/r/x,1,y,z"],
    ["simple object exploded", param({ in: "path", style: "simple", explode: true }), object, "/r/x=1,y=z"],
    ["label scalar", param({ in: "path", style: "label" }), 5, "/r/.5"],
    ["label array", param({ in: "path", style: "label" }), array, "/r/.a%20b,c%2Fd"],
    ["label array exploded", param({ in: "path", style: "label", explode: true }), array, "/r/.a%20b.c%2Fd"],
    ["matrix scalar", param({ in: "path", style: "matrix" }), true, "/r/;v=true"],
    ["matrix array", param({ in: "path", style: "matrix" }), array, "/r/;v=a%20b,c%2Fd"],
    [
      "matrix array exploded",
      param({ in: "path", style: "matrix", explode: true }),
      array,
      "/r/;v=a%20b;v=c%2Fd",
    ],
    ["matrix object exploded", param({ in: "path", style: "matrix", explode: true }), object, "/r/;x=1;y=z"],
    [
      "reserved keeps slashes",
      param({ in: "path", style: "simple", allowReserved: true }),
      "a/b c",
      "/r/a/b%20c",
    ],
    [
      "JSON content",
      param({ in: "path", style: "simple", contentType: "application/json" }),
      { a: 1 },
      "/r/%7B%22a%22%3A1%7D",
    ],
  ])("%s", (_name, parameter, value, want) => {
    expect(serializePath("/r/{v}", [parameter], { v: value })).toBe(want);
  });

  it.each([[".."], ["."], ["a/../b"], ["..\\x"], [""], [["ok", ".."]]])("rejects %j", (value) => {
    expect(() => serializePath("/r/{v}", [param({ in: "path", style: "simple" })], { v: value })).toThrow(
      "path parameter v must not be empty or a dot-segment",
    );
  });

  it.each([["a//b"], ["a/./b"], ["/a"]])("rejects %j in a reserved (multi-segment) value", (value) => {
    const reserved = param({ in: "path", style: "simple", allowReserved: true });
    expect(() => serializePath("/r/{v}", [reserved], { v: value })).toThrow("dot-segment");
  });

  it("requires every placeholder's value", () => {
    expect(() => serializePath("/r/{v}", [param({ in: "path", style: "simple" })], {})).toThrow(
      "path parameter v is missing",
    );
  });
});

describe("serializeQuery", () => {
  const array = ["a b", "c"];
  const object = { x: "1", y: "2" };
  it.each([
    ["form scalar", param({ in: "query", style: "form", explode: true }), "a&b=c", "v=a%26b%3Dc"],
    ["form array exploded", param({ in: "query", style: "form", explode: true }), array, "v=a%20b&v=c"],
    ["form array", param({ in: "query", style: "form" }), array, "v=a%20b,c"],
    ["form object exploded", param({ in: "query", style: "form", explode: true }), object, "x=1&y=2"],
    ["form object", param({ in: "query", style: "form" }), object, "v=x,1,y,2"],
    ["spaceDelimited", param({ in: "query", style: "spaceDelimited" }), array, "v=a%20b%20c"],
    ["pipeDelimited", param({ in: "query", style: "pipeDelimited" }), array, "v=a%20b|c"],
    [
      "pipeDelimited exploded",
      param({ in: "query", style: "pipeDelimited", explode: true }),
      array,
      "v=a%20b&v=c",
    ],
    [
      "deepObject",
      param({ in: "query", style: "deepObject", explode: true }),
      { a: 1, b: { c: "d" }, e: [1, 2] },
      "v[a]=1&v[b][c]=d&v[e]=1&v[e]=2",
    ],
    ["null is left out", param({ in: "query", style: "form", explode: true }), null, ""],
    [
      "nested values become JSON",
      param({ in: "query", style: "form", explode: true }),
      [{ a: 1 }],
      "v=%7B%22a%22%3A1%7D",
    ],
  ])("%s", (_name, parameter, value, want) => {
    expect(serializeQuery([parameter], { v: value })).toBe(want);
  });

  it.each([["a\r\nb"], ["a\nb"], ["a\0b"], [["ok", "x\ry"]]])("rejects %j", (value) => {
    expect(() =>
      serializeQuery([param({ in: "query", style: "form", explode: true })], { v: value }),
    ).toThrow("query parameter v must not contain CR, LF or NUL");
  });
});

describe("headers and cookies", () => {
  it.each([
    ["scalar", param({ in: "header", style: "simple" }), 5, "5"],
    ["array", param({ in: "header", style: "simple" }), ["a", "b"], "a,b"],
    ["object", param({ in: "header", style: "simple" }), { a: 1, b: 2 }, "a,1,b,2"],
    ["object exploded", param({ in: "header", style: "simple", explode: true }), { a: 1, b: 2 }, "a=1,b=2"],
  ])("header %s", (_name, parameter, value, want) => {
    expect(headerValue(parameter, value)).toBe(want);
  });

  it.each([["a\r\nX-Evil: 1"], ["é✓"]])("rejects the header value %j", (value) => {
    expect(() => headerValue(param({ in: "header", style: "simple" }), value)).toThrow(/header parameter v/);
  });

  it("joins cookies, percent-encoding values", () => {
    const a = param({ in: "cookie", style: "form", explode: true, name: "a" });
    const b = param({ in: "cookie", style: "form", name: "b" });
    expect(serializeCookies([a, b], { a: "x y;z", b: [1, 2] })).toBe("a=x%20y%3Bz; b=1,2");
    expect(serializeCookies([a], {})).toBeUndefined();
  });
});

describe("pathTemplateProblem", () => {
  it.each([
    ["/items/{id}", undefined],
    ["/items/{id}.{format}", undefined],
    ["items", "the path does not start with /"],
    ["/a/../b", "the path holds a dot-segment (. or ..)"],
    ["/a/%2E/b", "the path holds a dot-segment (. or ..)"],
    ["/a?b", "the path holds ?, #, \\ or a control character"],
    ["/a\\b", "the path holds ?, #, \\ or a control character"],
    ["/a\nb", "the path holds ?, #, \\ or a control character"],
    ["/a/{b", "the path has unbalanced braces"],
  ])("%j → %s", (path, want) => {
    expect(pathTemplateProblem(path)).toBe(want);
  });
});
