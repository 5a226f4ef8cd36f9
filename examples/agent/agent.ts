/**
 * Agent code that imports the generated typed clients of examples/tour (the third way to use unitc,
 * beside `unitc serve` and Code Mode): every call below is checked by `tsc --strict` against the
 * OpenAPI spec, the GraphQL schema and the MCP server's listed tools (`npm run typecheck` does it).
 * Node 24 runs this file as it is (type stripping), with the bundle's JavaScript.
 */
import { type CreateUnitsOptions, createUnits, type Units } from "../../generated/tour/bundle/index.js";

/** Picks a book by `author`, gives it to the first pet in the store, and remembers that; one line. */
export async function recommend(units: Units, author: string): Promise<string> {
  const { books } = await units.data__books__library__shelf.readingList({ author });
  const book = books[0];
  if (!book) return `the library has no book by ${author}`;
  const [pet] = await units.pets__petstore.findPets({ query: { limit: 1 } });
  if (!pet) return "the store has no pets";
  await units.data__memo__memory.create_entities({
    entities: [{ name: pet.name, entityType: "reader", observations: [`reads ${book.title}`] }],
  });
  const { entities } = await units.data__memo__memory.open_nodes({ names: [pet.name] });
  const remembered = entities[0]?.observations.join("; ") ?? "nothing";
  return `${pet.name} reads ${book.title} (${book.year ?? "undated"}) by ${book.author.name}; memory: ${remembered}`;
}

/** The typed units of examples/tour, with the caller's runtime options (env, fetch). */
export function tourUnits(options: CreateUnitsOptions = {}): Units {
  return createUnits(options);
}
