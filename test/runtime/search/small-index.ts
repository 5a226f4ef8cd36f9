/** A one-unit search index of a few HTTP operations, for the ranking tests that pit two against each other. */
import { type SearchableOperation, SearchIndex } from "../../../runtime/search/index.js";

/** An HTTP operation: its method and path are what search reads of how it is called. */
export function op(name: string, description: string, method: string, path: string): SearchableOperation {
  const invoke = { kind: "openapi", method, path };
  return {
    name,
    tsName: name.replace(/[^A-Za-z0-9]+(.)/g, (_, c: string) => c.toUpperCase()),
    description,
    inputSchema: { type: "object" },
    invoke,
  };
}

/** The index of one unit holding `operations`. */
export const index = (...operations: SearchableOperation[]) =>
  SearchIndex.build({ units: [{ id: "api", name: "api", description: "An API.", tags: [], operations }] });

/** The names of the top three hits for `query`. */
export const top = (search: SearchIndex, query: string) => search.query(query, 3).map((hit) => hit.operation);
