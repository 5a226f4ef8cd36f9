import { bundleManifestPath, createRuntime } from 'unitc/runtime';

function createPetstoreClient(runtime) {
  return {
    findPets: (input) => runtime.call("petstore", "findPets", input),
    addPet: (input) => runtime.call("petstore", "addPet", input),
    find_pet_by_id: (input) => runtime.call("petstore", "find pet by id", input),
    deletePet: (input) => runtime.call("petstore", "deletePet", input)
  };
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
