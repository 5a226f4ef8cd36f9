import { bundleManifestPath, createRuntime } from 'unitc/runtime';

function createMemoryClient(runtime) {
  return {
    add_observations: (input) => runtime.call("memory", "add_observations", input),
    create_entities: (input) => runtime.call("memory", "create_entities", input),
    create_relations: (input) => runtime.call("memory", "create_relations", input),
    delete_entities: (input) => runtime.call("memory", "delete_entities", input),
    delete_observations: (input) => runtime.call("memory", "delete_observations", input),
    delete_relations: (input) => runtime.call("memory", "delete_relations", input),
    open_nodes: (input) => runtime.call("memory", "open_nodes", input),
    read_graph: (input) => runtime.call("memory", "read_graph", input),
    search_nodes: (input) => runtime.call("memory", "search_nodes", input)
  };
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
