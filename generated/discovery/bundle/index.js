import { bundleManifestPath, createRuntime } from 'unitc/runtime';

function createYoutubeClient(runtime) {
  return {
    youtube_commentThreads_list: (input) => runtime.call("youtube", "youtube.commentThreads.list", input),
    youtube_videos_getRating: (input) => runtime.call("youtube", "youtube.videos.getRating", input),
    youtube_videos_list: (input) => runtime.call("youtube", "youtube.videos.list", input),
    youtube_videos_rate: (input) => runtime.call("youtube", "youtube.videos.rate", input)
  };
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
