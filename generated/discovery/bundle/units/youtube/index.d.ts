import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "youtube";
/** YouTube Data API: Google's YouTube Data API v3 from its discovery document: videos, ratings and comment threads. */
export interface YoutubeClient extends T.Client {
}
/** Binds the operations of unit "youtube" to a runtime. */
export declare function createYoutubeClient(runtime: UnitRuntime): YoutubeClient;
