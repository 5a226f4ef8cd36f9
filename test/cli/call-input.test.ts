/** `unitc call`'s key=value words, read by the type the input schema gives each key. */
import { describe, expect, it } from "vitest";
import { callInput, readValue } from "../../cli/call-input.js";

describe("readValue", () => {
  it.each([
    ["42", { type: "integer" }, 42],
    ["4.5", { type: "number" }, 4.5],
    ["forty", { type: "number" }, "forty"],
    ["true", { type: "boolean" }, true],
    ["yes", { type: "boolean" }, "yes"],
    ["42", { type: "string" }, "42"],
    ['{"a":1}', { type: "object" }, { a: 1 }],
    ["[1,2]", { type: "array" }, [1, 2]],
    ["7", { anyOf: [{ type: "integer" }, { type: "null" }] }, 7],
    ["null", { type: ["string", "null"] }, null],
    ["42", undefined, "42"],
    ['{"a":1}', undefined, { a: 1 }],
  ])("%s as %j is %j", (text, schema, want) => {
    expect(readValue(text, schema)).toEqual(want);
  });
});

describe("callInput", () => {
  const schema = { type: "object", properties: { n: { type: "integer" }, s: { type: "string" } } };
  it("adds key=value words to --input, the words winning", () => {
    expect(callInput('{"n":1,"t":"x"}', ["n=2", "s=a=b"], schema)).toEqual({ n: 2, t: "x", s: "a=b" });
  });
  it("reaches nested objects with dotted keys, typed by the nested schema", () => {
    const nested = {
      type: "object",
      properties: {
        path: { type: "object", properties: { id: { type: "integer" } } },
        "a.b": { type: "integer" },
      },
    };
    expect(callInput('{"path":{"x":"1"}}', ["path.id=3", "path.name=n", "a.b=4"], nested)).toEqual({
      path: { x: "1", id: 3, name: "n" },
      "a.b": 4,
    });
  });
  it("refuses words without =", () => {
    expect(() => callInput(undefined, ["oops"], schema)).toThrow(/not key=value/);
  });
});
