import { bundleManifestPath, createRuntime } from 'unitc/runtime';

const unitId = "memory";
const operations = {
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
function createMemoryClient(runtime) {
  const methods = Object.entries(operations).map(([method, name]) => [
    method,
    (input) => runtime.call(unitId, name, input)
  ]);
  return Object.fromEntries(methods);
}

function createUnits(options = {}) {
  const manifestPath = options.manifestPath ?? bundleManifestPath(import.meta.url, "generated/mcp");
  const runtime = createRuntime({ ...options, manifestPath });
  return {
    $runtime: runtime,
    memory: createMemoryClient(runtime)
  };
}

export { createUnits };
