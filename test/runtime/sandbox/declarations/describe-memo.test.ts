/**
 * `units.describe` per operation reads each type's references once per unit and reuses them for the
 * next operation: over types that refer to each other in cycles, every operation's text is the one
 * cut from a unit read afresh, and holds exactly the types on its way.
 */
import { describe, expect, it } from "vitest";
import { describeOperation } from "../../../../runtime/sandbox/declarations/operation-declaration.js";

const UNIT = `declare namespace Units.loop {
  // Types written by openapi-typescript 7.13.0.
  namespace $types {
    export interface components {
      schemas: {
        Node: {
          next?: components["schemas"]["Node"];
          pet?: components["schemas"]["Pet"];
        };
        Pet: {
          owner?: components["schemas"]["Person"];
        };
        Person: {
          pets?: components["schemas"]["Pet"][];
        };
        Lonely: {
          name?: string;
        };
      };
    }
  }
  /** A tree. */
  type Tree = { children: Tree[]; leaf: Leaf };
  type Leaf = { parent: Tree; node: $types.components["schemas"]["Node"] };
  type Owner = { pet: PetOf };
  type PetOf = { owner: Owner; who: $types.components["schemas"]["Person"] };
  type Unused = { x: string };
  interface Client {
    grow(input: Tree): Promise<Leaf>;
    adopt(input: Owner): Promise<PetOf>;
    both(input: Leaf): Promise<Owner>;
    plain(input: string): Promise<void>;
  }
}
`;

describe("describe texts with what each type reaches read once per unit", () => {
  it("gives each operation, called one after another, the text of a unit read afresh", () => {
    const operations = ["grow", "adopt", "both", "plain", "grow", "both"];
    operations.forEach((operation, at) => {
      // A text of its own (a trailing line the excerpt never shows) is parsed afresh, memo empty.
      const fresh = describeOperation(`${UNIT}${"\n".repeat(at + 1)}`, operation);
      expect(describeOperation(UNIT, operation), operation).toBe(fresh);
      expect(fresh).toBeDefined();
    });
  });

  it("holds the types on the operation's way through the cycles, and no others", () => {
    const grow = describeOperation(UNIT, "grow") ?? "";
    for (const part of ["type Tree", "type Leaf", "Node: {", "Pet: {", "Person: {"])
      expect(grow).toContain(part);
    for (const part of ["Lonely", "type Owner", "type PetOf", "type Unused"])
      expect(grow).not.toContain(part);
    const adopt = describeOperation(UNIT, "adopt") ?? "";
    for (const part of ["type Owner", "type PetOf", "Person: {", "Pet: {"]) expect(adopt).toContain(part);
    for (const part of ["Node: {", "type Tree", "Lonely"]) expect(adopt).not.toContain(part);
    expect(describeOperation(UNIT, "plain")).not.toContain("$types");
  });
});
