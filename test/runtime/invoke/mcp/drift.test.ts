/** Drift: a downstream's current tools against the compiled operations, kept as the compiler keeps them. */
import { describe, expect, it } from "vitest";
import type { ManifestUnit } from "../../../../runtime/contract/manifest.js";
import { describeDrift, detectDrift } from "../../../../runtime/invoke/mcp/drift.js";
import { keepListedTool } from "../../../../runtime/invoke/mcp/listed-tool.js";
import {
  type ListedTool,
  toolOperation,
  toolSchemaHash,
} from "../../../../runtime/invoke/mcp/tool-schema.js";

const tools: ListedTool[] = [
  {
    name: "echo",
    description: "Echoes.",
    inputSchema: { type: "object", properties: { text: { type: "string" } } },
  },
  { name: "add", description: "Adds.", inputSchema: { type: "object" }, outputSchema: { type: "object" } },
];

/** The unit compiled from `tools`, as the manifest records it. */
const unit = {
  id: "fixture",
  operations: tools.map((tool) => {
    const operation = toolOperation(tool);
    return { name: tool.name, tsName: tool.name, ...operation, schemaHash: toolSchemaHash(tool) };
  }),
} as unknown as ManifestUnit;

describe("detectDrift", () => {
  it.each([
    ["nothing changed", tools, []],
    ["a new tool is not drift", [...tools, { name: "new", inputSchema: { type: "object" } }], []],
    [
      "schema changed",
      [{ ...tools[0], inputSchema: { type: "object", properties: { text: { type: "number" } } } }, tools[1]],
      [{ operation: "echo", change: "schema" }],
    ],
    [
      "description changed",
      [tools[0], { ...tools[1], description: "Adds, now differently." }],
      [{ operation: "add", change: "description" }],
    ],
    [
      "both changed",
      [tools[0], { ...tools[1], description: "New.", outputSchema: undefined }],
      [{ operation: "add", change: "schema and description" }],
    ],
    ["removed", [tools[1]], [{ operation: "echo", change: "removed" }]],
    [
      "of two tools with one name the first counts, as at build time",
      [...tools, { ...tools[0], inputSchema: { type: "object" } }],
      [],
    ],
    [
      "a tool now unsafe to show is a schema change",
      [{ ...tools[0], inputSchema: { type: "object", properties: { "te\u200Bxt": {} } } }, tools[1]],
      [{ operation: "echo", change: "schema" }],
    ],
  ] as [string, ListedTool[], unknown[]][])("%s", (_name, listed, want) => {
    expect(detectDrift(unit, listed, [])).toEqual(want);
  });

  it("sees the listing as the compiler kept it: secrets redacted, invisible characters gone", () => {
    const secret = "tok-5ecret-value";
    const poisoned = (value: string): ListedTool => ({
      name: "echo",
      description: `Echoes.${value}`,
      inputSchema: { type: "object", properties: { text: { type: "string", description: value } } },
    });
    const kept = keepListedTool(poisoned(` ${secret}\u{E0041}`), [secret]);
    if (!("tool" in kept)) throw new Error("the tool was withheld");
    const compiled = {
      id: "fixture",
      operations: [
        { name: "echo", tsName: "echo", ...toolOperation(kept.tool), schemaHash: toolSchemaHash(kept.tool) },
      ],
    } as unknown as ManifestUnit;
    // At run time the server holds another value of the secret: both redact to the same text.
    expect(detectDrift(compiled, [poisoned(" other-5ecret\u200B")], ["other-5ecret"])).toEqual([]);
    expect(detectDrift(compiled, [poisoned(" other-5ecret")], [])).toEqual([
      { operation: "echo", change: "schema and description" },
    ]);
  });

  it("describes drift in one line", () => {
    expect(
      describeDrift("fixture", [
        { operation: "echo", change: "schema" },
        { operation: "add", change: "removed" },
      ]),
    ).toBe(
      "MCP server of unit fixture changed since the bundle was compiled: echo (schema changed), add (removed)",
    );
  });
});
