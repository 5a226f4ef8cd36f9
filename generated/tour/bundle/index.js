import { bundleManifestPath, createRuntime } from 'unitc/runtime';

const unitId$3 = "data__books__library__catalog";
const operations$3 = {
  query_book: "query_book",
  query_books: "query_books",
  mutation_addBook: "mutation_addBook"
};
function createDataBooksLibraryCatalogClient(runtime) {
  const methods = Object.entries(operations$3).map(([method, name]) => [
    method,
    (input) => runtime.call(unitId$3, name, input)
  ]);
  return Object.fromEntries(methods);
}

const unitId$2 = "data__books__library__shelf";
const operations$2 = {
  readingList: "readingList"
};
function createDataBooksLibraryShelfClient(runtime) {
  const methods = Object.entries(operations$2).map(([method, name]) => [
    method,
    (input) => runtime.call(unitId$2, name, input)
  ]);
  return Object.fromEntries(methods);
}

const unitId$1 = "data__memo__memory";
const operations$1 = {
  add_observations: "add_observations",
  create_entities: "create_entities",
  create_relations: "create_relations",
  delete_entities: "delete_entities",
  delete_observations: "delete_observations",
  delete_relations: "delete_relations",
  open_nodes: "open_nodes",
  read_graph: "read_graph",
  search_nodes: "search_nodes"
};
function createDataMemoMemoryClient(runtime) {
  const methods = Object.entries(operations$1).map(([method, name]) => [
    method,
    (input) => runtime.call(unitId$1, name, input)
  ]);
  return Object.fromEntries(methods);
}

const unitId = "pets__petstore";
const operations = {
  findPets: "findPets",
  addPet: "addPet",
  find_pet_by_id: "find pet by id",
  deletePet: "deletePet"
};
function createPetsPetstoreClient(runtime) {
  const methods = Object.entries(operations).map(([method, name]) => [
    method,
    (input) => runtime.call(unitId, name, input)
  ]);
  return Object.fromEntries(methods);
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
