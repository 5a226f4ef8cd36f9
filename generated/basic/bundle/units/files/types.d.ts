/** Input of listFiles. */
export type ListFilesInput = {
    /** Folder relative to the project (default: the project itself) */
    folder?: string;
};
/** Result of listFiles. */
export type ListFilesOutput = string;
/** Input of wordCount. */
export type WordCountInput = {
    file: string;
};
/** Result of wordCount. */
export type WordCountOutput = string;
