/**
 * Names for everything emit writes: per unit an identifier and a client type name, per operation a
 * TS name and a type-name base. Decided once, from sorted source names, so output is stable.
 */
import type { OperationIR, UnitIR } from "../discover/shared/types.js";
import { pascalCase, sanitizeIdentifier, sanitizeMemberName } from "./literal.js";
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

/** Names the Code Mode prelude declares in `namespace Units` beside the units' namespaces. */
const CODE_MODE_NAMES = ["SearchHit"];

/**
 * Plans names for every unit and operation. A unit or operation whose source name is already an
 * identifier has the first claim on the type names derived from it.
 */
export function planUnits(units: readonly UnitIR[]): UnitPlan[] {
  const ids = units.map((u) => u.unit.id);
  const idents = allocateNames(ids, sanitizeIdentifier, CODE_MODE_NAMES);
  // A unit whose ID is already an identifier has the first claim on its type name (`a_b` over `a-b`).
  const clients = allocateNames(ids, pascalCase, [], (id) => sanitizeIdentifier(id) === id);
  return units.map((ir) => {
    const names = ir.operations.map((o) => o.name);
    const tsNames = allocateNames(names, sanitizeMemberName, ["$unit"]);
    const bases = allocateNames(
      names,
      (n) => pascalCase(tsNames.get(n) as string),
      [],
      (n) => tsNames.get(n) === n,
    );
    return {
      ir,
      id: ir.unit.id,
      ident: idents.get(ir.unit.id) as string,
      clientName: `${clients.get(ir.unit.id) as string}Client`,
      operations: ir.operations.map((op) => ({
        ir: op,
        tsName: tsNames.get(op.name) as string,
        typeBase: bases.get(op.name) as string,
      })),
    };
  });
}
