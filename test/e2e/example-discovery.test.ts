/**
 * The committed bundle of examples/discovery (Google's YouTube discovery document): typed calls
 * against the example's local service on a free port, with the API key header from env.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startYoutubeServer } from "../../examples/discovery/server.mjs";
import { redirectingFetch } from "../../examples/http-support.mjs";
import { createUnits, type Units } from "../../generated/discovery/index.js";

const env = { YOUTUBE_API_KEY: "youtube-canary-93d1" };
let server: Awaited<ReturnType<typeof startYoutubeServer>>;
let units: Units;

beforeAll(async () => {
  server = await startYoutubeServer({ port: 0, apiKey: env.YOUTUBE_API_KEY });
  units = createUnits({ env, fetch: redirectingFetch({ "http://127.0.0.1:4322": server.url }) });
});
afterAll(async () => {
  await units.$runtime.close();
  await server.close();
});

describe("generated client of examples/discovery", () => {
  it("keeps the four methods the unit includes", () => {
    expect(units.$runtime.manifest.units[0]?.operations.map((o) => o.name)).toEqual([
      "youtube.commentThreads.list",
      "youtube.videos.getRating",
      "youtube.videos.list",
      "youtube.videos.rate",
    ]);
  });

  it("lists videos with the parts asked for, and comment threads of a video", async () => {
    const list = await units.youtube.youtube_videos_list({ query: { part: "statistics", id: "v2" } });
    expect(list.items).toEqual([
      { kind: "youtube#video", id: "v2", statistics: { viewCount: "5310", likeCount: "412" } },
    ]);
    const threads = await units.youtube.youtube_commentThreads_list({
      query: { part: "snippet", videoId: "v1" },
    });
    expect(threads.items?.map((t) => t.snippet?.topLevelComment?.snippet?.textDisplay)).toEqual([
      "Calvino at his best",
      "Lovely voice",
    ]);
  });

  it("rates a video and reads the rating back", async () => {
    await units.youtube.youtube_videos_rate({ query: { id: "v2", rating: "dislike" } });
    const rating = await units.youtube.youtube_videos_getRating({ query: { id: "v2" } });
    expect(rating.items).toEqual([{ videoId: "v2", rating: "dislike" }]);
  });

  it("refuses a rating the document does not list, before any request", async () => {
    // @ts-expect-error rating is an enum of like, dislike and none
    const wrong = units.youtube.youtube_videos_rate({ query: { id: "v2", rating: "love" } });
    await expect(wrong).rejects.toMatchObject({ code: "INPUT_INVALID" });
  });
});
