#!/usr/bin/env node
// A local service implementing four methods of the YouTube Data API v3 discovery document under
// /youtube/v3: videos.list, videos.getRating, videos.rate and commentThreads.list. Requests must
// carry the API key header (X-Goog-Api-Key). Run directly it listens on 127.0.0.1:4322 (the unit's
// baseUrl); tests and the demo start it in-process on a free port.
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { listen, sendJson } from "../http-support.mjs";

const VIDEOS = [
  {
    kind: "youtube#video",
    id: "v1",
    snippet: { title: "Invisible Cities, read aloud", channelTitle: "Library Hour", tags: ["books"] },
    statistics: { viewCount: "1204", likeCount: "87" },
  },
  {
    kind: "youtube#video",
    id: "v2",
    snippet: { title: "A day at the pet shop", channelTitle: "Rex and friends", tags: ["pets"] },
    statistics: { viewCount: "5310", likeCount: "412" },
  },
];
const COMMENTS = {
  v1: ["Calvino at his best", "Lovely voice"],
  v2: ["Tom the cat steals the show"],
};

/** Only the parts a `part` parameter asks for (id and kind always), as the real API answers. */
function withParts(video, part) {
  const parts = new Set((part ?? "").split(",").filter(Boolean));
  return Object.fromEntries(
    Object.entries(video).filter(([k]) => k === "id" || k === "kind" || parts.has(k)),
  );
}

/** Starts the service; resolves to `{ url, close }`. `apiKey` is the key every request must carry. */
export async function startYoutubeServer({ port = 4322, apiKey } = {}) {
  const ratings = new Map();
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const q = url.searchParams;
    if (!url.pathname.startsWith("/youtube/v3/"))
      return sendJson(response, 404, { error: { code: 404, message: "no such route" } });
    if (apiKey !== undefined && request.headers["x-goog-api-key"] !== apiKey)
      return sendJson(response, 403, { error: { code: 403, message: "API key missing or invalid" } });
    const route = `${request.method} ${url.pathname.slice("/youtube/v3/".length)}`;
    const ids = (q.get("id") ?? "").split(",").filter(Boolean);
    if (route === "GET videos") {
      const items = VIDEOS.filter((v) => ids.length === 0 || ids.includes(v.id)).map((v) =>
        withParts(v, q.get("part")),
      );
      return sendJson(response, 200, { kind: "youtube#videoListResponse", items });
    }
    if (route === "GET videos/getRating") {
      const items = ids.map((videoId) => ({ videoId, rating: ratings.get(videoId) ?? "none" }));
      return sendJson(response, 200, { kind: "youtube#videoGetRatingResponse", items });
    }
    if (route === "POST videos/rate") {
      if (!VIDEOS.some((v) => v.id === q.get("id")))
        return sendJson(response, 404, { error: { code: 404, message: `no video ${q.get("id")}` } });
      ratings.set(q.get("id"), q.get("rating"));
      response.writeHead(204).end();
      return;
    }
    if (route === "GET commentThreads") {
      const videoId = q.get("videoId") ?? "";
      const items = (COMMENTS[videoId] ?? []).map((text, i) => ({
        kind: "youtube#commentThread",
        id: `${videoId}-c${i + 1}`,
        snippet: { videoId, topLevelComment: { snippet: { textDisplay: text } } },
      }));
      return sendJson(response, 200, { kind: "youtube#commentThreadListResponse", items });
    }
    return sendJson(response, 404, { error: { code: 404, message: `no method for ${route}` } });
  });
  return listen(server, port);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const server = await startYoutubeServer({ apiKey: process.env.YOUTUBE_API_KEY });
  console.log(`youtube on ${server.url} (Ctrl-C stops it)`);
}
