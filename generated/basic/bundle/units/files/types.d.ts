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
/** Files: Read-only look at the example folder with standard command-line tools. */
export interface Client {
    /** List the files in a folder of the example project, one per line. */
    listFiles(input?: ListFilesInput): Promise<ListFilesOutput>;
    /** Count lines, words and bytes of a file. */
    wordCount(input: WordCountInput): Promise<WordCountOutput>;
}
