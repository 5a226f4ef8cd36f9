/**
 * GraphQL end to end: a real graphql-js server on 127.0.0.1, a project compiled into a temp folder
 * (one unit from a schema file with generated operations, one from live introspection with
 * configured operations), and the generated client called the way agent code calls it.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkManifest } from "../../runtime/contract/manifest.js";
import { typecheckBundle } from "../../scripts/typecheck-generated.mjs";
import type { TestServer } from "../support/http-server.js";
import { cleanupProjects, writeProject } from "../support/project.js";
import { type CompiledProject, compileProject, PETS_SDL, startGraphqlServer } from "./graphql-support.js";

const TOKEN = "gql-canary-5e7d21";
const env = { PETS_TOKEN: TOKEN };
const bearer = { type: "bearer", token: "env:PETS_TOKEN" };

const FIND_PET = `query FindPet($id: ID!) {
  pet(id: $id) {
    ...Basics
    ... on Dog { goodBoy }
  }
}

fragment Basics on Pet { id name species }
`;

const ADOPT = `mutation Adopt($name: String!, $species: Species!) {
  addPet(input: { name: $name, species: $species }) { id name species }
}

query Clock { now }
`;

let server: TestServer;
let compiled: CompiledProject;
// biome-ignore lint/suspicious/noExplicitAny: the bundle lives in a temp folder; its types are checked by tsc below
let units: any;

beforeAll(async () => {
  server = await startGraphqlServer({ token: TOKEN });
  vi.stubEnv("PETS_TOKEN", TOKEN);
  vi.stubEnv("UNITC_CACHE_DIR", await writeProject({}));
  const endpointUrl = `${server.url}/graphql`;
  compiled = await compileProject({
    ".units/pets.graphql": PETS_SDL,
    ".units/adopt.graphql": ADOPT,
    ".units/config.json": JSON.stringify({
      graphqlEndpoints: {
        pets: {
          name: "Pets",
          description: "Generated.",
          endpointUrl,
          schemaPath: "pets.graphql",
          auth: bearer,
        },
        shelter: {
          name: "Shelter",
          description: "Configured, schema by introspection.",
          endpointUrl,
          introspection: true,
          auth: bearer,
          operations: {
            findPet: {
              document: FIND_PET,
              description: "Find a pet by ID.",
              useWhen: "The user names a pet ID.",
            },
            adopt: { documentPath: "adopt.graphql", operationName: "Adopt" },
            partial: { document: "query Partial($id: ID!) { pet(id: $id) { name } failing }" },
            whoami: { document: "{ whoami }" },
          },
        },
      },
    }),
  });
  vi.unstubAllEnvs();
  const bundle = await import(join(compiled.outDir, "index.ts"));
  units = bundle.createUnits({ env });
});
afterAll(async () => {
  await server.close();
  await cleanupProjects();
});

describe("a compiled GraphQL bundle", () => {
  it("compiles without diagnostics, fetching the shelter schema by introspection with the token", () => {
    expect(compiled.text).toBe("");
    const introspection = server.requests.filter((r) => r.body.includes("IntrospectionQuery"));
    expect(introspection).toHaveLength(1);
    expect(introspection[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("never writes the token into the bundle", () => {
    for (const [path, text] of compiled.result.files) expect(text.includes(TOKEN), path).toBe(false);
  });

  it("calls generated operations with typed results shaped by the selection", async () => {
    const { pet } = await units.pets.query_pet({ id: "c1" });
    expect(pet).toEqual({
      __typename: "Cat",
      id: "c1",
      name: "Tom",
      species: "CAT",
      owner: { id: "p1", name: "Alice", born: "1990-01-01T00:00:00Z" },
      lives: 9,
    });
    const dogs = await units.pets.query_pets({ filter: { species: "DOG", and: { nameContains: "R" } } });
    expect(dogs.pets.map((p: { name: string }) => p.name)).toEqual(["Rex"]);
    const found = await units.pets.query_search({ text: "bo" });
    expect(found.search).toEqual([
      expect.objectContaining({ __typename: "Person", name: "Bob", born: null }),
    ]);
    const added = await units.pets.mutation_addPet({ input: { name: "Fido", species: "DOG" } });
    expect(added.addPet).toMatchObject({ __typename: "Dog", name: "Fido", species: "DOG", owner: null });
  });

  it("calls configured operations: fragments, a chosen operation of several, enums in variables", async () => {
    expect(await units.shelter.findPet({ id: "d1" })).toEqual({
      pet: { id: "d1", name: "Rex", species: "DOG", goodBoy: true },
    });
    const adopted = await units.shelter.adopt({ name: "Kit", species: "CAT" });
    expect(adopted.addPet).toMatchObject({ name: "Kit", species: "CAT" });
    const sent = JSON.parse(server.requests.at(-1)?.body ?? "{}");
    expect(sent).toMatchObject({ operationName: "Adopt", variables: { name: "Kit", species: "CAT" } });
    expect(sent.query).not.toContain("Clock");
  });

  it("turns errors into GRAPHQL_ERRORS that keep the partial data", async () => {
    const error = await units.shelter.partial({ id: "c1" }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "GRAPHQL_ERRORS",
      details: {
        unit: "shelter",
        operation: "partial",
        data: { pet: { name: "Tom" }, failing: null },
        errors: [{ message: "the failing field always fails", path: ["failing"] }],
      },
    });
  });

  it("sends the bearer token on every call and redacts it from results", async () => {
    expect(await units.shelter.whoami()).toEqual({ whoami: "Bearer [redacted]" });
    const calls = server.requests.filter((r) => !r.body.includes("IntrospectionQuery"));
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("rejects input the variables do not declare before anything is sent", async () => {
    const before = server.requests.length;
    const error = await units.pets
      .query_pet({ id: "c1", Authorization: "Bearer evil" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "INPUT_INVALID" });
    expect(server.requests.length).toBe(before);
  });

  it("keeps the document and the useWhen hint in the manifest", async () => {
    const manifest = JSON.parse(await readFile(join(compiled.outDir, "manifest.json"), "utf8"));
    const shelter = manifest.units.find((u: { id: string }) => u.id === "shelter");
    const findPet = shelter.operations.find((o: { name: string }) => o.name === "findPet");
    // The file leaves out what the unit and the document say (the invoke's kind, the operation type
    // the document opens with, a name the operation already has); reading the manifest puts them back.
    expect(findPet.invoke.kind).toBeUndefined();
    expect(findPet.invoke.operationType).toBeUndefined();
    const read = checkManifest(manifest).units.find((u) => u.id === "shelter");
    expect(read?.operations.find((o) => o.name === "findPet")?.invoke).toMatchObject({
      kind: "graphql",
      operationType: "query",
      operationName: "FindPet",
    });
    expect(findPet.invoke.document).toContain("fragment Basics on Pet");
    expect(findPet.description).toBe("Find a pet by ID.\n\nUse when: The user names a pet ID.");
    expect(shelter.connection).toEqual({
      kind: "graphql",
      endpointUrl: `${server.url}/graphql`,
      auth: bearer,
      requestTimeoutMs: 60000,
      maxResponseBytes: 200000,
    });
  });

  // Last: tsc blocks the event loop for seconds, which the local server's keep-alive does not survive.
  it("type-checks, and the types reject wrong calls", async () => {
    await writeFile(join(compiled.outDir, "usage.ts"), USAGE);
    expect(typecheckBundle(compiled.outDir)).toEqual([]);
  }, 120_000);
});

/** Agent code against the bundle: it must type-check, and each `@ts-expect-error` must be an error. */
const USAGE = `import { createUnits } from "./index.js";

const units = createUnits({ env: {} });

export async function usage(): Promise<string[]> {
  const { pet } = await units.pets.query_pet({ id: "c1" });
  const seen: string[] = [];
  if (pet?.__typename === "Cat") seen.push(String(pet.lives + 1));
  if (pet?.__typename === "Dog") seen.push(String(pet.goodBoy ?? false));
  // @ts-expect-error only a Dog has goodBoy
  if (pet?.__typename === "Cat") seen.push(String(pet.goodBoy));
  // @ts-expect-error id is required
  await units.pets.query_pet({});
  // @ts-expect-error species is one of the enum values
  await units.pets.mutation_addPet({ input: { name: "x", species: "COW" } });
  const listed = await units.pets.query_pets();
  seen.push(...listed.pets.map((p) => p.species));
  const found = await units.shelter.findPet({ id: "d1" });
  seen.push(found.pet?.name ?? "none");
  // @ts-expect-error owner is not selected by FindPet
  seen.push(String(found.pet?.owner));
  const adopted = await units.shelter.adopt({ name: "Kit", species: "CAT" });
  const id: string = adopted.addPet.id;
  // @ts-expect-error a nullable field is not a plain string
  const failing: string = (await units.shelter.partial({ id })).failing;
  return [...seen, failing];
}
`;
