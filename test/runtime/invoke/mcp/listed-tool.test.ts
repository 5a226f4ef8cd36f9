/** What is kept of a listed tool: shown text everywhere, and tools that cannot be shown withheld. */
import { describe, expect, it } from "vitest";
import {
  keepListedTool,
  MAX_SCHEMA_BYTES,
  withheldReason,
} from "../../../../runtime/invoke/mcp/listed-tool.js";
import type { ListedTool } from "../../../../runtime/invoke/mcp/tool-schema.js";
import { MAX_JSON_DEPTH } from "../../../../runtime/shared/shown-text.js";

const SECRET = "sk-live-5ecret";
const ZW = "\u200B";
const TAG = "\u{E0049}\u{E0047}";
const BIDI = "\u202E";

/** A schema nested `depth` JSON objects deep. */
function nested(depth: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: "string" };
  for (let i = 1; i < depth; i++) schema = { type: "array", items: schema };
  return schema;
}

describe("keepListedTool", () => {
  it("cleans every shown string: title, description, annotations and strings anywhere in the schemas", () => {
    const tool: ListedTool = {
      name: "search",
      title: `Search${ZW}`,
      description: `Finds things.${TAG} Key: ${SECRET}`,
      inputSchema: {
        type: "object",
        title: `Query${BIDI}`,
        properties: {
          mode: { enum: [`fast${ZW}`, SECRET, 3], default: `fa${ZW}st`, examples: [`x${TAG}`] },
          nested: { type: "array", items: { description: `deep${BIDI} ${SECRET}` } },
        },
        $defs: { thing: { const: `c${TAG}` } },
      },
      outputSchema: { type: "object", description: `out${ZW}` },
      annotations: { title: `T${ZW}`, readOnlyHint: true, nested: { dropped: 1 } },
    };
    expect(keepListedTool(tool, [SECRET])).toEqual({
      tool: {
        name: "search",
        title: "Search",
        description: "Finds things. Key: [redacted]",
        inputSchema: {
          type: "object",
          title: "Query",
          properties: {
            mode: { enum: ["fast", "[redacted]", 3], default: "fast", examples: ["x"] },
            nested: { type: "array", items: { description: "deep [redacted]" } },
          },
          $defs: { thing: { const: "c" } },
        },
        outputSchema: { type: "object", description: "out" },
        annotations: { title: "T", readOnlyHint: true },
      },
    });
  });

  it("finds a secret that an invisible character splits", () => {
    const split = `${SECRET.slice(0, 5)}${ZW}${SECRET.slice(5)}`;
    const kept = keepListedTool({ name: "t", description: split }, [SECRET]);
    expect(kept).toEqual({ tool: { name: "t", description: "[redacted]" } });
  });

  it.each([
    ["a name with an invisible character", { name: `rea${ZW}d` }, "read", /its name holds invisible/],
    ["a name holding a secret", { name: `get_${SECRET}` }, "get_[redacted]", /its name holds .* a secret/],
    [
      "an input property name with an invisible character",
      { name: "t", inputSchema: { type: "object", properties: { [`pa${TAG}th`]: {} } } },
      "t",
      /its input schema has a property name .* \("path" once cleaned\)/,
    ],
    [
      "an output property name holding a secret",
      { name: "t", outputSchema: { type: "object", properties: { [SECRET]: {} } } },
      "t",
      /its output schema has a property name .* \("\[redacted\]" once cleaned\)/,
    ],
    [
      "an input schema over the size cap",
      { name: "t", inputSchema: { type: "object", description: "x".repeat(MAX_SCHEMA_BYTES) } },
      "t",
      new RegExp(`its input schema is \\d+ bytes of JSON, over the ${MAX_SCHEMA_BYTES}-byte cap`),
    ],
    [
      "a schema nested too deep",
      { name: "t", inputSchema: nested(MAX_JSON_DEPTH + 1) },
      "t",
      new RegExp(`its input schema nests deeper than ${MAX_JSON_DEPTH} levels`),
    ],
  ] as [string, ListedTool, string, RegExp][])("withholds %s", (_name, tool, name, reason) => {
    const kept = keepListedTool(tool, [SECRET]);
    expect(kept).toEqual({ name, withheld: expect.stringMatching(reason) });
  });

  it("keeps a schema just under the caps, and property names that are plain", () => {
    const tool: ListedTool = { name: "t", inputSchema: nested(MAX_JSON_DEPTH) };
    expect(keepListedTool(tool, [SECRET])).toEqual({ tool });
  });
});

describe("withheldReason (one check for MCP listings and spec units)", () => {
  const big = { type: "object", description: "x".repeat(MAX_SCHEMA_BYTES) };
  const hiddenKey = { type: "object", properties: { [`pa${TAG}th`]: {} } };

  it("applies the caps on schemas only when asked", () => {
    expect(withheldReason("t", { input: big }, { secrets: [], caps: true })).toMatch(/over the .*-byte cap/);
    expect(withheldReason("t", { input: big }, { secrets: [], caps: false })).toBeUndefined();
    expect(
      withheldReason("t", { output: nested(MAX_JSON_DEPTH + 1) }, { secrets: [], caps: false }),
    ).toBeUndefined();
  });

  it("withholds names with or without caps, mentioning secrets only when there are some", () => {
    expect(withheldReason(`rea${ZW}d`, {}, { secrets: [], caps: false })).toBe(
      "its name holds invisible characters",
    );
    expect(withheldReason("t", { output: hiddenKey }, { secrets: [], caps: false })).toBe(
      'its output schema has a property name holding invisible characters ("path" once cleaned)',
    );
    expect(withheldReason(`get_${SECRET}`, {}, { secrets: [SECRET], caps: true })).toBe(
      "its name holds invisible characters or a secret",
    );
    expect(keepListedTool({ name: "t", inputSchema: hiddenKey }, [])).toEqual({
      name: "t",
      withheld: withheldReason("t", { input: hiddenKey }, { secrets: [], caps: false }),
    });
  });
});
