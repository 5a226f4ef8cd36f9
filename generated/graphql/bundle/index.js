import { bundleManifestPath, createRuntime } from 'unitc/runtime';

const unitId$1 = "library__catalog";
const operations$1 = {
  query_book: "query_book",
  query_books: "query_books",
  mutation_addBook: "mutation_addBook"
};
function createLibraryCatalogClient(runtime) {
  const methods = Object.entries(operations$1).map(([method, name]) => [
    method,
    (input) => runtime.call(unitId$1, name, input)
  ]);
  return Object.fromEntries(methods);
}

const unitId = "library__shelf";
const operations = {
  readingList: "readingList"
};
function createLibraryShelfClient(runtime) {
  const methods = Object.entries(operations).map(([method, name]) => [
    method,
    (input) => runtime.call(unitId, name, input)
  ]);
  return Object.fromEntries(methods);
}

function createUnits(options = {}) {
  const manifestPath = options.manifestPath ?? bundleManifestPath(import.meta.url, "generated/graphql");
  const runtime = createRuntime({ ...options, manifestPath });
  return {
    $runtime: runtime,
    library__catalog: createLibraryCatalogClient(runtime),
    library__shelf: createLibraryShelfClient(runtime)
  };
}

export { createUnits };
