/**
 * Spec units made fit to show (compiler/discover/sources/shown.ts): the cleaned operations keep the
 * definitions they shared as one object each (a large API's operations share thousands), and say the
 * same as cleaning each operation's schemas on its own.
 */
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../../../compiler/codes/diagnostics.js";
import type { DiscoverContext, OperationIR, UnitIR } from "../../../../compiler/discover/shared/types.js";
import { shownSpecUnit } from "../../../../compiler/discover/sources/shown.js";
import type { JsonSchema } from "../../../../runtime/contract/manifest.js";
import { shownJson } from "../../../../runtime/shared/shown-text.js";

/** A context that keeps what it is told to report. */
function collecting(): { context: DiscoverContext; reported: string[] } {
  const reported: string[] = [];
  const context = {
    report: (severity: Diagnostic["severity"], code: string, message: string) =>
      void reported.push(`${severity} ${code} ${message}`),
    reportAt: () => undefined,
  } as unknown as DiscoverContext;
  return { context, reported };
}

const operation = (name: string, inputSchema: JsonSchema, outputSchema?: JsonSchema): OperationIR => ({
  name,
  description: `Calls ${name}\u200B.`,
  inputSchema,
  ...(outputSchema ? { outputSchema } : {}),
  invoke: { kind: "openapi", method: "GET", path: `/${name}` } as unknown as OperationIR["invoke"],
});

const unitOf = (operations: OperationIR[]) => ({ operations }) as unknown as UnitIR;

describe("shownSpecUnit", () => {
  // Shared as discovery makes them: one object per definition, referenced from each operation's $defs.
  const clean: JsonSchema = {
    type: "object",
    description: "A user.",
    properties: { id: { type: "string" } },
  };
  const dirty: JsonSchema = {
    type: "object",
    description: "A group\u200B of users.",
    properties: {
      members: { type: "array", items: { $ref: "#/$defs/User" } },
      tags: { enum: ["a\u2060b", 3] },
    },
  };
  const schema = (): JsonSchema => ({
    type: "object",
    properties: { user: { $ref: "#/$defs/User" }, group: { $ref: "#/$defs/Group" } },
    $defs: { User: clean, Group: dirty },
  });
  const operations = [
    operation("a", schema(), schema()),
    operation("b", schema()),
    operation("c", { type: "object", properties: { note: { type: "string", description: "x\u200By" } } }),
  ];

  it("keeps a definition shared by many operations one object, cleaned once", () => {
    const { context } = collecting();
    const shown = shownSpecUnit(unitOf(operations), context).operations;
    const defsOf = (schema: JsonSchema | undefined) => (schema as { $defs: Record<string, unknown> }).$defs;
    const users = [shown[0]?.inputSchema, shown[0]?.outputSchema, shown[1]?.inputSchema].map(
      (s) => defsOf(s).User,
    );
    const groups = [shown[0]?.inputSchema, shown[0]?.outputSchema, shown[1]?.inputSchema].map(
      (s) => defsOf(s).Group,
    );
    // A definition with nothing to clean is the one discovery made; one cleaned is one copy for all.
    for (const user of users) expect(user).toBe(clean);
    for (const group of groups) expect(group).toBe(groups[0]);
    expect(groups[0]).not.toBe(dirty);
    expect(JSON.stringify(groups[0])).not.toMatch(/\u200B|\u2060/);
  });

  it("says what cleaning each operation on its own says, and leaves the operations it was given as they were", () => {
    const before = JSON.stringify(operations);
    const { context } = collecting();
    const shown = shownSpecUnit(unitOf(operations), context).operations;
    expect(JSON.stringify(operations)).toBe(before);
    expect(shown.map((op) => op.description)).toEqual(["Calls a.", "Calls b.", "Calls c."]);
    for (const [index, op] of shown.entries()) {
      const given = operations[index] as OperationIR;
      expect(JSON.stringify(op.inputSchema)).toBe(JSON.stringify(shownJson(given.inputSchema, [])));
      expect(JSON.stringify(op.outputSchema)).toBe(JSON.stringify(shownJson(given.outputSchema, [])));
    }
  });

  it("still leaves out an operation with an invisible property name, in a shared definition too", () => {
    const hidden: JsonSchema = { type: "object", properties: { "na\u200Bme": { type: "string" } } };
    const withHidden = (): JsonSchema => ({
      type: "object",
      properties: { p: { $ref: "#/$defs/P" } },
      $defs: { P: hidden },
    });
    const { context, reported } = collecting();
    const shown = shownSpecUnit(
      unitOf([
        operation("x", withHidden()),
        operation("y", { type: "object" }),
        operation("z", withHidden()),
      ]),
      context,
    ).operations;
    expect(shown.map((op) => op.name)).toEqual(["y"]);
    expect(reported).toEqual([
      'warning OPERATION_WITHHELD operation "x" is left out: its input schema has a property name holding invisible characters ("name" once cleaned)',
      'warning OPERATION_WITHHELD operation "z" is left out: its input schema has a property name holding invisible characters ("name" once cleaned)',
    ]);
  });
});
