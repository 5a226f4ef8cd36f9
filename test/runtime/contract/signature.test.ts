/** When an operation's input may be left out of a call: the rule clients, Code Mode and search share. */
import { describe, expect, it } from "vitest";
import { inputIsOptional } from "../../../runtime/contract/signature.js";

describe("inputIsOptional", () => {
  it.each<[string, unknown, boolean]>([
    ["true schema", true, true],
    ["object without required", { type: "object", properties: { a: {} } }, true],
    ["untyped properties", { properties: { a: {} } }, true],
    ["required names", { type: "object", required: ["a"] }, false],
    ["empty required list", { type: "object", required: [] }, true],
    ["a $ref may require something", { $ref: "#/$defs/X" }, false],
    ["a union may require something", { anyOf: [{ required: ["a"] }, { required: ["b"] }] }, false],
    ["not an object", { type: "string" }, false],
    ["nullable object type list", { type: ["object", "null"] }, false],
    ["false schema", false, false],
  ])("%s", (_name, schema, want) => {
    expect(inputIsOptional(schema)).toBe(want);
  });
});
