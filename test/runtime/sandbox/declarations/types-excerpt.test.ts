/**
 * `units.describe(unit, operation)` for a unit whose types openapi-typescript wrote: the operation's
 * own declarations after the parts of `namespace $types` they use (the operation and the components
 * it names), over the emit golden of a small petstore.
 */

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Manifest } from "../../../../runtime/contract/manifest.js";
import {
  describeDeclaration,
  loadDeclarations,
} from "../../../../runtime/sandbox/declarations/declarations.js";

const BUNDLE = join(import.meta.dirname, "../../../fixtures/emit/openapi-petstore/expected");
const manifest = JSON.parse(readFileSync(join(BUNDLE, "manifest.json"), "utf8")) as Manifest;
const unit = manifest.units[0];
if (!unit) throw new Error("the petstore golden has no unit");
const declarations = loadDeclarations(BUNDLE);

describe("units.describe over openapi-typescript's types", () => {
  it("shows one operation with the members of $types on its way, and nothing else", () => {
    expect(describeDeclaration(declarations, unit, "deletePet")).toBe(`declare namespace Units.petstore {
  // Types written by openapi-typescript 7.13.0.
  // Only what this operation uses is shown here.
  namespace $types {
    export interface operations {
      deletePet: {
        parameters: {
          path: {
            petId: number;
          };
        };
        responses: {
          /** Removal queued. */
          202: {
            content: {
              "application/json": {
                queued: boolean;
              };
            };
          };
        };
      };
    }
  }
  /** Input of deletePet. */
  type DeletePetInput = {
    path: NonNullable<$types.operations["deletePet"]["parameters"]["path"]>;
  };
  /** Result of deletePet. */
  type DeletePetOutput = $types.operations["deletePet"]["responses"]["202"]["content"]["application/json"] | null;
  interface Client {
    /** Remove a pet. */
    deletePet(input: DeletePetInput): Promise<DeletePetOutput>;
  }
}
`);
  });

  it("follows references inside what it keeps: the components a response names, and theirs", () => {
    const text = describeDeclaration(declarations, unit, "listPets") ?? "";
    expect(text).toContain('        Pet: components["schemas"]["NewPet"] & {\n');
    expect(text).toContain('          tag?: components["schemas"]["Tag"];\n');
    expect(text).toContain('        Tag: "cat" | "dog" | "bird";\n');
    // Only listPets of the operations, and not the request body of createPet.
    expect(text).not.toContain("createPet");
    expect(text).not.toContain("requestBody");
  });

  it("still shows the whole unit when no operation is named", () => {
    const whole = describeDeclaration(declarations, unit) ?? "";
    expect(whole).toContain("    export interface paths {\n");
    expect(whole).toContain("createPet(input: CreatePetInput): Promise<CreatePetOutput>;");
  });
});
