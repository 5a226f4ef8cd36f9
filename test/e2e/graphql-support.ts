/**
 * GraphQL test support: a real server (graphql-js `graphql()` over node:http on 127.0.0.1) serving
 * test/fixtures/graphql/pets.graphql, and a helper that compiles a project into a temp folder that
 * vitest can import from.
 */
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { buildSchema, graphql } from "graphql";
import { formatDiagnostics } from "../../compiler/codes/diagnostics.js";
import { type CompileResult, compile } from "../../compiler/index.js";
import { sendJson, startHttpServer, type TestServer } from "../support/http-server.js";
import { writeProject } from "../support/project.js";

export const PETS_SDL_FILE = new URL("../fixtures/graphql/pets.graphql", import.meta.url);
export const PETS_SDL = readFileSync(PETS_SDL_FILE, "utf8");

type Data = Record<string, unknown>;

const alice: Data = { __typename: "Person", id: "p1", name: "Alice", born: "1990-01-01T00:00:00Z" };
const bob: Data = { __typename: "Person", id: "p2", name: "Bob", born: null };
alice.bestFriend = bob;
bob.bestFriend = alice;

const pets: Data[] = [
  { __typename: "Cat", id: "c1", name: "Tom", species: "CAT", owner: alice, lives: 9 },
  { __typename: "Dog", id: "d1", name: "Rex", species: "DOG", owner: bob, goodBoy: true, weightKg: 31.5 },
];
alice.pets = [pets[0]];
bob.pets = [pets[1]];

function matches(pet: Data, filter: Data | undefined): boolean {
  if (!filter) return true;
  if (filter.species && pet.species !== filter.species) return false;
  if (typeof filter.nameContains === "string" && !String(pet.name).includes(filter.nameContains))
    return false;
  return matches(pet, filter.and as Data | undefined);
}

function rootValue(authorization: string | undefined): Data {
  return {
    pet: ({ id }: { id: string }) => pets.find((p) => p.id === id) ?? null,
    pets: ({ filter, first }: { filter?: Data; first: number }) =>
      pets.filter((p) => matches(p, filter)).slice(0, first),
    search: ({ text }: { text: string }) =>
      [...pets, alice, bob].filter((x) => String(x.name).toLowerCase().includes(text.toLowerCase())),
    person: ({ id }: { id: string }) => [alice, bob].find((p) => p.id === id) ?? null,
    now: () => "2024-05-01T12:00:00Z",
    failing: () => {
      throw new Error("the failing field always fails");
    },
    whoami: () => authorization ?? null,
    addPet: ({ input }: { input: Data }) => {
      const species = String(input.species);
      const typename = species === "CAT" ? "Cat" : "Dog";
      const pet: Data = { __typename: typename, id: `n${pets.length + 1}`, owner: null, lives: 9, ...input };
      pets.push(pet);
      return pet;
    },
  };
}

export interface GraphqlServerOptions {
  /** When set, requests without `Authorization: Bearer <token>` get 401. */
  token?: string;
}

/** Starts the pets server; GraphQL is served at `<url>/graphql`. */
export async function startGraphqlServer(options: GraphqlServerOptions = {}): Promise<TestServer> {
  const schema = buildSchema(PETS_SDL);
  return startHttpServer(async (request, res) => {
    if (!request.path.startsWith("/graphql")) return res.writeHead(404).end();
    if (request.path === "/graphql/sdl")
      return res.writeHead(200, { "content-type": "text/plain" }).end(PETS_SDL);
    if (request.path === "/graphql/elsewhere")
      return res.writeHead(307, { location: "http://localhost:1/x" }).end();
    const authorization = request.headers.authorization;
    if (options.token !== undefined && authorization !== `Bearer ${options.token}`) {
      return sendJson(res, 401, { errors: [{ message: "unauthorized" }] });
    }
    if (request.method !== "POST") return res.writeHead(405).end();
    const body = JSON.parse(request.body) as { query: string; variables?: Data; operationName?: string };
    const result = await graphql({
      schema,
      source: body.query,
      rootValue: rootValue(authorization),
      variableValues: body.variables ?? null,
      operationName: body.operationName ?? null,
    });
    sendJson(res, 200, result);
  });
}

export interface CompiledProject {
  /** The project folder (temp). */
  dir: string;
  /** The bundle folder: `<dir>/generated`, with a `package.json` that makes it ESM. */
  outDir: string;
  result: CompileResult;
  /** Diagnostics as `unitc` prints them, paths relative to the project. */
  text: string;
}

/** Writes `files` to a temp project, compiles it (no user config) and writes the bundle. */
export async function compileProject(files: Record<string, string>): Promise<CompiledProject> {
  const dir = await writeProject(files);
  const outDir = join(dir, "generated");
  const result = await compile({ projectDir: dir, userConfigFile: false, outDir });
  for (const [path, text] of result.files) {
    await mkdir(dirname(join(outDir, path)), { recursive: true });
    await writeFile(join(outDir, path), text);
  }
  await writeFile(join(outDir, "package.json"), '{ "type": "module" }\n');
  const text = formatDiagnostics(result.diagnostics, (file) => relative(dir, file).split("\\").join("/"));
  return { dir, outDir, result, text };
}

/** A config file with one GraphQL endpoint (`pets` unless named); `fields` are merged into its entry. */
export function graphqlConfig(fields: Record<string, unknown>, id = "pets"): string {
  const entry = { name: id, description: `The ${id} service.`, auth: { type: "none" }, ...fields };
  return `${JSON.stringify({ graphqlEndpoints: { [id]: entry } }, null, 2)}\n`;
}
