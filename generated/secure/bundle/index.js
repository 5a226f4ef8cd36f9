import { bundleManifestPath, createRuntime } from 'unitc/runtime';

function createJournalClient(runtime) {
  return {
    listEntries: (input) => runtime.call("journal", "listEntries", input)
  };
}

function createReportsClient(runtime) {
  return {
    usage: (input) => runtime.call("reports", "usage", input)
  };
}

function createUnits(options = {}) {
  const manifestPath = options.manifestPath ?? bundleManifestPath(import.meta.url, "generated/secure");
  const runtime = createRuntime({ ...options, manifestPath });
  return {
    $runtime: runtime,
    journal: createJournalClient(runtime),
    reports: createReportsClient(runtime)
  };
}

export { createUnits };
