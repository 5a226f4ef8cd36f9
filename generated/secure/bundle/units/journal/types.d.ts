/** Input of listEntries. */
export type ListEntriesInput = Record<string, never>;
/** Result of listEntries. */
export type ListEntriesOutput = Array<{
    day: string;
    text: string;
}>;
/** Journal: A private journal service whose bearer token lives in the unitc vault, never in the environment. */
export interface Client {
    /** List journal entries, newest first. */
    listEntries(input?: ListEntriesInput): Promise<ListEntriesOutput>;
}
