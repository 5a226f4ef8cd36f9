import { describe, expect, it } from "vitest";
import type { OperationIR, UnitIR } from "../../../compiler/discover/shared/types.js";
import { methodSignature, operationTypes } from "../../../compiler/emit/operation-types.js";
import { planUnits } from "../../../compiler/emit/plan.js";

/** The plan of a unit with one operation `get` and the given schemas and invoke. */
function planOf(operation: Partial<OperationIR>) {
  const op: OperationIR = {
    name: "get",
    description: "Gets it.",
    inputSchema: { type: "object" },
    invoke: { kind: "http", method: "GET", path: "/" },
    ...operation,
  };
  const unit = {
    unit: { id: "u" },
    connection: { kind: "cli" },
    operations: [op],
    sourceHash: "",
  } as unknown as UnitIR;
  return planUnits([unit])[0] as ReturnType<typeof planUnits>[number];
}

const types = (operation: Partial<OperationIR>) => operationTypes(planOf(operation), "export ");
const lines = (...text: string[]) => `${text.join("\n")}\n`;
const NO_OUTPUT = ["/** Result of get. */", "export type GetOutput = unknown;"];

describe("operationTypes", () => {
  it.each<[string, { operation: Partial<OperationIR>; want: string }]>([
    [
      "the schema's description joins the doc comment",
      {
        operation: { inputSchema: { type: "string", description: "An ID." } },
        want: lines(
          "/**",
          " * Input of get.",
          " *",
          " * An ID.",
          " */",
          "export type GetInput = string;",
          ...NO_OUTPUT,
        ),
      },
    ],
    [
      "$defs become named types with their descriptions; refs may be escaped",
      {
        operation: {
          inputSchema: {
            anyOf: [{ $ref: "#/$defs/a~1b" }, { $ref: "#/definitions/Plain%20Name" }],
            $defs: { "a/b": { type: "string", description: "Slashed." } },
            definitions: { "Plain Name": { type: "number" } },
          },
        },
        want: lines(
          "/** Input of get. */",
          "export type GetInput = GetInput_a_b | GetInput_Plain_Name;",
          "/** Slashed. */",
          "export type GetInput_a_b = string;",
          "export type GetInput_Plain_Name = number;",
          ...NO_OUTPUT,
        ),
      },
    ],
    [
      "$defs names that clash once sanitised get hashes",
      {
        operation: { inputSchema: { $defs: { "a-b": true, "a b": false } } },
        want: lines(
          "/** Input of get. */",
          "export type GetInput = unknown;",
          "export type GetInput_a_b_4aa009 = unknown;",
          "export type GetInput_a_b_1b8c27 = never;",
          ...NO_OUTPUT,
        ),
      },
    ],
    [
      "structural recursion keeps its names",
      {
        operation: {
          inputSchema: {
            $ref: "#/$defs/Node",
            $defs: { Node: { properties: { next: { $ref: "#/$defs/Node" } } } },
          },
        },
        want: lines(
          "/** Input of get. */",
          "export type GetInput = GetInput_Node;",
          "export type GetInput_Node = {",
          "  next?: GetInput_Node;",
          "};",
          ...NO_OUTPUT,
        ),
      },
    ],
    [
      "references that would make aliases circular become unknown",
      {
        operation: {
          inputSchema: {
            anyOf: [{ $ref: "#/$defs/A" }, { type: "boolean" }],
            $defs: { A: { anyOf: [{ $ref: "#" }, { type: "number" }] }, B: { $ref: "#/$defs/B" } },
          },
        },
        want: lines(
          "/** Input of get. */",
          "export type GetInput = unknown;",
          "export type GetInput_A = unknown;",
          "export type GetInput_B = unknown;",
          ...NO_OUTPUT,
        ),
      },
    ],
    [
      "CLI text output without a schema is a string",
      {
        operation: {
          inputSchema: true,
          invoke: {
            kind: "cli",
            command: "ls",
            args: [],
            env: {},
            cwd: ".",
            timeoutMs: 1,
            maxOutputBytes: 1,
            output: "text",
          },
        },
        want: lines(
          "/** Input of get. */",
          "export type GetInput = unknown;",
          "/** Result of get. */",
          "export type GetOutput = string;",
        ),
      },
    ],
  ])("%s", (_name, { operation, want }) => {
    expect(types(operation)).toBe(want);
  });
});

describe("methodSignature", () => {
  it("documents the operation and marks an optional input", () => {
    const plan = planOf({ description: "Gets it.\nTwice.", inputSchema: { type: "object" } });
    expect(methodSignature(plan.operations[0] as never, "  ")).toBe(
      lines("  /**", "   * Gets it.", "   * Twice.", "   */", "  get(input?: GetInput): Promise<GetOutput>;"),
    );
  });

  it("tags a deprecated operation @deprecated, so editors strike it through", () => {
    const plan = planOf({
      description: "Deprecated. Gets it.",
      deprecated: true,
      inputSchema: { type: "object" },
    });
    expect(methodSignature(plan.operations[0] as never, "  ")).toBe(
      lines(
        "  /**",
        "   * Deprecated. Gets it.",
        "   *",
        "   * @deprecated",
        "   */",
        "  get(input?: GetInput): Promise<GetOutput>;",
      ),
    );
  });
});
