import { bundleManifestPath, createRuntime } from 'unitc/runtime';

function createBoardClient(runtime) {
  return {
    add_card: (input) => runtime.call("board", "add_card", input),
    list_cards: (input) => runtime.call("board", "list_cards", input),
    move_card: (input) => runtime.call("board", "move_card", input)
  };
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
