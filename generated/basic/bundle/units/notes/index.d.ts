import type { UnitRuntime } from "unitc/runtime";
import type { ListNotesInput, ListNotesOutput, GetNoteInput, GetNoteOutput, CreateNoteInput, CreateNoteOutput } from "./types.js";
/** The ID of this unit. */
export declare const unitId = "notes";
/** Notes: A small local notes service: list, read and create notes. */
export interface NotesClient {
    /** List notes, optionally filtered by tag. */
    listNotes(input?: ListNotesInput): Promise<ListNotesOutput>;
    /** Read one note by ID. */
    getNote(input: GetNoteInput): Promise<GetNoteOutput>;
    /** Create a note. */
    createNote(input: CreateNoteInput): Promise<CreateNoteOutput>;
}
/** Binds the operations of unit "notes" to a runtime. */
export declare function createNotesClient(runtime: UnitRuntime): NotesClient;
