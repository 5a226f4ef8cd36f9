import type { UnitRuntime } from "unitc/runtime";
import type * as T from "./types.js";
/** The ID of this unit. */
export declare const unitId = "data__books__library__shelf";
/** Reading list: A reading list of the library's books, with author names. */
export interface DataBooksLibraryShelfClient extends T.Client {
}
/** Binds the operations of unit "data__books__library__shelf" to a runtime. */
export declare function createDataBooksLibraryShelfClient(runtime: UnitRuntime): DataBooksLibraryShelfClient;
