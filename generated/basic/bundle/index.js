import { bundleManifestPath, createRuntime } from 'unitc/runtime';

function createFilesClient(runtime) {
  return {
    listFiles: (input) => runtime.call("files", "listFiles", input),
    wordCount: (input) => runtime.call("files", "wordCount", input)
  };
}

function createNotesClient(runtime) {
  return {
    listNotes: (input) => runtime.call("notes", "listNotes", input),
    getNote: (input) => runtime.call("notes", "getNote", input),
    createNote: (input) => runtime.call("notes", "createNote", input)
  };
}

function createWeatherCurrentClient(runtime) {
  return {
    now: (input) => runtime.call("weather__current", "now", input)
  };
}

function createWeatherForecastClient(runtime) {
  return {
    threeDay: (input) => runtime.call("weather__forecast", "threeDay", input)
  };
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
