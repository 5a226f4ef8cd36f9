/** Input of listNotes. */
export type ListNotesInput = {
    /** Only notes with this tag */
    tag?: string;
};
/** Result of listNotes. */
export type ListNotesOutput = Array<{
    id: string;
    title: string;
    tags: Array<string>;
}>;
/** Input of getNote. */
export type GetNoteInput = {
    id: string;
};
/** Result of getNote. */
export type GetNoteOutput = {
    id: string;
    title: string;
    body: string;
    tags: Array<string>;
};
/** Input of createNote. */
export type CreateNoteInput = {
    title: string;
    body: string;
    tags?: Array<string>;
};
/** Result of createNote. */
export type CreateNoteOutput = {
    id: string;
};
