import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "notes";
/** Notes: A small local notes service: list, read and create notes. */
export interface NotesClient extends T.Client {
}
/** Binds the operations of unit "notes" to a runtime. */
export declare function createNotesClient(runtime: UnitRuntime): NotesClient;
