import { bundleManifestPath, createRuntime } from 'unitc/runtime';

const unitId = "petstore";
const operations = {
  findPets: "findPets",
  addPet: "addPet",
  find_pet_by_id: "find pet by id",
  deletePet: "deletePet"
};
function createPetstoreClient(runtime) {
  const methods = Object.entries(operations).map(([method, name]) => [
    method,
    (input) => runtime.call(unitId, name, input)
  ]);
  return Object.fromEntries(methods);
}

function createUnits(options = {}) {
  const manifestPath = options.manifestPath ?? bundleManifestPath(import.meta.url, "generated/openapi");
  const runtime = createRuntime({ ...options, manifestPath });
  return {
    $runtime: runtime,
    petstore: createPetstoreClient(runtime)
  };
}

export { createUnits };
