import type * as $types from "./spec-types.js";
/** Input of readingList. */
export type ReadingListInput = $types.ReadingListQueryVariables;
/** Result of readingList. */
export type ReadingListOutput = $types.ReadingListQuery;
/** Reading list: A reading list of the library's books, with author names. */
export interface Client {
    /** Titles, years and author names, optionally by one author. */
    readingList(input?: ReadingListInput): Promise<ReadingListOutput>;
}
