/**
 * Names for everything emit writes: per unit an identifier and a client type name, per operation a
 * TS name and a type-name base. Decided once, from sorted source names, so output is stable.
 */
import type { OperationIR, UnitIR } from "../discover/types.js";
import { pascalCase, sanitizeIdentifier } from "./literal.js";
import { allocateNames } from "./names.js";

export interface OperationPlan {
  ir: OperationIR;
  tsName: string;
  /** `ListNotes` → `ListNotesInput`, `ListNotesOutput`. */
  typeBase: string;
}

export interface UnitPlan {
  ir: UnitIR;
  id: string;
  /** Identifier of the unit (Code Mode namespace). */
  ident: string;
  /** `NotesClient`; the factory is `create` + this. */
  clientName: string;
  operations: OperationPlan[];
}

/** Plans names for every unit and operation. */
export function planUnits(units: readonly UnitIR[]): UnitPlan[] {
  const ids = units.map((u) => u.unit.id);
  const idents = allocateNames(ids, sanitizeIdentifier);
  const clients = allocateNames(ids, (id) => `${pascalCase(id)}Client`);
  return units.map((ir) => {
    const names = ir.operations.map((o) => o.name);
    const tsNames = allocateNames(names, sanitizeIdentifier, ["$unit"]);
    const bases = allocateNames(names, (n) => pascalCase(tsNames.get(n) as string));
    return {
      ir,
      id: ir.unit.id,
      ident: idents.get(ir.unit.id) as string,
      clientName: clients.get(ir.unit.id) as string,
      operations: ir.operations.map((op) => ({
        ir: op,
        tsName: tsNames.get(op.name) as string,
        typeBase: bases.get(op.name) as string,
      })),
    };
  });
}
