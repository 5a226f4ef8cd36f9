/** Input of listEntries. */
export type ListEntriesInput = Record<string, never>;
/** Result of listEntries. */
export type ListEntriesOutput = Array<{
    day: string;
    text: string;
}>;
