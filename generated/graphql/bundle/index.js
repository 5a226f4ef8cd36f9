import { bundleManifestPath, createRuntime } from 'unitc/runtime';

function createLibraryCatalogClient(runtime) {
  return {
    query_book: (input) => runtime.call("library__catalog", "query_book", input),
    query_books: (input) => runtime.call("library__catalog", "query_books", input),
    mutation_addBook: (input) => runtime.call("library__catalog", "mutation_addBook", input)
  };
}

function createLibraryShelfClient(runtime) {
  return {
    readingList: (input) => runtime.call("library__shelf", "readingList", input)
  };
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
