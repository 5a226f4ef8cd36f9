import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "notes";
/** Notes: A small local notes service: list, read and create notes. */
export interface NotesClient {
    /** List notes, optionally filtered by tag. */
    listNotes(input?: T.ListNotesInput): Promise<T.ListNotesOutput>;
    /** Read one note by ID. */
    getNote(input: T.GetNoteInput): Promise<T.GetNoteOutput>;
    /** Create a note. */
    createNote(input: T.CreateNoteInput): Promise<T.CreateNoteOutput>;
}
/** Binds the operations of unit "notes" to a runtime. */
export declare function createNotesClient(runtime: UnitRuntime): NotesClient;
