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
/** Notes: A small local notes service: list, read and create notes. */
export interface Client {
    /** List notes, optionally filtered by tag. */
    listNotes(input?: ListNotesInput): Promise<ListNotesOutput>;
    /** Read one note by ID. */
    getNote(input: GetNoteInput): Promise<GetNoteOutput>;
    /** Create a note. */
    createNote(input: CreateNoteInput): Promise<CreateNoteOutput>;
}
