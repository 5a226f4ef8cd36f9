import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "library__shelf";
/** Reading list: A reading list of the library's books, with author names. */
export interface LibraryShelfClient extends T.Client {
}
/** Binds the operations of unit "library__shelf" to a runtime. */
export declare function createLibraryShelfClient(runtime: UnitRuntime): LibraryShelfClient;
