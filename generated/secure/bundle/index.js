import { bundleManifestPath, createRuntime } from 'unitc/runtime';

const unitId$1 = "journal";
const operations$1 = {
  listEntries: "listEntries"
};
function createJournalClient(runtime) {
  const methods = Object.entries(operations$1).map(([method, name]) => [
    method,
    (input) => runtime.call(unitId$1, name, input)
  ]);
  return Object.fromEntries(methods);
}

const unitId = "reports";
const operations = {
  usage: "usage"
};
function createReportsClient(runtime) {
  const methods = Object.entries(operations).map(([method, name]) => [
    method,
    (input) => runtime.call(unitId, name, input)
  ]);
  return Object.fromEntries(methods);
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
