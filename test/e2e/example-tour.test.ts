/**
 * The committed bundles of examples/openapi, examples/graphql and examples/mcp, reached through the
 * nested unit sets of examples/tour: typed calls of each kind against the examples' real services
 * (started on free ports) and the real MCP memory server over stdio, and one Code Mode script that
 * chains all three.
 */
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLibraryServer } from "../../examples/graphql/server.mjs";
import { redirectingFetch } from "../../examples/http-support.mjs";
import { startPetstoreServer } from "../../examples/openapi/server.mjs";
import { createUnits, type Units } from "../../generated/tour/index.js";
import { runCodeMode } from "../../runtime/sandbox/index.js";

const tourDir = fileURLToPath(new URL("../../generated/tour", import.meta.url));
const env = { PATH: process.env.PATH, LIBRARY_TOKEN: "library-canary-2c81" };
let servers: { url: string; close(): Promise<void> }[] = [];
let units: Units;

// The units name 127.0.0.1:4320 and :4321; the services run on free ports and fetch is pointed there.
beforeAll(async () => {
  const petstore = await startPetstoreServer({ port: 0 });
  const library = await startLibraryServer({ port: 0, token: env.LIBRARY_TOKEN });
  servers = [petstore, library];
  const fetch = redirectingFetch({
    "http://127.0.0.1:4320": petstore.url,
    "http://127.0.0.1:4321": library.url,
  });
  units = createUnits({ env, fetch });
});
afterAll(async () => {
  await units.$runtime.close();
  await Promise.all(servers.map((s) => s.close()));
});

describe("generated client of examples/tour", () => {
  it("names the units of the nested sets by their path", () => {
    expect(units.$runtime.manifest.units.map((u) => u.id).sort()).toEqual([
      "data__books__library__catalog",
      "data__books__library__shelf",
      "data__memo__memory",
      "pets__petstore",
    ]);
  });

  it("calls the OpenAPI petstore: query, body and path parameters", async () => {
    const dogs = await units.pets__petstore.findPets({ query: { tags: ["dog"] } });
    expect(dogs).toEqual([{ id: 1, name: "Rex", tag: "dog" }]);
    const added = await units.pets__petstore.addPet({ body: { name: "Polly", tag: "parrot" } });
    expect(added).toMatchObject({ name: "Polly", tag: "parrot" });
    const read = await units.pets__petstore.find_pet_by_id({ path: { id: added.id } });
    expect(read).toEqual(added);
    await units.pets__petstore.deletePet({ path: { id: added.id } });
    const gone = await units.pets__petstore
      .find_pet_by_id({ path: { id: added.id } })
      .catch((e: unknown) => e);
    expect(gone).toMatchObject({ code: "HTTP_STATUS", details: { status: 404 } });
  });

  it("calls the GraphQL library: generated operations and the configured one, with inherited bearer auth", async () => {
    const book = await units.data__books__library__catalog.query_book({ isbn: "9780156439619" });
    expect(book.book).toMatchObject({ title: "Invisible Cities", author: { name: "Italo Calvino" } });
    const list = await units.data__books__library__shelf.readingList({ author: "Ursula K. Le Guin" });
    expect(list.books.map((b) => b.title)).toEqual(["The Left Hand of Darkness", "The Dispossessed"]);
    const added = await units.data__books__library__catalog.mutation_addBook({
      isbn: "1",
      title: "Cosmicomics",
      author: "Italo Calvino",
    });
    expect(added.addBook).toMatchObject({ isbn: "1", author: { born: 1923 } });
  });

  it("calls the MCP memory server over stdio; a write is read back in the same session", async () => {
    await units.data__memo__memory.create_entities({
      entities: [{ name: "Rex", entityType: "pet", observations: ["a dog"] }],
    });
    const graph = await units.data__memo__memory.read_graph();
    expect(JSON.stringify(graph)).toContain("a dog");
  });

  it("runs one Code Mode script that chains GraphQL, OpenAPI and MCP units", async () => {
    const code = `const { book } = await units.data__books__library__catalog.query_book({ isbn: "9780441478125" });
const [pet] = await units.pets__petstore.findPets({ query: { tags: ["cat"] } });
await units.data__memo__memory.create_entities({ entities: [{ name: pet.name, entityType: "reader", observations: ["reads " + book.title] }] });
const found = await units.data__memo__memory.search_nodes({ query: pet.name });
return { reader: pet.name, book: book.title, remembered: found.entities[0].observations };`;
    const result = await runCodeMode(units.$runtime, { code }, tourDir);
    expect(result).toMatchObject({
      ok: true,
      value: {
        reader: "Tom",
        book: "The Left Hand of Darkness",
        remembered: ["reads The Left Hand of Darkness"],
      },
    });
  });

  it("rejects a wrong GraphQL input before any request, with a stable code", async () => {
    // @ts-expect-error isbn is required
    await expect(units.data__books__library__catalog.query_book({})).rejects.toMatchObject({
      code: "INPUT_INVALID",
    });
  });
});
