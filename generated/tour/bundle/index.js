import { bundleManifestPath, createRuntime } from 'unitc/runtime';

function createDataBooksLibraryCatalogClient(runtime) {
  return {
    query_book: (input) => runtime.call("data__books__library__catalog", "query_book", input),
    query_books: (input) => runtime.call("data__books__library__catalog", "query_books", input),
    mutation_addBook: (input) => runtime.call("data__books__library__catalog", "mutation_addBook", input)
  };
}

function createDataBooksLibraryShelfClient(runtime) {
  return {
    readingList: (input) => runtime.call("data__books__library__shelf", "readingList", input)
  };
}

function createDataMemoMemoryClient(runtime) {
  return {
    add_observations: (input) => runtime.call("data__memo__memory", "add_observations", input),
    create_entities: (input) => runtime.call("data__memo__memory", "create_entities", input),
    create_relations: (input) => runtime.call("data__memo__memory", "create_relations", input),
    delete_entities: (input) => runtime.call("data__memo__memory", "delete_entities", input),
    delete_observations: (input) => runtime.call("data__memo__memory", "delete_observations", input),
    delete_relations: (input) => runtime.call("data__memo__memory", "delete_relations", input),
    open_nodes: (input) => runtime.call("data__memo__memory", "open_nodes", input),
    read_graph: (input) => runtime.call("data__memo__memory", "read_graph", input),
    search_nodes: (input) => runtime.call("data__memo__memory", "search_nodes", input)
  };
}

function createPetsPetstoreClient(runtime) {
  return {
    findPets: (input) => runtime.call("pets__petstore", "findPets", input),
    addPet: (input) => runtime.call("pets__petstore", "addPet", input),
    find_pet_by_id: (input) => runtime.call("pets__petstore", "find pet by id", input),
    deletePet: (input) => runtime.call("pets__petstore", "deletePet", input)
  };
}

function createUnits(options = {}) {
  const manifestPath = options.manifestPath ?? bundleManifestPath(import.meta.url, "generated/tour");
  const runtime = createRuntime({ ...options, manifestPath });
  return {
    $runtime: runtime,
    data__books__library__catalog: createDataBooksLibraryCatalogClient(runtime),
    data__books__library__shelf: createDataBooksLibraryShelfClient(runtime),
    data__memo__memory: createDataMemoMemoryClient(runtime),
    pets__petstore: createPetsPetstoreClient(runtime)
  };
}

export { createUnits };
