/** The tool → operation mapping shared by the compiler and the runtime's drift check. */
import { describe, expect, it } from "vitest";
import { canonicalJson, contentHash } from "../../../../compiler/shared/canonical.js";
import { CALL_TOOL_RESULT_SCHEMA } from "../../../../runtime/invoke/mcp/call-result-schema.js";
import {
  type ListedTool,
  MAX_DESCRIPTION_CHARS,
  normalizeToolSchema,
  toolDescription,
  toolOperation,
  toolSchemaHash,
} from "../../../../runtime/invoke/mcp/tool-schema.js";
import { contentHash as runtimeHash } from "../../../../runtime/shared/canonical.js";

const add: ListedTool = {
  name: "add",
  description: "Adds.",
  inputSchema: {
    $schema: "http://json-schema.org/draft-07/schema#",
    type: "object",
    properties: { a: { type: "number" } },
  },
  outputSchema: { type: "object", properties: { sum: { type: "number" } }, required: ["sum"] },
  annotations: { readOnlyHint: true, destructiveHint: "yes", title: "Add\u200B", extra: 1 },
};

describe("toolOperation", () => {
  it("keeps the schemas in the 2020-12 dialect and returns structured content for an output schema", () => {
    expect(toolOperation(add)).toEqual({
      description: "Adds.",
      inputSchema: { type: "object", properties: { a: { type: "number" } } },
      outputSchema: { type: "object", properties: { sum: { type: "number" } }, required: ["sum"] },
      annotations: { readOnlyHint: true, title: "Add" },
      invoke: { kind: "mcp", tool: "add", result: "structured" },
    });
  });

  it("types a tool without an output schema as the call result", () => {
    const operation = toolOperation({ name: "echo", inputSchema: { type: "object" } });
    expect(operation.outputSchema).toBe(CALL_TOOL_RESULT_SCHEMA);
    expect(operation.invoke).toEqual({ kind: "mcp", tool: "echo", result: "callToolResult" });
    expect(operation.annotations).toBeUndefined();
  });

  it.each([
    ["missing", undefined, { type: "object" }],
    ["not an object", [1], { type: "object" }],
    ["$id dropped", { $id: "urn:x", type: "object", required: ["a"] }, { type: "object", required: ["a"] }],
  ])("normalizes an input schema: %s", (_name, given, want) => {
    expect(normalizeToolSchema(given)).toEqual(want);
  });
});

describe("toolDescription", () => {
  it.each([
    ["description first", { name: "t", title: "T", description: "D" }, "D"],
    ["title when no description", { name: "t", title: "T" }, "T"],
    ["empty when neither", { name: "t" }, ""],
    ["invisible characters removed", { name: "t", description: "a\u200Bb\u202Ec\u{E0041}d\uFEFF" }, "abcd"],
  ])("%s", (_name, tool, want) => {
    expect(toolDescription(tool)).toBe(want);
  });

  it("cuts a long description", () => {
    const text = toolDescription({ name: "t", description: "x".repeat(MAX_DESCRIPTION_CHARS + 10) });
    expect(text).toHaveLength(MAX_DESCRIPTION_CHARS + 1);
    expect(text.endsWith("…")).toBe(true);
  });
});

describe("schema hashes", () => {
  it("are the manifest's hash of the mapped input and output schemas", () => {
    const { inputSchema, outputSchema } = toolOperation(add);
    expect(toolSchemaHash(add)).toBe(contentHash({ input: inputSchema, output: outputSchema }));
  });

  it("do not depend on key order, and change with the schema", () => {
    const reordered = { ...add, inputSchema: { properties: { a: { type: "number" } }, type: "object" } };
    expect(toolSchemaHash(reordered)).toBe(toolSchemaHash(add));
    const changed = { ...add, inputSchema: { type: "object", properties: { a: { type: "string" } } } };
    expect(toolSchemaHash(changed)).not.toBe(toolSchemaHash(add));
  });

  it("come from one implementation shared by compiler and runtime", () => {
    expect(contentHash).toBe(runtimeHash);
    expect(canonicalJson({ b: 1, a: [undefined, { d: 1, c: 2 }] })).toBe('{"a":[null,{"c":2,"d":1}],"b":1}');
  });
});
