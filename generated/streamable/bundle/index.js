import { bundleManifestPath, createRuntime } from 'unitc/runtime';

const unitId = "board";
const operations = {
  add_card: "add_card",
  list_cards: "list_cards",
  move_card: "move_card"
};
function createBoardClient(runtime) {
  const methods = Object.entries(operations).map(([method, name]) => [
    method,
    (input) => runtime.call(unitId, name, input)
  ]);
  return Object.fromEntries(methods);
}

function createUnits(options = {}) {
  const manifestPath = options.manifestPath ?? bundleManifestPath(import.meta.url, "generated/streamable");
  const runtime = createRuntime({ ...options, manifestPath });
  return {
    $runtime: runtime,
    board: createBoardClient(runtime)
  };
}

export { createUnits };
