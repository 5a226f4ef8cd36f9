/**
 * What clients, Code Mode and search share about an operation's types: when its input may be left
 * out of a call, and the result type of one without an output schema.
 */
import { describe, expect, it } from "vitest";
import { fallbackOutput, inputIsOptional, operationSignature } from "../../../runtime/contract/signature.js";

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

describe("fallbackOutput", () => {
  it.each<[string, { kind: string; output?: unknown } | undefined, string]>([
    ["CLI text output", { kind: "cli", output: "text" }, "string"],
    ["CLI JSON output", { kind: "cli", output: "json" }, "unknown"],
    ["an HTTP action", { kind: "http" }, "unknown"],
    ["no invoke (an upstream catalogue's operation)", undefined, "unknown"],
  ])("%s", (_name, invoke, want) => {
    expect(fallbackOutput(invoke)).toBe(want);
  });

  it("is the result type of a signature without an output schema, and only then", () => {
    const op = { tsName: "now", inputSchema: { type: "object" }, invoke: { kind: "cli", output: "text" } };
    expect(operationSignature(op)).toBe("now(input?: Record<string, unknown>): Promise<string>");
    expect(operationSignature({ ...op, outputSchema: { type: "number" } })).toMatch(/Promise<number>$/);
    expect(operationSignature({ ...op, invoke: { kind: "mcp" } })).toMatch(/Promise<unknown>$/);
  });
});
