/**
 * Code Mode declarations: `units/<id>/code-mode.d.ts` per unit (self-contained, shown to agents one
 * unit at a time) and `code-mode.d.ts` declaring the global `units` the sandbox provides.
 */
import { GENERATED_HEADER, generatorLine } from "./client-module.js";
import { docComment, propertyKey, stringLiteral } from "./literal.js";
import { methodSignature, operationTypes, usesSpecTypes } from "./operation-types.js";
import type { UnitPlan } from "./plan.js";

/** Names the sandbox's `units` global defines itself; a unit cannot take them. */
export const CODE_MODE_BUILTINS = new Set(["search", "describe"]);

/**
 * The generator's module as `namespace $types`, so the operations' `$types.…` expressions resolve as
 * they do in `types.ts`. It comes first: `units.describe` reads the unit's own declarations after it.
 */
function specTypesNamespace(unit: UnitPlan): string {
  const module = unit.ir.typesModule;
  if (module === undefined || !usesSpecTypes(unit)) return "";
  const body = module.text.replace(/^(?=.)/gm, "    ");
  // A line comment, not a doc comment: `units.describe` would take that for the next member's.
  const doc = `  // Types written by ${generatorLine(module)}.\n`;
  return `${doc}  namespace $types {\n${body}${body.endsWith("\n") ? "" : "\n"}  }\n\n`;
}

/** The namespace block of one unit: its types and its `Client` interface. */
function unitNamespace(unit: UnitPlan): string {
  const { name, description } = unit.ir.unit;
  const types = operationTypes(unit, "", "  ");
  const methods = unit.operations.map((op) => methodSignature(op, "    ")).join("");
  return (
    `declare namespace Units.${unit.ident} {\n${specTypesNamespace(unit)}${types}${types ? "\n" : ""}` +
    `${docComment(description ? `${name}: ${description}` : name, "  ")}  interface Client {\n${methods}  }\n}\n`
  );
}

/** `units/<id>/code-mode.d.ts`. */
export function emitUnitDeclaration(unit: UnitPlan): string {
  return `${GENERATED_HEADER}\n${unitNamespace(unit)}`;
}

const PRELUDE = `declare namespace Units {
  /** One operation found by \`units.search\`. */
  interface SearchHit {
    unit: string;
    operation: string;
    /** How to call it, e.g. \`units.notes.listNotes(input: { limit?: number }): Promise<unknown>\`. */
    signature: string;
    description: string;
  }
}
`;

/**
 * \`code-mode.d.ts\`: the \`units\` global, referencing each Code Mode unit's declaration (the
 * runtime inlines them when it shows the whole API to an agent).
 */
export function emitCodeModeDeclaration(units: readonly UnitPlan[]): string {
  const references = units
    .map((u) => `/// <reference path=${stringLiteral(`./units/${u.id}/code-mode.d.ts`)} />\n`)
    .join("");
  const members = units
    .map(
      (u) =>
        `${docComment(u.ir.unit.description || u.ir.unit.name, "  ")}  readonly ${propertyKey(u.id)}: Units.${u.ident}.Client;\n`,
    )
    .join("");
  return (
    `${GENERATED_HEADER}${references}\n${PRELUDE}\n` +
    `/** The units this sandbox can call. Every call returns a promise: \`await\` it. */\n` +
    `declare const units: {\n${members}` +
    `  /** Finds operations by keywords, best first. */\n` +
    `  search(query: string, options?: { unit?: string; limit?: number }): Promise<Units.SearchHit[]>;\n` +
    `  /** The TypeScript declaration of a unit, or of one of its operations. */\n` +
    `  describe(unit: string, operation?: string): Promise<string>;\n};\n`
  );
}
