import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "youtube";
/** YouTube Data API: Google's YouTube Data API v3 from its discovery document: videos, ratings and comment threads. */
export interface YoutubeClient {
    /** Returns a list of comment threads that match the API request parameters. */
    youtube_commentThreads_list(input: T.YoutubeCommentThreadsListInput): Promise<T.YoutubeCommentThreadsListOutput>;
    /** Retrieves the ratings that the authorized user gave to a list of specified videos. */
    youtube_videos_getRating(input: T.YoutubeVideosGetRatingInput): Promise<T.YoutubeVideosGetRatingOutput>;
    /** Returns a list of videos that match the API request parameters. */
    youtube_videos_list(input: T.YoutubeVideosListInput): Promise<T.YoutubeVideosListOutput>;
    /** Add a like or dislike rating to a video or remove a rating from a video. */
    youtube_videos_rate(input: T.YoutubeVideosRateInput): Promise<T.YoutubeVideosRateOutput>;
}
/** Binds the operations of unit "youtube" to a runtime. */
export declare function createYoutubeClient(runtime: UnitRuntime): YoutubeClient;
