/**
 * The codegen types of GraphQL operations, type-checked as generated code uses them: `spec-types.ts`
 * plus `$types` expressions, over the units of test/fixtures/graphql/pets. Each `@ts-expect-error`
 * must catch an error on its line (a copy without them must fail on exactly those lines), and every
 * input type must require exactly the variables the operation's JSON Schema requires.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UnitIR } from "../../../../compiler/discover/shared/types.js";
import { discoverStage, runPipeline, validationStages } from "../../../../compiler/pipeline.js";
import { cleanupProjects, writeProject } from "../../../support/project.js";
import {
  errorsOf,
  programOf,
  requiredInputs,
  schemaRequired,
  withoutExpectations,
  writeTypedOperations,
} from "../../../support/typed-operations.js";

const projectDir = fileURLToPath(new URL("../../../fixtures/graphql/pets/project", import.meta.url));
let units: Map<string, UnitIR>;

beforeAll(async () => {
  const context = await runPipeline({ projectDir, userConfigFile: false }, [
    ...validationStages,
    discoverStage,
  ]);
  expect(context.diagnostics).toEqual([]);
  units = new Map((context.discovered?.units ?? []).map((u) => [u.unit.id, u]));
});
afterAll(cleanupProjects);

const SHELTER_CALLS = `import { client } from "./operations.js";

export async function calls(): Promise<string> {
  const found = await client.findPet({ id: "c1" });
  const adopted = await client.adopt({ pet: { name: "Tom", species: "CAT", lives: null } });
  const hits = await client.search({ text: "to", withPeople: null });
  const born = hits.search.map((hit) => (hit.__typename === "Person" ? hit.born : hit.name));
  // @ts-expect-error: an ID variable is a string
  await client.findPet({ id: 1 });
  // @ts-expect-error: id is required
  await client.findPet({});
  // @ts-expect-error: there is no variable name
  await client.findPet({ id: "c1", name: "Tom" });
  // @ts-expect-error: species is one of the enum's values
  await client.adopt({ pet: { name: "Tom", species: "COW" } });
  // @ts-expect-error: a required variable cannot be left out with its input
  await client.search();
  // @ts-expect-error: the selection has no field color
  found.pet?.color;
  // @ts-expect-error: the result is the response's data, not the response
  found.data;
  // @ts-expect-error: a nullable field may be null
  const owner: { name: string } = found.pet.owner;
  return \`\${found.pet?.name} \${adopted.adopted.id} \${born.length} \${owner.name}\`;
}
`;

const PETS_CALLS = `import { client } from "./operations.js";

export async function calls(): Promise<number> {
  const now = await client.query_now();
  const all = await client.query_pets();
  const some = await client.query_pets({ first: 2, filter: { species: "DOG", and: { nameContains: "R" } } });
  const added = await client.mutation_addPet({ input: { name: "Rex", species: "DOG" } });
  const lives = all.pets.map((pet) => (pet.__typename === "Cat" ? pet.lives : 0));
  // @ts-expect-error: first is an Int
  await client.query_pets({ first: "2" });
  // @ts-expect-error: filter is one input object, not a list
  await client.query_pets({ filter: [{ species: "DOG" }] });
  // @ts-expect-error: pet requires its id
  await client.query_pet();
  // @ts-expect-error: only cats have lives
  all.pets[0]?.lives;
  // @ts-expect-error: a custom scalar is unknown until checked
  now.now.toUpperCase();
  return lives.length + some.pets.length + added.addPet.id.length;
}
`;

describe.each([
  ["shelter", SHELTER_CALLS, 8],
  ["pets", PETS_CALLS, 5],
])("codegen types of the %s unit", (id, calls, expectations) => {
  let dir: string;
  beforeAll(async () => {
    dir = await writeTypedOperations(units.get(id) as UnitIR, { "calls.ts": calls });
  });

  it("type-check, each @ts-expect-error catching an error", () => {
    expect(errorsOf(programOf(dir, ["calls.ts"]))).toEqual([]);
  });

  it("reject exactly the calls marked as wrong", () => {
    const { bare, lines } = withoutExpectations(dir, "calls.ts", calls);
    expect(lines).toHaveLength(expectations);
    const failing = errorsOf(programOf(dir, [bare])).map((e) => Number(/:(\d+) /.exec(e)?.[1]));
    expect([...new Set(failing)]).toEqual(lines);
  });

  it("nest unchanged as a namespace in a declaration file, as Code Mode declarations hold them", async () => {
    const unit = units.get(id) as UnitIR;
    const aliases = unit.operations.map(
      (op, i) => `  type In${i} = ${op.types?.input};\n  type Out${i} = ${op.types?.output};`,
    );
    const declarations = `declare namespace Units.${id} {\nnamespace $types {\n${unit.typesModule?.text}}\n${aliases.join("\n")}\n}\n`;
    const nested = await writeProject({ "code-mode.d.ts": declarations });
    expect(errorsOf(programOf(nested, ["code-mode.d.ts"]))).toEqual([]);
  });

  it("require exactly the variables the input schema requires", () => {
    const required = requiredInputs(programOf(dir, ["operations.ts"]), dir);
    const unit = units.get(id) as UnitIR;
    expect(required).toEqual(new Map(unit.operations.map((op) => [op.name, schemaRequired(op)])));
  });
});
