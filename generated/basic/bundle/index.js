import { bundleManifestPath, createRuntime } from 'unitc/runtime';

const unitId$3 = "files";
const operations$3 = {
  listFiles: "listFiles",
  wordCount: "wordCount"
};
function createFilesClient(runtime) {
  const methods = Object.entries(operations$3).map(([method, name]) => [
    method,
    (input) => runtime.call(unitId$3, name, input)
  ]);
  return Object.fromEntries(methods);
}

const unitId$2 = "notes";
const operations$2 = {
  listNotes: "listNotes",
  getNote: "getNote",
  createNote: "createNote"
};
function createNotesClient(runtime) {
  const methods = Object.entries(operations$2).map(([method, name]) => [
    method,
    (input) => runtime.call(unitId$2, name, input)
  ]);
  return Object.fromEntries(methods);
}

const unitId$1 = "weather__current";
const operations$1 = {
  now: "now"
};
function createWeatherCurrentClient(runtime) {
  const methods = Object.entries(operations$1).map(([method, name]) => [
    method,
    (input) => runtime.call(unitId$1, name, input)
  ]);
  return Object.fromEntries(methods);
}

const unitId = "weather__forecast";
const operations = {
  threeDay: "threeDay"
};
function createWeatherForecastClient(runtime) {
  const methods = Object.entries(operations).map(([method, name]) => [
    method,
    (input) => runtime.call(unitId, name, input)
  ]);
  return Object.fromEntries(methods);
}

function createUnits(options = {}) {
  const manifestPath = options.manifestPath ?? bundleManifestPath(import.meta.url, "generated/basic");
  const runtime = createRuntime({ ...options, manifestPath });
  return {
    $runtime: runtime,
    files: createFilesClient(runtime),
    notes: createNotesClient(runtime),
    weather__current: createWeatherCurrentClient(runtime),
    weather__forecast: createWeatherForecastClient(runtime)
  };
}

export { createUnits };
