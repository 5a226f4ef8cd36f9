import { bundleManifestPath, createRuntime } from 'unitc/runtime';

const unitId = "youtube";
const operations = {
  youtube_commentThreads_list: "youtube.commentThreads.list",
  youtube_videos_getRating: "youtube.videos.getRating",
  youtube_videos_list: "youtube.videos.list",
  youtube_videos_rate: "youtube.videos.rate"
};
function createYoutubeClient(runtime) {
  const methods = Object.entries(operations).map(([method, name]) => [
    method,
    (input) => runtime.call(unitId, name, input)
  ]);
  return Object.fromEntries(methods);
}

function createUnits(options = {}) {
  const manifestPath = options.manifestPath ?? bundleManifestPath(import.meta.url, "generated/discovery");
  const runtime = createRuntime({ ...options, manifestPath });
  return {
    $runtime: runtime,
    youtube: createYoutubeClient(runtime)
  };
}

export { createUnits };
