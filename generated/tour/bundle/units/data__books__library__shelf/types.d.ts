import type * as $types from "./spec-types.js";
/** Input of readingList. */
export type ReadingListInput = $types.ReadingListQueryVariables;
/** Result of readingList. */
export type ReadingListOutput = $types.ReadingListQuery;
