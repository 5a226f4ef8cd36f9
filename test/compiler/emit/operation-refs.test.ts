/** Operation references through `paths` rewritten as the `operations` key their entry names. */
import { describe, expect, it } from "vitest";
import { operationRefs, withOperationRefs } from "../../../compiler/emit/operation-refs.js";

const SPEC_TYPES = [
  "export interface paths {",
  '\t"/pets/{id}": {',
  "\t\tparameters: {",
  "\t\t\tpath: {",
  "\t\t\t\tid: string;",
  "\t\t\t};",
  "\t\t};",
  '\t\tget: operations["pets/get"];',
  '\t\tdelete: operations["say \\"bye\\""];',
  "\t};",
  '\t"/inline": {',
  "\t\tget: {",
  "\t\t\tresponses: {};",
  "\t\t};",
  "\t};",
  "}",
  "export interface operations {",
  '\t"pets/get": {};',
  "}",
  "",
].join("\n");

describe("operation references", () => {
  const refs = operationRefs(SPEC_TYPES);

  it("read each method of `paths` that names an operation, escaped keys as written", () => {
    expect([...refs]).toEqual([
      ['$types.paths["/pets/{id}"]["get"]', '$types.operations["pets/get"]'],
      ['$types.paths["/pets/{id}"]["delete"]', '$types.operations["say \\"bye\\""]'],
    ]);
  });

  it("rewrite the references they know and leave the others (an inline operation) as written", () => {
    const expression =
      '{ path: NonNullable<$types.paths["/pets/{id}"]["get"]["parameters"]["path"]> } | ' +
      '$types.paths["/inline"]["get"]["responses"] | $types.paths["/pets/{id}"]["delete"]["responses"]';
    expect(withOperationRefs(expression, refs)).toBe(
      '{ path: NonNullable<$types.operations["pets/get"]["parameters"]["path"]> } | ' +
        '$types.paths["/inline"]["get"]["responses"] | $types.operations["say \\"bye\\""]["responses"]',
    );
  });

  it("are none for a module without `paths` (a GraphQL unit's codegen types)", () => {
    expect(operationRefs("export type PetQuery = { pet: { id: string } };\n").size).toBe(0);
  });
});
